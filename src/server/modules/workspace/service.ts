import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type {
  OfflineDeviceRecord,
  PieChartResponse,
  SeriesResponse,
  SubAccountRecord,
  WorkspacePanelResponse,
} from '../../../shared/contract/workspace'
import { dashboardPlatforms } from '../../../shared/contract/workspace'
import { modelText } from '../../../shared/domain/apple-models'
import { STATUS_ERROR_FROM_HOURS, STATUS_WARNING_AFTER_HOURS } from '../../../shared/domain/connection-status'
import { chinaDayKey, chinaDayStart, dayBuckets, fillBuckets, monthBuckets, type Buckets } from '../../../shared/domain/dashboard-buckets'
import { dashboardText as t } from '../../../shared/messages/dashboard'
import { visibleCompanyIds, visibleDeviceCondition } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { paged, pageWindow } from '../../db/paging'
import { companies, contactBucketOf, deviceCounts, deviceDailyAdditions, devices, lastContact, quotaAccounts, tasks } from '../../db/schema'
import { ApiError } from '../../http/errors'

type Paging = { current: number; pageSize: number }

const HOUR_MS = 3_600_000

/**
 * docs/dashboard.md "abmOut": the commands whose completion releases a device from this platform's management —
 * Apple 解除ABM (disownDevice) and 删除监管 (removeProfile of the enrollment profile), Huawei / Mi 退出管控 (exitControl).
 */
export const RELEASE_TASK_TYPES = ['disownDevice', 'removeProfile', 'exitControl'] as const

/**
 * A completed release command (docs/dashboard.md "abmOut"), read through tasks_release_idx: a partial index of
 * exactly these tasks (keep its type list in db/schema.ts equal to RELEASE_TASK_TYPES), a few rows among millions.
 */
const releaseDone = and(eq(tasks.status, 'DONE'), inArray(tasks.type, [...RELEASE_TASK_TYPES]))

/**
 * Devices in use, as devices_contact_bucket_idx's predicate is written (a literal, so that the index serves every plan).
 */
const inUse = sql`${devices.recycleStatus} = false`

/** The China calendar day (YYYY-MM-DD) or month (YYYY-MM) of a timestamp column; the same keys as dashboard-buckets.ts. */
const chinaKey = (column: SQL | typeof devices.createdAt, format: 'YYYY-MM-DD' | 'YYYY-MM') =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', ${sql.raw(`'${format}'`)})`

/**
 * statusCounts: how many devices heard from within 24 hours are counted before the other side (those not heard from
 * for 6 hours or more) is counted instead — a few milliseconds of index entries.
 */
const RECENT_COUNT_LIMIT = 20_000

/** How many models the pie names; the rest are summed as 其他型号. */
const MODEL_SLICES = 6

/**
 * The dashboard's figures (issue #15). Every query is limited by the caller's device scope (visibleDeviceCondition:
 * the visible companies, a staff member's assigned devices only), aggregates in SQL (GROUP BY / FILTER) and returns
 * only counts, so its cost does not grow with what is returned; each endpoint is one or two queries.
 */
export class WorkspaceService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    /** statusCounts' switch to counting the other side (a test sets 0 to take that path with a few devices). */
    private readonly recentCountLimit = RECENT_COUNT_LIMIT,
  ) {}

  /**
   * GET /workspace/panel. Devices in use by family and SPEC §4 status (the device lists' thresholds), lost mode
   * (statusCounts), and the commands issued today (tasks_company_idx (company_id, created_at) from midnight).
   */
  async panel(user: CurrentUser): Promise<WorkspacePanelResponse> {
    const now = this.now()
    const scope = await visibleDeviceCondition(this.db, user)
    const [families, commandsToday] = await Promise.all([this.statusCounts(user, scope, now), this.commandsSince(user, scope, chinaDayStart(now))])
    const sum = (pick: (f: (typeof families)[number]) => number) => families.reduce((m, f) => m + pick(f), 0)
    return {
      families: families.map(({ lostMode: _, ...family }) => family),
      total: sum((f) => f.total),
      online: sum((f) => f.online),
      offline24h: sum((f) => f.offline),
      lostMode: sum((f) => f.lostMode),
      commandsToday,
    }
  }

  /**
   * Devices in use per family by SPEC §4 status, and in lost mode, exactly, without reading every device: the totals
   * and lost mode come from device_counts (a few rows per company); of the statuses only one side is counted, in
   * devices_contact_bucket_idx, and the other is the total less it. First the devices heard from within 24 hours
   * (online, warning), read no further than RECENT_COUNT_LIMIT entries — enough when most devices are offline; when
   * more were heard from, the fleet is mostly online, and the devices not heard from for 6 hours or more (warning,
   * offline: from the 6-hour boundary back, and the never-communicated) are counted instead. Each answer is one
   * statement, so totals and counts come from one snapshot.
   *
   * A device's contact bucket decides its status, except in the two buckets that hold the 6- and 24-hour boundaries:
   * those devices (about 1/144 of a day's each) are counted apart, on their exact time. So the rest is counted from
   * the index alone, without reading the table's rows (which rechecking every exact time did: 66 ms against 24 at 1M).
   */
  private async statusCounts(user: CurrentUser, scope: SQL | undefined, now: Date) {
    const warnFrom = new Date(now.getTime() - STATUS_WARNING_AFTER_HOURS * HOUR_MS)
    const errorFrom = new Date(now.getTime() - STATUS_ERROR_FROM_HOURS * HOUR_MS)
    const [last, bucket] = [devices.lastCommunicationTime, devices.contactBucket]
    const [warnBucket, errorBucket] = [contactBucketOf(warnFrom), contactBucketOf(errorFrom)]
    const totals = sql`select ${deviceCounts.platform} as platform, ${deviceCounts.n} as total,
      case when ${deviceCounts.lostMode} then ${deviceCounts.n} else 0 end as lost, 0 as online, 0 as warning, 0 as offline, 0 as seen
      from ${deviceCounts} where ${(await visibleDeviceCondition(this.db, user, deviceCounts)) ?? sql`true`}`
    const read = async (...counted: SQL[]) => {
      const result = await this.db.execute(sql`select platform, sum(total)::int as total, sum(lost)::int as lost, sum(online)::int as online,
        sum(warning)::int as warning, sum(offline)::int as offline, sum(seen)::int as seen from (${sql.join([totals, ...counted], sql` union all `)}) x group by platform`)
      return (result as unknown as { rows: Record<'platform' | 'total' | 'lost' | 'online' | 'warning' | 'offline' | 'seen', string | number>[] }).rows
    }
    const inScope = (condition: SQL) => sql`${and(inUse, scope, condition)}`
    const boundary = (online: SQL, warning: SQL, offline: SQL) =>
      sql`select ${devices.platform}, 0, 0, (${online})::int, (${warning})::int, (${offline})::int, 0 from ${devices} where ${inScope(sql`${bucket} in (${warnBucket}, ${errorBucket})`)}`
    let rows = await read(
      sql`select platform, 0, 0, (bucket > ${warnBucket})::int, (bucket > ${errorBucket} and bucket < ${warnBucket})::int, 0, 1 from (
        select ${devices.platform} as platform, ${bucket} as bucket from ${devices} where ${inScope(sql`${bucket} >= ${errorBucket}`)} limit ${this.recentCountLimit + 1}) recent`,
      boundary(sql`${last} >= ${warnFrom}`, sql`${last} < ${warnFrom} and ${last} > ${errorFrom}`, sql`false`),
    )
    const recentSeen = rows.reduce((m, r) => m + Number(r.seen), 0)
    const mostlyOnline = recentSeen > this.recentCountLimit
    if (mostlyOnline) {
      rows = await read(
        sql`select ${devices.platform}, 0, 0, 0, (${bucket} > ${errorBucket})::int, (${bucket} < ${errorBucket})::int, 0 from ${devices} where ${inScope(sql`${bucket} < ${warnBucket}`)}`,
        sql`select ${devices.platform}, 0, 0, 0, 0, 1, 0 from ${devices} where ${inScope(sql`${bucket} is null`)}`,
        boundary(sql`false`, sql`${last} < ${warnFrom} and ${last} > ${errorFrom}`, sql`${last} <= ${errorFrom}`),
      )
    }
    return dashboardPlatforms.map((platform) => {
      const r = rows.find((row) => row.platform === platform)
      const [total, lostMode, online, warning, offline] = [r?.total, r?.lost, r?.online, r?.warning, r?.offline].map(Number).map((v) => v || 0)
      return mostlyOnline
        ? { platform, total, online: total - warning - offline, warning, offline, lostMode }
        : { platform, total, online, warning, offline: total - online - warning, lostMode }
    })
  }

  /** Commands (tasks) created since `from` on the devices the user may see. */
  private async commandsSince(user: CurrentUser, scope: SQL | undefined, from: Date): Promise<number> {
    const companyIds = await visibleCompanyIds(this.db, user)
    const query = this.db.select({ n: count() }).from(tasks)
    // A company account's commands are its companies' tasks (tasks_company_idx); staff count only their devices'.
    const [{ n }] =
      user.kind === 'STAFF'
        ? await query.innerJoin(devices, eq(devices.id, tasks.deviceId)).where(and(sql`${tasks.createdAt} >= ${from}`, scope))
        : await query.where(and(sql`${tasks.createdAt} >= ${from}`, companyIds === null ? undefined : inArray(tasks.companyId, companyIds)))
    return n
  }

  /** GET /workspace/addAndOutTrendChart: devices added and devices released per China calendar day. */
  async trend(user: CurrentUser, days: number): Promise<SeriesResponse> {
    return this.series(user, dayBuckets(this.now(), days), 'YYYY-MM-DD')
  }

  /** GET /workspace/addMonthHistogramChart: the same per China calendar month. */
  async histogram(user: CurrentUser, months: number): Promise<SeriesResponse> {
    return this.series(user, monthBuckets(this.now(), months), 'YYYY-MM')
  }

  /**
   * Added: devices created in the window, in the recycle bin or not (they were added then), summed from
   * device_daily_additions (one row per company and day). Released: devices whose release command completed in the
   * window, counted once per bucket: the completed release commands (tasks_release_idx) joined to their devices in
   * the caller's scope.
   */
  private async series(user: CurrentUser, buckets: Buckets, format: 'YYYY-MM-DD' | 'YYYY-MM'): Promise<SeriesResponse> {
    const scope = await visibleDeviceCondition(this.db, user)
    const addKey = sql<string>`to_char(${deviceDailyAdditions.day}, ${sql.raw(`'${format}'`)})`
    const outKey = chinaKey(sql`${tasks.finishedAt}`, format)
    const [added, out] = await Promise.all([
      this.db
        .select({ key: addKey, n: sql<number>`sum(${deviceDailyAdditions.added})::int`.mapWith(Number) })
        .from(deviceDailyAdditions)
        .where(and(await visibleDeviceCondition(this.db, user, deviceDailyAdditions), sql`${deviceDailyAdditions.day} >= ${chinaDayKey(buckets.since)}::date`))
        .groupBy(addKey),
      this.db
        .select({ key: outKey, n: sql<number>`count(distinct ${tasks.deviceId})`.mapWith(Number) })
        .from(tasks)
        .innerJoin(devices, eq(devices.id, tasks.deviceId))
        .where(and(scope, releaseDone, sql`${tasks.finishedAt} >= ${buckets.since}`))
        .groupBy(outKey),
    ])
    return { labels: buckets.labels, add: fillBuckets(buckets.keys, added), abmOut: fillBuckets(buckets.keys, out) }
  }

  /**
   * GET /workspace/pieChart: the devices in use, those that reported a SIM and those per model (a model not reported yet
   * counts as 未知型号) from device_counts; those released at least once from the completed release commands
   * (tasks_release_idx) joined to their devices in use in the caller's scope.
   */
  async pieChart(user: CurrentUser): Promise<PieChartResponse> {
    const where = await visibleDeviceCondition(this.db, user, deviceCounts)
    const n = sql<number>`sum(${deviceCounts.n})::int`.mapWith(Number)
    const [[totals], models, [released]] = await Promise.all([
      this.db
        .select({
          totalCount: sql<number>`coalesce(sum(${deviceCounts.n}), 0)::int`.mapWith(Number),
          simPieCount: sql<number>`coalesce(sum(${deviceCounts.n}) filter (where ${deviceCounts.hasSim}), 0)::int`.mapWith(Number),
        })
        .from(deviceCounts)
        .where(where),
      this.db
        .select({ k: deviceCounts.model, v: n })
        .from(deviceCounts)
        .where(where)
        .groupBy(deviceCounts.model)
        .having(sql`sum(${deviceCounts.n}) > 0`)
        .orderBy(desc(n), asc(deviceCounts.model)),
      this.db
        .select({ n: sql<number>`count(distinct ${tasks.deviceId})`.mapWith(Number) })
        .from(tasks)
        .innerJoin(devices, eq(devices.id, tasks.deviceId))
        .where(and(releaseDone, inUse, await visibleDeviceCondition(this.db, user))),
    ])
    // One slice per model as shown: an iPhone's identifier and its name typed by hand are the same phone.
    const byName = new Map<string, number>()
    for (const m of models) {
      const name = modelText(m.k) || t.unknownModel
      byName.set(name, (byName.get(name) ?? 0) + m.v)
    }
    const shown = [...byName].map(([k, v]) => ({ k, v })).sort((a, b) => b.v - a.v || a.k.localeCompare(b.k))
    const named = shown.slice(0, MODEL_SLICES)
    const rest = shown.slice(MODEL_SLICES).reduce((sum, m) => sum + m.v, 0)
    return {
      totalCount: totals.totalCount,
      abmOutPieCount: released.n,
      simPieCount: totals.simPieCount,
      modelPieList: rest > 0 ? [...named, { k: t.otherModels, v: rest }] : named,
    }
  }

  /**
   * GET /workspace/subAccountList (SPEC §6: bosses only): each child company with its devices in use and quota left. One page
   * of companies (companies_parent_idx) with its devices in use summed from device_counts (its primary key leads with
   * company_id) and its two quota accounts (quota_accounts_company_type_idx).
   */
  async subAccountList(user: CurrentUser, q: Paging): Promise<{ records: SubAccountRecord[]; total: number }> {
    if (user.kind !== 'BOSS' || user.companyId === null) throw ApiError.forbidden(t.subAccountsBossOnly)
    const where = eq(companies.parentId, user.companyId)
    // Written out qualified: Drizzle prints a single-table select's own columns bare, which inside these
    // subqueries would name the subquery's table instead of the company row.
    const companyId = sql.raw('"companies"."id"')
    const quotaOf = (type: 'IOS' | 'HUAWEI') =>
      sql<number | null>`(select q.remaining_quantity from ${quotaAccounts} q where q.company_id = ${companyId} and q.quota_type = ${type})`
    return paged(this.db, companies, where, q, (w) =>
      this.db
        .select({
          companyId: companies.id,
          companyName: companies.name,
          available: companies.available,
          deviceCount: sql<number>`(select coalesce(sum(c.n), 0) from ${deviceCounts} c where c.company_id = ${companyId})`.mapWith(Number),
          iosQuota: quotaOf('IOS'),
          huaweiQuota: quotaOf('HUAWEI'),
        })
        .from(companies)
        .where(where)
        .orderBy(asc(companies.id))
        .limit(w.limit)
        .offset(w.offset),
    )
  }

  /**
   * GET /workspace/deviceOffline24H: devices in use without contact for 24 hours or more (SPEC §4 status error, never
   * communicated included), the most recently lost first, never-communicated last. The page is read in order from
   * devices_contact_bucket_idx: those heard from, from the 24-hour boundary backwards, then the never-communicated
   * (the index's NULLS LAST end), each read no further than the page's end. The total is the panel's offline
   * figure (statusCounts).
   */
  async deviceOffline24H(user: CurrentUser, q: Paging): Promise<{ records: OfflineDeviceRecord[]; total: number }> {
    const now = this.now()
    const errorFrom = new Date(now.getTime() - STATUS_ERROR_FROM_HOURS * HOUR_MS)
    const [last, bucket] = [devices.lastCommunicationTime, devices.contactBucket]
    const scope = await visibleDeviceCondition(this.db, user)
    const { limit, offset } = pageWindow(q)
    const end = offset + limit
    const rows = (lastContact: SQL) =>
      this.db
        .select({
          id: devices.id,
          platform: devices.platform,
          serialNumber: devices.serialNumber,
          name: devices.name,
          model: devices.model,
          renterName: devices.renterName,
          companyName: companies.name,
          lastCommunicationTime: devices.lastCommunicationTime,
        })
        .from(devices)
        .innerJoin(companies, eq(companies.id, devices.companyId))
        .where(and(inUse, scope, lastContact))
        .orderBy(sql`${bucket} desc nulls last`, sql`${last} desc nulls last`, desc(devices.id))
        .limit(end)
    const [heard, families] = await Promise.all([rows(lastContact('<=', errorFrom)), this.statusCounts(user, scope, now)])
    const total = families.reduce((m, f) => m + f.offline, 0)
    const never = heard.length >= end ? [] : await rows(isNull(bucket))
    const records = [...heard, ...never].slice(offset, end)
    return { total, records: records.map((r) => ({ ...r, lastCommunicationTime: r.lastCommunicationTime?.toISOString() ?? null })) }
  }
}
