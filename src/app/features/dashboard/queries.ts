import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { HISTOGRAM_MONTHS, TREND_DAYS } from '../../../shared/domain/dashboard-buckets'
import { DASHBOARD_PAGE_SIZE } from '../../../shared/domain/paging-rules'
import { call } from '../../api/http'
import { api } from '../../api/routes'

/**
 * The dashboard's queries (issue #15). It is the installed app's home screen, so every one is persisted for offline
 * reading (meta.persist, like the device lists): counts and names only, no secrets. Keys hold every argument.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  panel: () => [...dashboardKeys.all, 'panel'] as const,
  trend: (days: number) => [...dashboardKeys.all, 'trend', days] as const,
  histogram: (months: number) => [...dashboardKeys.all, 'histogram', months] as const,
  pie: () => [...dashboardKeys.all, 'pie'] as const,
  subAccounts: (current: number) => [...dashboardKeys.all, 'subAccounts', current, DASHBOARD_PAGE_SIZE] as const,
  offline: (current: number) => [...dashboardKeys.all, 'offline', current, DASHBOARD_PAGE_SIZE] as const,
  apnsExpiry: () => [...dashboardKeys.all, 'apnsExpiry'] as const,
}

// staleTime 0: opening the home screen always refreshes its figures (a device added a moment ago counts), while the
// cached ones stay on screen until the answer arrives.
const persisted = { meta: { persist: true }, staleTime: 0 } as const

export const panelQuery = () => queryOptions({ queryKey: dashboardKeys.panel(), queryFn: () => call(api.workspace.panel, {}), ...persisted })

export const trendQuery = (days = TREND_DAYS) =>
  queryOptions({ queryKey: dashboardKeys.trend(days), queryFn: () => call(api.workspace.trend, { days }), ...persisted })

export const histogramQuery = (months = HISTOGRAM_MONTHS) =>
  queryOptions({ queryKey: dashboardKeys.histogram(months), queryFn: () => call(api.workspace.histogram, { months }), ...persisted })

export const pieQuery = () => queryOptions({ queryKey: dashboardKeys.pie(), queryFn: () => call(api.workspace.pieChart, {}), ...persisted })

export const subAccountsQuery = (current: number) =>
  queryOptions({
    queryKey: dashboardKeys.subAccounts(current),
    queryFn: () => call(api.workspace.subAccountList, { current, pageSize: DASHBOARD_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    ...persisted,
  })

export const offlineDevicesQuery = (current: number) =>
  queryOptions({
    queryKey: dashboardKeys.offline(current),
    queryFn: () => call(api.workspace.deviceOffline24H, { current, pageSize: DASHBOARD_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    ...persisted,
  })

/** Platform administrators: the APNs certificate's expiry, for the warning (not persisted: it must be current). */
export const apnsExpiryQuery = () => queryOptions({ queryKey: dashboardKeys.apnsExpiry(), queryFn: () => call(api.certificate.apnsExpiry, {}) })

/**
 * The latest announcements (GET /announcement/list). Keyed under the announcement screens' ['announcement', 'list']
 * (features do not import each other), so reading or editing one there refreshes this block too.
 */
export const announcementsKey = ['announcement'] as const
export const latestAnnouncementsQuery = (size = 5) =>
  queryOptions({ queryKey: [...announcementsKey, 'list', 'latest', size] as const, queryFn: () => call(api.announcement.list, { size }), ...persisted })

/**
 * Issue #45: how many devices' service ends soon (the 即将到期 list's total). Keyed under the renewals screen's
 * ['lifecycle', 'expiring', …] (features do not import each other), so 已付款 there refreshes the count too.
 */
export const expiringCountQuery = () =>
  queryOptions({ queryKey: ['lifecycle', 'expiring', { current: 1, pageSize: 1 }] as const, queryFn: () => call(api.lifecycle.expiring, { current: 1, pageSize: 1 }) })
