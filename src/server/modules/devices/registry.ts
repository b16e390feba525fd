import { and, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { DeviceSearchQuery, UpdateRentUserInfoRequest } from '../../../shared/contract/huawei-device'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { findVisibleCompany, visibleDeviceCondition, visibleDevicePlaceholders, visibleDeviceValues } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { builtOnce, unnamed } from '../../db/shaped'
import { countTotal, countUpTo, EXACT_COUNT_LIMIT, pagedCounting, pageWindow, type PageWindow } from '../../db/paging'
import { companies, devices, users, type DeviceRow, type Platform } from '../../db/schema'
import { listColumns, type DeviceListRow } from './list-row'
import { DEEP_PAGE_OFFSET, weekOfRow } from './deep-page'
import { listOrder } from './list-order'
import { DeviceListConditions, type ListInput } from './list-conditions'
import type { ExportColumn } from './export-columns'
import { isUniqueViolation } from '../../db/unique-violation'
import { ApiError } from '../../http/errors'
import { streamXlsx } from '../../http/xlsx'
import { recordAudit } from '../audit/service'
import { quotaTypeOf, type QuotaService } from '../quota/service'
import type { TaskService } from '../task/service'
import type { BlacklistService } from '../blacklist/service'

type PageInput = z.output<typeof DeviceSearchQuery>
type RentInput = z.output<typeof UpdateRentUserInfoRequest>

/** An export streams (memory holds one batch), so it may be large; beyond this the user narrows the search. */
export const MAX_EXPORT_ROWS = 200_000
/** Rows read per query while an export streams; the first batch is small, so the file's first bytes leave at once. */
const EXPORT_BATCH_ROWS = 1_000
const EXPORT_FIRST_BATCH_ROWS = 100

/** A new device: what every family's add and register requests carry. */
export interface NewDevice {
  serialNumber: string
  imei?: string
  model?: string
  name?: string
  companyId?: number
  renterName?: string
  renterPhone?: string
  renterIdCard?: string
  rentRemark?: string
  /** The user saw the blacklist warning and saves anyway (issue #15). */
  confirmBlacklisted?: boolean
}

/**
 * The devices of one platform as the console manages them, for every family (issue #13: one mechanism, not a copy
 * per family): search and paging, detail, add with its quota unit, rent-user info, the recycle bin and the xlsx export.
 * Every query is limited by the user's device scope (auth/scope.ts); a foreign id reads like a missing one. A family
 * adds its own record (`records`) and export columns, and whatever is its own (Huawei's move, Apple's commands).
 */
export abstract class DeviceRegistry<R> {
  protected readonly db: Db
  protected readonly quota: QuotaService
  protected readonly tasks: TaskService
  protected readonly blacklist: BlacklistService | undefined

  constructor(
    deps: { db: Db; quota: QuotaService; tasks: TaskService; blacklist?: BlacklistService },
    readonly platform: Platform,
    protected readonly now: () => Date = () => new Date(),
  ) {
    this.db = deps.db
    this.quota = deps.quota
    this.tasks = deps.tasks
    this.blacklist = deps.blacklist
    this.lists = new DeviceListConditions(this.db, platform)
  }

  /** The conditions of this platform's search and export. */
  private readonly lists: DeviceListConditions

  /**
   * Issue #44: every device the search matches (not a page), as the list's own conditions and their values, for a
   * statement over all of them (a fleet-wide command).
   */
  async matching(user: CurrentUser, q: ListInput): Promise<{ where: SQL | undefined; values: Record<string, unknown> }> {
    const { where, hints } = await this.lists.of(user, q, this.now())
    return { where, values: hints.shape.values }
  }

  /** The family's records of a page of rows (in the same order). */
  protected abstract records(rows: DeviceListRow[], now: Date): Promise<R[]>
  /** The family's export columns. */
  protected abstract exportColumns(): ExportColumn[]

  /** The list's rows (devices with company, staff and live-task count), with `extra` columns if asked. */
  protected selectRows<E extends Record<string, SQL.Aliased | SQL>>(extra?: E) {
    return this.db
      .select({ ...listColumns, ...(extra as E) })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .leftJoin(users, eq(users.id, devices.staffId))
  }

  /**
   * GET …/search: newest first, or by a column of the whitelist (listOrder, issue #43 item 7: the tablet table's
   * headings sort the whole list, not the page shown). The page is found on the devices alone (newest first,
   * devices_list_order_idx walks the order, so a page deep in a million rows skips index entries, not joined and
   * counted rows), then only its rows are joined. Another order sorts the matching devices (no index per column: an
   * index on every sortable column would cost every device write for a view asked for now and then).
   */
  async search(user: CurrentUser, q: PageInput): Promise<{ records: R[]; total: number; totalExact?: false }> {
    const now = this.now()
    const { where, hints, weeks, matching = where } = await this.lists.of(user, q, now)
    const { key, values } = hints.shape
    const window = pageWindow(q)
    const order = listOrder(q)
    if (weeks && order.newestFirst && window.offset >= DEEP_PAGE_OFFSET) {
      const { records, total } = await this.deepPage(where, values, await weeks(), window)
      return { records: await this.records(records, now), total }
    }
    const inOrder = order.by(order.column, devices.id)
    const [limit, offset] = [sql.placeholder('limit'), sql.placeholder('offset')]
    const { records, ...total } = await pagedCounting(
      this.db,
      devices,
      where,
      q,
      (w, counting) => {
        const run = { ...values, limit: w.limit, offset: w.offset }
        // The first page is written without OFFSET, as drizzle writes an offset of 0: the same text as before.
        const skip = <Q extends { offset(n: Placeholder): Q }>(query: Q) => (w.offset ? query.offset(offset) : query)
        const paging = `${w.offset ? 'offset' : 'first'}|${key}|${order.key}`
        if (!counting) {
          return builtOnce(this.db, `devices|page|${paging}`, () => {
            const page = skip(this.db.select({ id: devices.id }).from(devices).where(where).orderBy(...inOrder).limit(limit).$dynamic())
            return unnamed(this.selectRows({ listTotal: sql<number | null>`null::int` }).where(inArray(devices.id, page)).orderBy(...inOrder))
          }).execute(run)
        }
        // The matches (at most one beyond the exact-count limit), their count, and the page of them in order.
        return builtOnce(this.db, `devices|counted|${paging}`, () => {
          const matches = this.db.select({ id: devices.id, sortValue: order.column }).from(devices).where(matching).limit(EXACT_COUNT_LIMIT + 1).as('matches')
          const page = skip(
            this.db
              .select({ id: matches.id, listTotal: sql<number>`(count(*) over ())::int`.as('list_total') })
              .from(matches)
              .orderBy(...order.by(matches.sortValue, matches.id))
              .limit(limit)
              .$dynamic(),
          ).as('page')
          return unnamed(this.selectRows({ listTotal: page.listTotal }).innerJoin(page, eq(page.id, devices.id)).orderBy(...inOrder))
        }).execute(run)
      },
      hints,
    )
    return { records: await this.records(records, now), ...total }
  }

  /** A deep page of a list of only its scope, from where its week starts (deep-page.ts); the weeks' exact total. */
  private async deepPage(where: SQL | undefined, values: Record<string, unknown>, weeks: SQL | undefined, w: PageWindow): Promise<{ records: DeviceListRow[]; total: number }> {
    const { total, start } = await weekOfRow(this.db, weeks, w.offset)
    if (!start) return { records: [], total }
    const page = this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(where, sql`${devices.createdAt} < ${start.weekEnd}::timestamptz`))
      .orderBy(desc(devices.createdAt), desc(devices.id))
      .limit(w.limit)
      .offset(w.offset - start.before)
    const records = await this.selectRows().where(inArray(devices.id, page)).orderBy(desc(devices.createdAt), desc(devices.id)).execute(values)
    return { records, total }
  }

  /** A device of this platform the user may see, or the "not found" answer (a foreign id reads like a missing one). */
  async findVisible(user: CurrentUser, deviceId: number): Promise<DeviceRow> {
    const [row] = await this.db
      .select()
      .from(devices)
      .where(and(eq(devices.id, deviceId), eq(devices.platform, this.platform), await visibleDeviceCondition(this.db, user)))
    if (!row) throw ApiError.notFound(t.deviceNotFound)
    return row
  }

  /** A visible device that is not in the recycle bin: commands, edits and transfers are for devices in use. */
  async findActive(user: CurrentUser, deviceId: number): Promise<DeviceRow> {
    const device = await this.findVisible(user, deviceId)
    if (device.recycleStatus) throw ApiError.badRequest(t.recycledNoAction)
    return device
  }

  /** A device's task log, newest first (Huawei /device/task/search, Apple /myDevice/task/search). */
  async taskSearch(user: CurrentUser, q: { deviceId: number; current: number; pageSize: number }) {
    await this.findVisible(user, q.deviceId)
    return this.tasks.search(q.deviceId, q)
  }

  /** GET …/detail. Its statement is built once (visibleDevicePlaceholders) and prepared by name on PostgreSQL. */
  private detailStatement?: ReturnType<DeviceRegistry<R>['detailQuery']>

  private detailQuery() {
    const visible = and(eq(devices.id, sql.placeholder('deviceId')), eq(devices.platform, this.platform), visibleDevicePlaceholders())
    return this.selectRows().where(visible).prepare(`device_detail_${this.platform.toLowerCase()}`)
  }

  async detail(user: CurrentUser, deviceId: number): Promise<R> {
    const statement = (this.detailStatement ??= this.detailQuery())
    const values = { deviceId, ...(await visibleDeviceValues(this.db, user)) }
    let [row] = await statement.execute(values)
    if (!row) throw ApiError.notFound(t.deviceNotFound)
    // Only a device with live tasks can have overdue ones; expiring them changes what the record shows, so it is read
    // again. A device without (most of them) costs one read (issue #16).
    if (row.pendingTaskCount > 0) {
      await this.tasks.expireOverdue({ deviceId })
      ;[row] = await statement.execute(values)
      if (!row) throw ApiError.notFound(t.deviceNotFound)
    }
    const [record] = await this.records([row], this.now())
    return record
  }

  /** The company a new device goes to: the one asked for, within the user's scope, else the user's own. */
  private async targetCompany(user: CurrentUser, companyId: number | undefined): Promise<number> {
    const chosen = companyId ?? user.companyId
    if (chosen === null || chosen === undefined) throw ApiError.badRequest(t.companyRequired)
    return (await findVisibleCompany(this.db, user, chosen)).id
  }

  /**
   * POST …/add: stores the device and consumes one unit of the company's quota of its type (IOS, or HUAWEI for
   * Huawei and Mi) in one transaction, so a refusal (service not opened, none left) stores nothing.
   */
  async add(user: CurrentUser, req: NewDevice): Promise<{ id: number }> {
    const companyId = await this.targetCompany(user, req.companyId)
    const imei = req.imei ?? ''
    try {
      return await this.db.transaction(async (tx) => {
        // docs/serials.md: a registration claims its serial (and IMEI) within its own company only. Another
        // tenant's registration of the same phone neither blocks this one nor is revealed by the answer; the phone
        // that really enrolls decides.
        const [taken] = await tx
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.companyId, companyId), eq(devices.platform, this.platform), eq(devices.serialNumber, req.serialNumber)))
        if (taken) throw ApiError.conflict(t.serialTaken)
        // An IMEI names one phone in the world: a second device with it in the company is a typing mistake.
        if (imei) {
          const [sameImei] = await tx
            .select({ id: devices.id })
            .from(devices)
            .where(and(eq(devices.companyId, companyId), eq(devices.imei, imei)))
            .limit(1)
          if (sameImei) throw ApiError.conflict(t.imeiTaken)
        }
        // Issue #15: a blacklisted serial, IMEI or renter is answered with a warning the user must confirm.
        await this.blacklist?.guardNewDevice(tx, { serialNumber: req.serialNumber, imei, renterIdCard: req.renterIdCard }, req.confirmBlacklisted)
        const [device] = await tx
          .insert(devices)
          .values({
            companyId,
            // Staff see only the devices assigned to them, so what they add is theirs.
            staffId: user.kind === 'STAFF' ? user.id : null,
            platform: this.platform,
            serialNumber: req.serialNumber,
            imei,
            model: req.model ?? '',
            name: req.name ?? '',
            renterName: req.renterName ?? '',
            renterPhone: req.renterPhone ?? '',
            renterIdCard: req.renterIdCard ?? '',
            rentRemark: req.rentRemark ?? '',
          })
          .returning({ id: devices.id })
        await this.quota.consume(tx, {
          companyId,
          quotaType: quotaTypeOf(this.platform),
          deviceId: device.id,
          serialNumber: req.serialNumber,
          operatorUserId: user.id,
        })
        await recordAudit(tx, { action: 'device.add', targetKind: 'DEVICE', targetId: device.id, targetCompanyId: companyId, summary: req.serialNumber })
        return device
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict(t.serialTaken)
      throw err
    }
  }

  /** A partial edit of a device in use: a field left undefined is not touched (Drizzle leaves it out of SET). */
  protected async edit(user: CurrentUser, deviceId: number, fields: Partial<Pick<DeviceRow, 'renterName' | 'renterPhone' | 'renterIdCard' | 'rentRemark' | 'name' | 'model' | 'remark'>>) {
    const device = await this.findActive(user, deviceId)
    await this.db
      .update(devices)
      .set({ ...fields, updatedAt: this.now() })
      .where(eq(devices.id, deviceId))
    await recordAudit(this.db, { action: 'device.edit', targetKind: 'DEVICE', targetId: deviceId, targetCompanyId: device.companyId, summary: device.serialNumber })
  }

  /** PUT …/updateRentUserInfo */
  async updateRentUserInfo(user: CurrentUser, req: RentInput): Promise<void> {
    const { deviceId, ...fields } = req
    await this.edit(user, deviceId, fields)
  }

  /** POST …/putInRecycle (淘汰) and …/takeOutRecycle. */
  async setRecycled(user: CurrentUser, deviceId: number, recycled: boolean): Promise<void> {
    const device = await this.findVisible(user, deviceId)
    if (device.recycleStatus === recycled) throw ApiError.badRequest(recycled ? t.alreadyInRecycle : t.notInRecycle)
    await this.db.update(devices).set({ recycleStatus: recycled, updatedAt: this.now() }).where(eq(devices.id, deviceId))
    await recordAudit(this.db, {
      action: recycled ? 'device.recycle' : 'device.restore',
      targetKind: 'DEVICE',
      targetId: deviceId,
      targetCompanyId: device.companyId,
      summary: device.serialNumber,
    })
  }

  /**
   * GET …/export: every device the search would list, as an xlsx workbook streamed while it is read (issue #16):
   * the rows come in keyset batches along devices_list_order_idx (newest first), so neither the server nor the
   * database holds the whole list. Refusals (scope, too many rows) come before the first byte.
   */
  async export(user: CurrentUser, q: ListInput): Promise<ReadableStream<Uint8Array>> {
    const now = this.now()
    const { where, hints } = await this.lists.of(user, q, now)
    // Beyond the exact-count limit the list's total is an estimate: the refusal is decided on an exact count, which
    // stops one row past the export's limit.
    const counted = await countTotal(this.db, devices, where, hints)
    const total = counted.totalExact === false ? await countUpTo(this.db, devices, where, MAX_EXPORT_ROWS + 1, hints.shape) : counted.total
    if (total > MAX_EXPORT_ROWS) throw ApiError.badRequest(t.tooManyRows(MAX_EXPORT_ROWS))
    const columns = this.exportColumns()
    const batches = async function* (this: DeviceRegistry<R>) {
      let after: { at: string; id: number } | null = null
      for (;;) {
        // A row comparison, so that the list index starts at the key instead of filtering from the newest row on; the
        // time as the database wrote it (microseconds: a JavaScript Date would drop rows created within its millisecond).
        const olderThan: SQL | undefined = after ? sql`(${devices.createdAt}, ${devices.id}) < (${after.at}::timestamptz, ${after.id})` : undefined
        const size = after ? EXPORT_BATCH_ROWS : EXPORT_FIRST_BATCH_ROWS
        const rows: (DeviceListRow & { cursorAt: string })[] = await this.selectRows({ cursorAt: sql<string>`${devices.createdAt}::text` })
          .where(and(where, olderThan))
          .orderBy(desc(devices.createdAt), desc(devices.id))
          .limit(size)
          .execute(hints.shape.values)
        if (rows.length === 0) return
        yield rows.map((r) => columns.map((c) => c.cell(r, now)))
        if (rows.length < size) return
        const last: DeviceListRow & { cursorAt: string } = rows[rows.length - 1]
        after = { at: last.cursorAt, id: last.id }
      }
    }
    return streamXlsx(t.exportSheetName, columns.map((c) => c.header), batches.call(this))
  }
}
