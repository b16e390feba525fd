import { z } from 'zod'
import { dashboardText as t } from '../messages/dashboard'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { DASHBOARD_PAGE_SIZE } from '../domain/paging-rules'
import { HISTOGRAM_MONTHS, TREND_DAYS } from '../domain/dashboard-buckets'
import { access, endpoint, noRequest } from './endpoint'

/**
 * The dashboard (/dashboard, SPEC §7 "Dashboard", issue #15): counts, trend, histogram, pies and the two tables.
 * Every figure is computed from stored devices, tasks and quota accounts within the caller's scope; what each one
 * means is in docs/dashboard.md.
 */

const MAX_TREND_DAYS = 31
const MAX_HISTOGRAM_MONTHS = 24

export const dashboardPlatforms = ['IOS', 'HUAWEI', 'MI'] as const

const count = z.number().int().min(0)

/** A blank or absent number takes the default; anything but plain digits is refused with the Chinese message. */
function boundedInteger(fallback: number, max: number, message: string) {
  return z.preprocess(
    (v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? fallback : typeof v === 'string' && /^\d{1,4}$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message }),
  )
}

export const FamilyPanel = z.object({
  platform: z.enum(dashboardPlatforms),
  /** Devices in use (not in the recycle bin). */
  total: count,
  /** SPEC §4 status success: communicated within 6 hours. */
  online: count,
  /** Over 6 and under 24 hours. */
  warning: count,
  /** 24 hours or more, or never. */
  offline: count,
})

/** GET /workspace/panel */
export const WorkspacePanelResponse = z.object({
  families: z.array(FamilyPanel),
  total: count,
  online: count,
  offline24h: count,
  lostMode: count,
  commandsToday: count,
})
export type WorkspacePanelResponse = z.infer<typeof WorkspacePanelResponse>

/** GET /workspace/addAndOutTrendChart?days=12 */
export const TrendQuery = z.object({ days: boundedInteger(TREND_DAYS, MAX_TREND_DAYS, t.daysOutOfRange(MAX_TREND_DAYS)) })
export type TrendQuery = z.input<typeof TrendQuery>
/** GET /workspace/addMonthHistogramChart */
export const HistogramQuery = z.object({ months: boundedInteger(HISTOGRAM_MONTHS, MAX_HISTOGRAM_MONTHS, t.monthsOutOfRange(MAX_HISTOGRAM_MONTHS)) })
export type HistogramQuery = z.input<typeof HistogramQuery>

/** Both charts: one label per bucket (MM-DD days, YYYY-MM months) and the two series, oldest first. */
export const SeriesResponse = z.object({
  labels: z.array(z.string()),
  add: z.array(count),
  abmOut: z.array(count),
})
export type SeriesResponse = z.infer<typeof SeriesResponse>

/** GET /workspace/pieChart */
export const PieChartResponse = z.object({
  totalCount: count,
  abmOutPieCount: count,
  simPieCount: count,
  /** Devices per model, largest first; the smallest beyond the first few summed as 其他型号. */
  modelPieList: z.array(z.object({ k: z.string(), v: count })),
})
export type PieChartResponse = z.infer<typeof PieChartResponse>

export const DashboardPageQuery = pagingQuerySchema.extend({
  pageSize: pagingQuerySchema.shape.pageSize.default(DASHBOARD_PAGE_SIZE),
})
export type DashboardPageQuery = z.input<typeof DashboardPageQuery>

export const SubAccountRecord = z.object({
  companyId: z.number(),
  companyName: z.string(),
  available: z.boolean(),
  deviceCount: count,
  /** Remaining quota; null when the company has no account of that type (Huawei not opened). */
  iosQuota: z.number().int().nullable(),
  huaweiQuota: z.number().int().nullable(),
})
export type SubAccountRecord = z.infer<typeof SubAccountRecord>
export const SubAccountListResponse = pagedResponse(SubAccountRecord)

export const OfflineDeviceRecord = z.object({
  id: z.number(),
  platform: z.enum(dashboardPlatforms),
  serialNumber: z.string(),
  name: z.string(),
  model: z.string(),
  renterName: z.string(),
  companyName: z.string(),
  lastCommunicationTime: z.string().nullable(),
})
export type OfflineDeviceRecord = z.infer<typeof OfflineDeviceRecord>
export const OfflineDeviceResponse = pagedResponse(OfflineDeviceRecord)

const dashboard = access.authority('dashboard')

export const workspaceEndpoints = {
  panel: endpoint({ base: 'main', method: 'GET', path: '/workspace/panel', access: dashboard, request: noRequest, response: WorkspacePanelResponse }),
  /** Bosses only (SPEC §6): their child companies. */
  subAccountList: endpoint({ base: 'main', method: 'GET', path: '/workspace/subAccountList', access: dashboard, request: DashboardPageQuery, response: SubAccountListResponse }),
  trend: endpoint({ base: 'main', method: 'GET', path: '/workspace/addAndOutTrendChart', access: dashboard, request: TrendQuery, response: SeriesResponse }),
  histogram: endpoint({ base: 'main', method: 'GET', path: '/workspace/addMonthHistogramChart', access: dashboard, request: HistogramQuery, response: SeriesResponse }),
  pieChart: endpoint({ base: 'main', method: 'GET', path: '/workspace/pieChart', access: dashboard, request: noRequest, response: PieChartResponse }),
  deviceOffline24H: endpoint({ base: 'main', method: 'GET', path: '/workspace/deviceOffline24H', access: dashboard, request: DashboardPageQuery, response: OfflineDeviceResponse }),
}
