import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type {
  OfflineDeviceRecord,
  PieChartResponse,
  SeriesResponse,
  SubAccountRecord,
  WorkspacePanelResponse,
} from '../../../shared/contract/workspace'
import { dashboardPlatforms } from '../../../shared/contract/workspace'
import { STATUS_ERROR_FROM_HOURS, STATUS_WARNING_AFTER_HOURS } from '../../../shared/domain/connection-status'
import { chinaDayStart, dayBuckets, fillBuckets, monthBuckets, type Buckets } from '../../../shared/domain/dashboard-buckets'
import { dashboardText as t } from '../../../shared/messages/dashboard'
import { visibleCompanyIds, visibleDeviceCondition } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { paged } from '../../db/paging'
import { companies, devices, quotaAccounts, tasks } from '../../db/schema'
import { ApiError } from '../../http/errors'

type Paging = { current: number; pageSize: number }

const HOUR_MS = 3_600_000

/**
 * docs/dashboard.md "abmOut": the commands whose completion releases a device from this platform's management —
 * Apple 解除ABM (disownDevice) and 删除监管 (removeProfile of the enrollment profile), Huawei / Mi 退出管控 (exitControl).
 */
export const RELEASE_TASK_TYPES = ['disownDevice', 'removeProfile', 'exitControl'] as const

/**
 * A device released from management: one of its release commands completed. Served by tasks_release_idx (a partial
 * index of exactly these completed commands; keep its type list in db/schema.ts equal to RELEASE_TASK_TYPES).
 * The device's id is written qualified: Drizzle prints a single-table select's columns bare.
 */
const released = sql`exists (select 1 from ${tasks} r where r.device_id = ${sql.raw('"devices"."id"')} and r.status = 'DONE' and r.type in (${sql.join(
  RELEASE_TASK_TYPES.map((type) => sql`${type}`),
  sql`, `,
)}))`

/**
 * docs/dashboard.md "SIM": the device reported a SIM — an ICCID or a phone number in what it answered to 检查网络
 * (state.network) or to the detail's 设备信息 refresh (state.deviceInformation). The Huawei agent reports neither.
 */
const reportsSim = sql`coalesce(
  nullif(${devices.state} -> 'network' ->> 'ICCID', ''),
  nullif(${devices.state} -> 'network' ->> 'PhoneNumber', ''),
  nullif(${devices.state} -> 'deviceInformation' ->> 'ICCID', ''),
  nullif(${devices.state} -> 'deviceInformation' ->> 'PhoneNumber', '')
) is not null`

/** Lost mode as the iOS list shows it (state.lostMode, written only when the device acknowledged EnableLostMode). */
const inLostMode = sql`(${devices.state} ->> 'lostMode') = 'true'`

/** The China calendar day (YYYY-MM-DD) or month (YYYY-MM) of a timestamp column; the same keys as dashboard-buckets.ts. */
const chinaKey = (column: SQL | typeof devices.createdAt, format: 'YYYY-MM-DD' | 'YYYY-MM') =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', ${sql.raw(`'${format}'`)})`

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
  ) {}

  /**
   * GET /workspace/panel. Devices in use by family and SPEC §4 status (the device lists' thresholds), lost mode,
   * and the commands issued today. The device counts read devices_company_idx (company_id, platform,
   * recycle_status) per visible company; the commands read tasks_company_idx (company_id, created_at) from midnight.
   */
  async panel(user: CurrentUser): Promise<WorkspacePanelResponse> {
    const now = this.now()
    const warnFrom = new Date(now.getTime() - STATUS_WARNING_AFTER_HOURS * HOUR_MS)
    const errorFrom = new Date(now.getTime() - STATUS_ERROR_FROM_HOURS * HOUR_MS)
    const last = devices.lastCommunicationTime
    const scope = await visibleDeviceCondition(this.db, user)
    const [rows, commandsToday] = await Promise.all([
      this.db
        .select({
          platform: devices.platform,
          total: count(),
          online: sql<number>`count(*) filter (where ${last} >= ${warnFrom})`.mapWith(Number),
          warning: sql<number>`count(*) filter (where ${last} < ${warnFrom} and ${last} > ${errorFrom})`.mapWith(Number),
          offline: sql<number>`count(*) filter (where ${last} is null or ${last} <= ${errorFrom})`.mapWith(Number),
          lostMode: sql<number>`count(*) filter (where ${inLostMode})`.mapWith(Number),
        })
        .from(devices)
        .where(and(eq(devices.recycleStatus, false), scope))
        .groupBy(devices.platform),
      this.commandsSince(user, scope, chinaDayStart(now)),
    ])
    const families = dashboardPlatforms.map((platform) => {
      const r = rows.find((row) => row.platform === platform)
      return { platform, total: r?.total ?? 0, online: r?.online ?? 0, warning: r?.warning ?? 0, offline: r?.offline ?? 0 }
    })
    const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + pick(r), 0)
    return {
      families,
      total: sum((r) => r.total),
      online: sum((r) => r.online),
      offline24h: sum((r) => r.offline),
      lostMode: sum((r) => r.lostMode),
      commandsToday,
    }
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

  /** GET /addAndOutTrendChart: devices added and devices released per China calendar day. */
  async trend(user: CurrentUser, days: number): Promise<SeriesResponse> {
    return this.series(user, dayBuckets(this.now(), days), 'YYYY-MM-DD')
  }

  /** GET /addMonthHistogramChart: the same per China calendar month. */
  async histogram(user: CurrentUser, months: number): Promise<SeriesResponse> {
    return this.series(user, monthBuckets(this.now(), months), 'YYYY-MM')
  }

  /**
   * Added: devices created in the window, in the recycle bin or not (they were added then). Released: devices whose
   * release command completed in the window, counted once per bucket. Two grouped queries; the devices one reads the
   * visible companies' rows through devices_company_idx, the tasks one joins them to their release tasks
   * (tasks_release_idx: completed release commands only).
   */
  private async series(user: CurrentUser, buckets: Buckets, format: 'YYYY-MM-DD' | 'YYYY-MM'): Promise<SeriesResponse> {
    const scope = await visibleDeviceCondition(this.db, user)
    const addKey = chinaKey(devices.createdAt, format)
    const outKey = chinaKey(sql`${tasks.finishedAt}`, format)
    const [added, out] = await Promise.all([
      this.db
        .select({ key: addKey, n: count() })
        .from(devices)
        .where(and(scope, sql`${devices.createdAt} >= ${buckets.since}`))
        .groupBy(addKey),
      this.db
        .select({ key: outKey, n: sql<number>`count(distinct ${tasks.deviceId})`.mapWith(Number) })
        .from(tasks)
        .innerJoin(devices, eq(devices.id, tasks.deviceId))
        .where(and(scope, eq(tasks.status, 'DONE'), inArray(tasks.type, [...RELEASE_TASK_TYPES]), sql`${tasks.finishedAt} >= ${buckets.since}`))
        .groupBy(outKey),
    ])
    return { labels: buckets.labels, add: fillBuckets(buckets.keys, added), abmOut: fillBuckets(buckets.keys, out) }
  }

  /**
   * GET /pieChart: of the devices in use, how many were released and how many reported a SIM (one FILTER query),
   * and the devices per model (one GROUP BY; a model not reported yet counts as 未知型号).
   */
  async pieChart(user: CurrentUser): Promise<PieChartResponse> {
    const where = and(eq(devices.recycleStatus, false), await visibleDeviceCondition(this.db, user))
    const model = sql<string>`coalesce(nullif(${devices.model}, ''), nullif(${devices.state} ->> 'modelName', ''), '')`
    const [[totals], models] = await Promise.all([
      this.db
        .select({
          totalCount: count(),
          abmOutPieCount: sql<number>`count(*) filter (where ${released})`.mapWith(Number),
          simPieCount: sql<number>`count(*) filter (where ${reportsSim})`.mapWith(Number),
        })
        .from(devices)
        .where(where),
      this.db.select({ k: model, v: count() }).from(devices).where(where).groupBy(model).orderBy(desc(count()), asc(model)),
    ])
    const named = models.slice(0, MODEL_SLICES).map((m) => ({ k: m.k || t.unknownModel, v: m.v }))
    const rest = models.slice(MODEL_SLICES).reduce((n, m) => n + m.v, 0)
    return { ...totals, modelPieList: rest > 0 ? [...named, { k: t.otherModels, v: rest }] : named }
  }

  /**
   * GET /subAccountList (SPEC §6: bosses only): each child company with its devices in use and quota left. One page
   * of companies (companies_parent_idx) with a count per company (devices_company_idx) and its two quota accounts
   * (quota_accounts_company_type_idx).
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
          deviceCount: sql<number>`(select count(*) from ${devices} d where d.company_id = ${companyId} and d.recycle_status = false)`.mapWith(Number),
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
   * GET /deviceOffline24H: devices in use without contact for 24 hours or more (SPEC §4 status error, never
   * communicated included), the most recently lost first. Scoped through devices_company_idx.
   */
  async deviceOffline24H(user: CurrentUser, q: Paging): Promise<{ records: OfflineDeviceRecord[]; total: number }> {
    const errorFrom = new Date(this.now().getTime() - STATUS_ERROR_FROM_HOURS * HOUR_MS)
    const last = devices.lastCommunicationTime
    const where = and(eq(devices.recycleStatus, false), await visibleDeviceCondition(this.db, user), sql`(${last} is null or ${last} <= ${errorFrom})`)
    const page = await paged(this.db, devices, where, q, (w) =>
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
        .where(where)
        .orderBy(sql`${last} desc nulls last`, desc(devices.id))
        .limit(w.limit)
        .offset(w.offset),
    )
    return { total: page.total, records: page.records.map((r) => ({ ...r, lastCommunicationTime: r.lastCommunicationTime?.toISOString() ?? null })) }
  }
}
