import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { devices } from '../../db/schema'
import { abmDevices } from '../../db/schema-abm'
import type { AbmDeviceJson } from './client'

/**
 * What a fetch or sync page of Apple's device list does to the company's tables (issue #42): each device listed (or
 * added / modified) is upserted in abm_devices and gets the company's iOS device record of its serial — made here
 * without quota, shown as 待激活 until the phone enrolls (the quota is consumed then, at Authenticate); a deleted
 * one keeps its row, marked removed. Set-based: three statements a page, whatever its size.
 */

const dateOf = (v: string | undefined): Date | null => {
  if (!v) return null
  const t = Date.parse(v)
  return Number.isNaN(t) ? null : new Date(t)
}

/** SPEC §3: serial numbers are upper-cased. */
export const serialOf = (d: { serial_number: string }) => d.serial_number.trim().toUpperCase()

export interface PageCounts {
  added: number
  modified: number
  deleted: number
}

/** Applies one page; `fetched` pages (POST /server/devices) carry no op_type and are all current devices. */
export async function applyDevicePage(db: Db, companyId: number, page: AbmDeviceJson[], now: Date): Promise<PageCounts> {
  const counts: PageCounts = { added: 0, modified: 0, deleted: 0 }
  const live = new Map<string, AbmDeviceJson>()
  const deleted = new Map<string, AbmDeviceJson>()
  for (const d of page) {
    if (!d.serial_number) continue
    const op = d.op_type ?? 'added'
    if (op === 'deleted') {
      deleted.set(serialOf(d), d)
      live.delete(serialOf(d))
    } else {
      live.set(serialOf(d), d)
      deleted.delete(serialOf(d))
    }
    if (op === 'deleted') counts.deleted++
    else if (op === 'modified') counts.modified++
    else counts.added++
  }
  await db.transaction(async (tx) => {
    if (live.size > 0) {
      const serials = [...live.keys()]
      // The company's iOS record of each serial: an existing one (registered by hand, or enrolled) is kept as it is.
      await tx
        .insert(devices)
        .values(serials.map((serialNumber) => ({ companyId, platform: 'IOS' as const, serialNumber, model: live.get(serialNumber)!.model ?? '' })))
        .onConflictDoNothing({ target: [devices.companyId, devices.platform, devices.serialNumber] })
      const records = await tx
        .select({ id: devices.id, serialNumber: devices.serialNumber })
        .from(devices)
        .where(and(eq(devices.companyId, companyId), eq(devices.platform, 'IOS'), inArray(devices.serialNumber, serials)))
      const deviceIdOf = new Map(records.map((r) => [r.serialNumber, r.id]))
      await tx
        .insert(abmDevices)
        .values(
          serials.map((serialNumber) => {
            const d = live.get(serialNumber)!
            return {
              companyId,
              serialNumber,
              model: d.model ?? '',
              description: d.description ?? '',
              color: d.color ?? '',
              deviceFamily: d.device_family ?? '',
              os: d.os ?? '',
              profileStatus: d.profile_status ?? 'empty',
              profileUuid: d.profile_uuid ?? null,
              profileAssignTime: dateOf(d.profile_assign_time),
              profilePushTime: dateOf(d.profile_push_time),
              deviceAssignedDate: dateOf(d.device_assigned_date),
              deviceAssignedBy: d.device_assigned_by ?? '',
              opType: d.op_type ?? 'added',
              opDate: dateOf(d.op_date) ?? now,
              deviceId: deviceIdOf.get(serialNumber) ?? null,
              updatedAt: now,
            }
          }),
        )
        .onConflictDoUpdate({
          target: [abmDevices.companyId, abmDevices.serialNumber],
          set: {
            model: sql`excluded.model`,
            description: sql`excluded.description`,
            color: sql`excluded.color`,
            deviceFamily: sql`excluded.device_family`,
            os: sql`excluded.os`,
            profileStatus: sql`excluded.profile_status`,
            profileUuid: sql`excluded.profile_uuid`,
            profileAssignTime: sql`excluded.profile_assign_time`,
            profilePushTime: sql`excluded.profile_push_time`,
            deviceAssignedDate: sql`excluded.device_assigned_date`,
            deviceAssignedBy: sql`excluded.device_assigned_by`,
            opType: sql`excluded.op_type`,
            opDate: sql`excluded.op_date`,
            deviceId: sql`coalesce(${abmDevices.deviceId}, excluded.device_id)`,
            // Listed again: back in the company's ABM (after a delete or our disown), and worth a new assignment.
            removedAt: null,
            disownedAt: null,
            assignError: null,
            updatedAt: now,
          },
        })
    }
    if (deleted.size > 0) {
      await tx
        .update(abmDevices)
        .set({ removedAt: now, opType: 'deleted', opDate: now, updatedAt: now })
        .where(and(eq(abmDevices.companyId, companyId), inArray(abmDevices.serialNumber, [...deleted.keys()]), isNull(abmDevices.removedAt)))
    }
  })
  return counts
}

/** Of these device records, those Apple Business Manager assigns to their company now (not deleted or disowned). */
export async function abmAssigned(db: Db, deviceIds: number[]): Promise<Set<number>> {
  if (deviceIds.length === 0) return new Set()
  const rows = await db
    .select({ deviceId: abmDevices.deviceId })
    .from(abmDevices)
    .where(and(inArray(abmDevices.deviceId, deviceIds), isNull(abmDevices.removedAt), eq(abmDevices.companyId, devices.companyId)))
    .innerJoin(devices, eq(devices.id, abmDevices.deviceId))
  return new Set(rows.map((r) => r.deviceId!))
}

/** After a whole fetch: devices Apple no longer lists (deleted while the cursor was lost) are marked removed. */
export async function removeUnlisted(db: Db, companyId: number, listed: Set<string>, now: Date): Promise<number> {
  const gone = await db
    .update(abmDevices)
    .set({ removedAt: now, opType: 'deleted', opDate: now, updatedAt: now })
    .where(
      and(
        eq(abmDevices.companyId, companyId),
        isNull(abmDevices.removedAt),
        listed.size > 0 ? notInArray(abmDevices.serialNumber, [...listed]) : undefined,
      ),
    )
    .returning({ id: abmDevices.id })
  return gone.length
}
