import { and, count, desc, eq, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { RenewalRecord, RenewSearchQuery } from '../../../shared/contract/renew'
import { renewText as t } from '../../../shared/messages/biz'
import { huaweiDeviceText } from '../../../shared/messages/devices'
import { visibleDeviceCondition } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { likePattern } from '../../db/like'
import { newestFirst, pageWindow } from '../../db/paging'
import { companies, deviceRenewals, devices, users, type DeviceRow } from '../../db/schema'
import { isUniqueViolation } from '../../db/unique-violation'
import { ApiError } from '../../http/errors'
import { iso } from '../../http/iso'
import { recordAudit } from '../audit/service'
import type { QuotaService } from '../quota/service'

type Tx = Pick<Db, 'select' | 'selectDistinctOn'>
type RenewalRow = typeof deviceRenewals.$inferSelect
type SearchInput = z.output<typeof RenewSearchQuery>

/** docs/renewals.md: adding a device consumes one unit of iOS quota, which is its first year of service. */
export const FIRST_PERIOD_YEARS = 1

export function addYears(date: Date, years: number): Date {
  const d = new Date(date)
  d.setUTCFullYear(d.getUTCFullYear() + years)
  return d
}

/**
 * The service end date of each device: the end its renewal that last started or stopped gave it, else a year after
 * it was added. Renewals are stopped latest first, each going back to the end before it, so the last step taken
 * holds the device's end. Read for the lists and the detail (IosDeviceService) and here.
 */
export async function serviceEndsOf(db: Tx, rows: readonly Pick<DeviceRow, 'id' | 'createdAt'>[]): Promise<Map<number, Date>> {
  const ends = new Map(rows.map((r) => [r.id, addYears(r.createdAt, FIRST_PERIOD_YEARS)]))
  if (rows.length === 0) return ends
  const latest = await db
    .selectDistinctOn([deviceRenewals.deviceId], { deviceId: deviceRenewals.deviceId, endsAt: deviceRenewals.endsAt })
    .from(deviceRenewals)
    .where(and(inArray(deviceRenewals.deviceId, rows.map((r) => r.id)), isNotNull(deviceRenewals.startedAt)))
    .orderBy(deviceRenewals.deviceId, desc(lastStep), desc(deviceRenewals.id))
  for (const r of latest) if (r.endsAt) ends.set(r.deviceId, r.endsAt)
  return ends
}

/** When a started renewal last changed the device's end: its start, or its stop. */
const lastStep = sql`greatest(${deviceRenewals.startedAt}, coalesce(${deviceRenewals.stoppedAt}, ${deviceRenewals.startedAt}))`

const creator = alias(users, 'creator')
const starter = alias(users, 'starter')
const stopper = alias(users, 'stopper')

/**
 * Renewals of Apple devices' service (SPEC §7 /device/renew/*, docs/renewals.md): init drafts one, start runs it —
 * consuming its years of iOS quota once and moving the device's service end date — and stop ends it (no refund) or
 * cancels a draft. Every renewal is read through the device scope: another tenant's reads like a missing one.
 */
export class RenewService {
  constructor(
    private readonly db: Db,
    private readonly quota: QuotaService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async scope(user: CurrentUser): Promise<SQL | undefined> {
    return and(eq(devices.platform, 'IOS'), await visibleDeviceCondition(this.db, user))
  }

  private async records(rows: { r: RenewalRow; companyName: string; createdByName: string | null; startedByName: string | null; stoppedByName: string | null; device: Pick<DeviceRow, 'id' | 'createdAt'> }[]): Promise<RenewalRecord[]> {
    const ends = await serviceEndsOf(this.db, rows.map((x) => x.device))
    const now = this.now()
    return rows.map(({ r, companyName, createdByName, startedByName, stoppedByName }) => ({
      id: r.id,
      deviceId: r.deviceId,
      serialNumber: r.serialNumber,
      companyId: r.companyId,
      companyName,
      years: r.years,
      status: r.status,
      expired: r.status === 'RUNNING' && r.endsAt !== null && r.endsAt <= now,
      consumedQuantity: r.consumedQuantity,
      remark: r.remark,
      createdAt: iso(r.createdAt),
      createdByName,
      startedAt: iso(r.startedAt),
      startedByName,
      previousEndsAt: iso(r.previousEndsAt),
      endsAt: iso(r.endsAt),
      stoppedAt: iso(r.stoppedAt),
      stoppedByName,
      deviceServiceEndsAt: iso(ends.get(r.deviceId)!),
    }))
  }

  private select() {
    return this.db
      .select({
        r: deviceRenewals,
        companyName: companies.name,
        createdByName: creator.name,
        startedByName: starter.name,
        stoppedByName: stopper.name,
        device: { id: devices.id, createdAt: devices.createdAt },
      })
      .from(deviceRenewals)
      .innerJoin(devices, eq(devices.id, deviceRenewals.deviceId))
      .innerJoin(companies, eq(companies.id, deviceRenewals.companyId))
      .leftJoin(creator, eq(creator.id, deviceRenewals.createdBy))
      .leftJoin(starter, eq(starter.id, deviceRenewals.startedBy))
      .leftJoin(stopper, eq(stopper.id, deviceRenewals.stoppedBy))
  }

  private async recordOf(id: number): Promise<RenewalRecord> {
    const [record] = await this.records(await this.select().where(eq(deviceRenewals.id, id)))
    return record
  }

  /** GET /device/renew/search: newest first. */
  async search(user: CurrentUser, q: SearchInput): Promise<{ records: RenewalRecord[]; total: number }> {
    const where = and(
      await this.scope(user),
      q.serialNumber ? ilike(deviceRenewals.serialNumber, likePattern(q.serialNumber)) : undefined,
      q.status ? eq(deviceRenewals.status, q.status) : undefined,
      q.deviceId ? eq(deviceRenewals.deviceId, q.deviceId) : undefined,
    )
    const [rows, [{ total }]] = await Promise.all([
      newestFirst(this.select(), deviceRenewals.id, where, pageWindow(q)),
      this.db.select({ total: count() }).from(deviceRenewals).innerJoin(devices, eq(devices.id, deviceRenewals.deviceId)).where(where),
    ])
    return { records: await this.records(rows), total }
  }

  /** POST /device/renew/init: a draft for a visible Apple device in use; one draft per device. */
  async init(user: CurrentUser, req: { deviceId: number; years: number; remark: string }): Promise<RenewalRecord> {
    const [device] = await this.db
      .select()
      .from(devices)
      .where(and(eq(devices.id, req.deviceId), await this.scope(user)))
    if (!device) throw ApiError.notFound(huaweiDeviceText.deviceNotFound)
    if (device.recycleStatus) throw ApiError.badRequest(t.recycled)
    let id: number
    try {
      ;[{ id }] = await this.db
        .insert(deviceRenewals)
        .values({ companyId: device.companyId, deviceId: device.id, serialNumber: device.serialNumber, years: req.years, remark: req.remark, createdBy: user.id })
        .returning({ id: deviceRenewals.id })
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict(t.draftExists)
      throw err
    }
    await recordAudit(this.db, { action: 'renew.init', targetKind: 'DEVICE', targetId: device.id, targetCompanyId: device.companyId, summary: t.summary(device.serialNumber, req.years) })
    return this.recordOf(id)
  }

  /** A visible renewal, locked for its transition; a foreign one reads like a missing one. */
  private async lockVisible(tx: Db, scope: SQL | undefined, id: number): Promise<{ renewal: RenewalRow; device: DeviceRow }> {
    const [row] = await tx
      .select({ renewal: deviceRenewals, device: devices })
      .from(deviceRenewals)
      .innerJoin(devices, eq(devices.id, deviceRenewals.deviceId))
      .where(and(eq(deviceRenewals.id, id), scope))
      .for('update', { of: deviceRenewals })
    if (!row) throw ApiError.notFound(t.renewalNotFound)
    return row
  }

  /**
   * POST /device/renew/start: DRAFT → RUNNING. Consumes `years` units of the device's company's iOS quota (one
   * record, with the serial, operator and time) and moves the service end from max(current end, now) by the years.
   * The row lock makes a second start wait and then find it RUNNING: quota is consumed once.
   */
  async start(user: CurrentUser, id: number): Promise<RenewalRecord> {
    // The scope is read before the transaction: PGlite has one connection, which the transaction holds.
    const scope = await this.scope(user)
    await this.db.transaction(async (tx) => {
      const { renewal, device } = await this.lockVisible(tx as unknown as Db, scope, id)
      if (renewal.status === 'RUNNING') throw ApiError.badRequest(t.alreadyRunning)
      if (renewal.status !== 'DRAFT') throw ApiError.badRequest(t.notStartable)
      if (device.recycleStatus) throw ApiError.badRequest(t.recycled)
      const now = this.now()
      const previous = (await serviceEndsOf(tx, [device])).get(device.id)!
      const endsAt = addYears(previous > now ? previous : now, renewal.years)
      await this.quota.consume(tx, {
        companyId: device.companyId,
        quotaType: 'IOS',
        deviceId: device.id,
        serialNumber: device.serialNumber,
        operatorUserId: user.id,
        units: renewal.years,
        remark: t.quotaRemark(renewal.years),
      })
      await tx
        .update(deviceRenewals)
        .set({ status: 'RUNNING', consumedQuantity: renewal.years, startedAt: now, startedBy: user.id, previousEndsAt: previous, endsAt })
        .where(eq(deviceRenewals.id, id))
      await recordAudit(tx, { action: 'renew.start', targetKind: 'DEVICE', targetId: device.id, targetCompanyId: device.companyId, summary: t.summary(device.serialNumber, renewal.years) })
    })
    return this.recordOf(id)
  }

  /**
   * POST /device/renew/stop: a DRAFT is CANCELLED (nothing was consumed); a RUNNING renewal is STOPPED — the service
   * end goes back to what it was before it (or now, if that has passed) and the quota it consumed is not refunded.
   * Only the device's latest running renewal can be stopped: an earlier one's end is not the device's until the
   * later one is stopped.
   */
  async stop(user: CurrentUser, id: number): Promise<RenewalRecord> {
    // The scope is read before the transaction: PGlite has one connection, which the transaction holds.
    const scope = await this.scope(user)
    await this.db.transaction(async (tx) => {
      const { renewal, device } = await this.lockVisible(tx as unknown as Db, scope, id)
      const now = this.now()
      if (renewal.status === 'DRAFT') {
        await tx.update(deviceRenewals).set({ status: 'CANCELLED', stoppedAt: now, stoppedBy: user.id }).where(eq(deviceRenewals.id, id))
      } else {
        if (renewal.status !== 'RUNNING') throw ApiError.badRequest(t.notRunning)
        if (renewal.endsAt && renewal.endsAt <= now) throw ApiError.badRequest(t.alreadyEnded)
        const [latest] = await tx
          .select({ id: deviceRenewals.id })
          .from(deviceRenewals)
          .where(and(eq(deviceRenewals.deviceId, device.id), eq(deviceRenewals.status, 'RUNNING')))
          .orderBy(desc(deviceRenewals.startedAt), desc(deviceRenewals.id))
          .limit(1)
        if (latest?.id !== id) throw ApiError.badRequest(t.notLatest)
        const previous = renewal.previousEndsAt ?? now
        await tx
          .update(deviceRenewals)
          .set({ status: 'STOPPED', stoppedAt: now, stoppedBy: user.id, endsAt: previous > now ? previous : now })
          .where(eq(deviceRenewals.id, id))
      }
      await recordAudit(tx, { action: 'renew.stop', targetKind: 'DEVICE', targetId: device.id, targetCompanyId: device.companyId, summary: t.summary(device.serialNumber, renewal.years) })
    })
    return this.recordOf(id)
  }
}
