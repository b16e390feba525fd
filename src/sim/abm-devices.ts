import { randomBytes } from 'node:crypto'

/**
 * The device list of one simulated ABM MDM server, with Apple's cursor rules (Get a List of Devices, Sync the List of
 * Devices): a fetch walks the devices assigned when it started, page by page; its cursor, and every sync cursor,
 * remembers a point in the server's change log, from which /devices/sync reports added / modified / deleted ops.
 * Cursors are opaque hex strings; a cursor older than 7 days (or expired by the test hook) answers EXPIRED_CURSOR,
 * a fetch cursor whose pages are all given EXHAUSTED_CURSOR, an unknown one INVALID_CURSOR.
 */

export interface SimDeviceInput {
  serial_number: string
  model?: string
  color?: string
  description?: string
  device_family?: string
  os?: string
}

export interface SimDevice {
  serial_number: string
  model: string
  color: string
  description: string
  asset_tag: string
  device_family: string
  os: string
  device_assigned_by: string
  device_assigned_date: string
  profile_status: 'empty' | 'assigned' | 'pushed' | 'removed'
  profile_uuid?: string
  profile_assign_time?: string
  profile_push_time?: string
}

/** One MDM server of the simulated organisation: what a token gives access to. */
export interface AbmServer {
  name: string
  uuid: string
  orgName: string
  list: AbmDeviceList
}

export type OpType = 'added' | 'modified' | 'deleted'

interface ChangeEvent {
  seq: number
  op: OpType
  date: string
  device: SimDevice
}

interface FetchCursor {
  kind: 'fetch'
  serials: string[]
  offset: number
  seq: number
  issuedAt: number
  exhausted: boolean
}

interface SyncCursor {
  kind: 'sync'
  seq: number
  issuedAt: number
}

export type CursorError = 'INVALID_CURSOR' | 'EXHAUSTED_CURSOR' | 'EXPIRED_CURSOR' | 'CURSOR_REQUIRED'

export interface DevicePage {
  cursor: string
  devices: Array<SimDevice & { op_type?: OpType; op_date?: string }>
  fetched_until: string
  more_to_follow: boolean
}

const cursorLifetimeMs = 7 * 24 * 3600_000

export class AbmDeviceList {
  readonly devices = new Map<string, SimDevice>()
  private readonly log: ChangeEvent[] = []
  private seq = 0
  private readonly cursors = new Map<string, FetchCursor | SyncCursor>()
  /** Cursors issued before this time (ms) answer EXPIRED_CURSOR. */
  private expiredBefore = 0

  constructor(private readonly now: () => Date) {}

  private record(op: OpType, device: SimDevice): void {
    this.seq += 1
    this.log.push({ seq: this.seq, op, date: this.now().toISOString(), device: { ...device } })
  }

  add(list: SimDeviceInput[], assignedBy: string): void {
    for (const d of list) {
      const device: SimDevice = {
        serial_number: d.serial_number,
        model: d.model ?? 'iPhone 15',
        color: d.color ?? 'BLACK',
        description: d.description ?? `${d.model ?? 'IPHONE 15'} 128GB`.toUpperCase(),
        asset_tag: '',
        device_family: d.device_family ?? 'iPhone',
        os: d.os ?? 'iOS',
        device_assigned_by: assignedBy,
        device_assigned_date: this.now().toISOString(),
        profile_status: 'empty',
      }
      this.devices.set(device.serial_number, device)
      this.record('added', device)
    }
  }

  modify(serial: string, changes: Record<string, unknown>): void {
    const device = this.devices.get(serial)
    if (!device) throw new Error(`simulated ABM: no device ${serial}`)
    Object.assign(device, changes, { serial_number: serial })
    this.record('modified', device)
  }

  remove(serial: string): boolean {
    const device = this.devices.get(serial)
    if (!device) return false
    this.devices.delete(serial)
    this.record('deleted', device)
    return true
  }

  expireCursors(): void {
    this.expiredBefore = this.now().getTime() + 1
  }

  private issue(cursor: FetchCursor | SyncCursor): string {
    const id = randomBytes(20).toString('hex').toUpperCase()
    this.cursors.set(id, cursor)
    return id
  }

  private lookup(id: string): FetchCursor | SyncCursor | CursorError {
    const cursor = this.cursors.get(id)
    if (!cursor) return 'INVALID_CURSOR'
    if (cursor.issuedAt < this.expiredBefore || this.now().getTime() - cursor.issuedAt > cursorLifetimeMs) return 'EXPIRED_CURSOR'
    return cursor
  }

  /** POST /server/devices. */
  fetch(cursorId: string | undefined, limit: number): DevicePage | CursorError {
    let cursor: FetchCursor
    if (cursorId === undefined) {
      cursor = { kind: 'fetch', serials: [...this.devices.keys()], offset: 0, seq: this.seq, issuedAt: 0, exhausted: false }
    } else {
      const found = this.lookup(cursorId)
      if (typeof found === 'string') return found
      if (found.kind !== 'fetch') return 'INVALID_CURSOR'
      if (found.exhausted) return 'EXHAUSTED_CURSOR'
      cursor = found
    }
    const serials = cursor.serials.slice(cursor.offset, cursor.offset + limit)
    const devices = serials.map((s) => this.devices.get(s)).filter((d): d is SimDevice => d !== undefined)
    const offset = cursor.offset + serials.length
    const more = offset < cursor.serials.length
    const next = this.issue({ ...cursor, offset, exhausted: !more, issuedAt: this.now().getTime() })
    const last = devices.at(-1)
    return {
      cursor: next,
      devices: devices.map((d) => ({ ...d })),
      fetched_until: last?.device_assigned_date ?? this.now().toISOString(),
      more_to_follow: more,
    }
  }

  /** POST /devices/sync: the ops after the cursor's point in the log. */
  sync(cursorId: string | undefined, limit: number): DevicePage | CursorError {
    if (!cursorId) return 'CURSOR_REQUIRED'
    const found = this.lookup(cursorId)
    if (typeof found === 'string') return found
    const events = this.log.filter((e) => e.seq > found.seq)
    const page = events.slice(0, limit)
    const seq = page.at(-1)?.seq ?? found.seq
    const next = this.issue({ kind: 'sync', seq, issuedAt: this.now().getTime() })
    return {
      cursor: next,
      devices: page.map((e) => ({ ...e.device, op_type: e.op, op_date: e.date })),
      fetched_until: page.at(-1)?.date ?? this.now().toISOString(),
      more_to_follow: events.length > page.length,
    }
  }
}
