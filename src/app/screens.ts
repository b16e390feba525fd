import type { QueryClient } from '@tanstack/react-query'
import type { AsyncRouteComponent } from '@tanstack/react-router'
import type { RoutePath } from '../shared/messages/routes'
import { lazyScreen } from './lazy'

/**
 * The screen of each shell route, loaded lazily so the first screen stays small (maps, charts and heavy forms
 * arrive only when opened). A route without an entry shows its titled placeholder.
 * Each feature adds one entry here; the router composes them (STYLE §1: route files are thin).
 */
export interface ScreenEntry {
  component: AsyncRouteComponent<unknown>
  /** Starts the screen's first request from the page's URL search, while the router checks authorities (issue #16). */
  prefetch?: (queryClient: QueryClient, search: Record<string, unknown>) => Promise<void>
}

const huaweiScreens = () => import('./features/huawei-device/DeviceScreens')
const iosScreens = () => import('./features/ios-device/IosDeviceScreens')

export const screens: Partial<Record<RoutePath, ScreenEntry>> = {
  // Organization (issue #5). List screens read their filters from the URL inside the lazy chunk (useSearchState,
  // a hand-written parser: no zod on a list screen); their add/edit dialogs are fetched on first open.
  '/user/staff': { component: lazyScreen(() => import('./features/staff/StaffScreen'), 'StaffScreen') },
  '/sys': { component: lazyScreen(() => import('./features/role/RoleScreen'), 'RoleScreen') },
  '/user/business': { component: lazyScreen(() => import('./features/company/CompanyScreen'), 'CompanyScreen') },
  '/account/ios': { component: lazyScreen(() => import('./features/quota/QuotaRecordScreen'), 'IosQuotaScreen') },
  '/account/huawei': { component: lazyScreen(() => import('./features/quota/QuotaRecordScreen'), 'HuaweiQuotaScreen') },
  '/userRegister': { component: lazyScreen(() => import('./features/registration/RegistrationScreen'), 'RegistrationScreen') },
  '/center': { component: lazyScreen(() => import('./features/personal-center/CenterScreen'), 'CenterScreen') },
  '/access': { component: lazyScreen(() => import('./features/access/AccessScreen'), 'AccessScreen') },
  // The audit trail (issue #10).
  '/audit': { component: lazyScreen(() => import('./features/audit/AuditScreen'), 'AuditScreen') },
  // Huawei and Mi devices (issue #6). The lists and the Huawei detail are separate chunks; page parameters
  // (huawei-device-id, mi-device-id, filters) are parsed inside them (useSearchState).
  '/huawei/device': { component: lazyScreen(() => import('./features/huawei-device/DeviceScreens'), 'HuaweiDeviceScreen'), prefetch: (qc, s) => huaweiScreens().then((m) => m.prefetchList.huaweiDevice(qc, s)) },
  '/huawei/recycle': { component: lazyScreen(() => import('./features/huawei-device/DeviceScreens'), 'HuaweiRecycleScreen'), prefetch: (qc, s) => huaweiScreens().then((m) => m.prefetchList.huaweiRecycle(qc, s)) },
  '/huawei/detail': { component: lazyScreen(() => import('./features/huawei-device/DeviceDetailScreen'), 'HuaweiDetailScreen'), prefetch: (qc, s) => import('./features/huawei-device/DeviceDetailScreen').then((m) => m.prefetchDetail(qc, s)) },
  '/mi/device': { component: lazyScreen(() => import('./features/huawei-device/DeviceScreens'), 'MiDeviceScreen'), prefetch: (qc, s) => huaweiScreens().then((m) => m.prefetchList.miDevice(qc, s)) },
  '/mi/recycle': { component: lazyScreen(() => import('./features/huawei-device/DeviceScreens'), 'MiRecycleScreen'), prefetch: (qc, s) => huaweiScreens().then((m) => m.prefetchList.miRecycle(qc, s)) },
  // Apple devices (issue #13): the shared device screens with the Apple family; the detail reads device-id.
  '/ios/device': { component: lazyScreen(() => import('./features/ios-device/IosDeviceScreens'), 'IosDeviceScreen'), prefetch: (qc, s) => iosScreens().then((m) => m.prefetchList.iosDevice(qc, s)) },
  '/ios/recycle': { component: lazyScreen(() => import('./features/ios-device/IosDeviceScreens'), 'IosRecycleScreen'), prefetch: (qc, s) => iosScreens().then((m) => m.prefetchList.iosRecycle(qc, s)) },
  '/ios/detail': { component: lazyScreen(() => import('./features/ios-device/IosDetailScreen'), 'IosDetailScreen'), prefetch: (qc, s) => import('./features/ios-device/IosDetailScreen').then((m) => m.prefetchDetail(qc, s)) },
  // The APNs push certificate (issue #14), platform administrator only.
  '/certificate': { component: lazyScreen(() => import('./features/certificate/CertificateScreen'), 'CertificateScreen') },
  // Announcements and the service agreement (issue #15); create and edit are one page (SPEC §2).
  '/announcement': { component: lazyScreen(() => import('./features/announcement/AnnouncementScreen'), 'AnnouncementScreen') },
  '/announcement/create': { component: lazyScreen(() => import('./features/announcement/AnnouncementEditScreen'), 'AnnouncementEditScreen') },
  '/announcement/edit': { component: lazyScreen(() => import('./features/announcement/AnnouncementEditScreen'), 'AnnouncementEditScreen') },
  '/contract': { component: lazyScreen(() => import('./features/contract/ContractScreen'), 'ContractScreen') },
  // The dashboard (issue #15): counts in this chunk, its charts (uPlot) in a chunk of their own.
  '/dashboard': { component: lazyScreen(() => import('./features/dashboard/DashboardScreen'), 'DashboardScreen') },
  // Renewals of Apple devices' service and the blacklist (issue #15).
  '/ios/renew': { component: lazyScreen(() => import('./features/renew/RenewScreen'), 'RenewScreen') },
  '/blacklist': { component: lazyScreen(() => import('./features/blacklist/BlacklistScreen'), 'BlacklistScreen') },
  // The company's Apple Business Manager link and its devices (issue #42).
  '/ios/abm': { component: lazyScreen(() => import('./features/abm/AbmScreen'), 'AbmScreen') },
}
