import { lazyRouteComponent, type AsyncRouteComponent } from '@tanstack/react-router'
import type { z } from 'zod'
import type { RoutePath } from '../shared/messages'

/**
 * The screen of each shell route, loaded lazily so the first screen stays small (maps, charts and heavy forms
 * arrive only when opened). A route without an entry shows its titled placeholder.
 * Each feature adds one entry here; the router composes them (STYLE §1: route files are thin).
 */
export interface ScreenEntry {
  component: AsyncRouteComponent<unknown>
  /** Search parameters of the screen, validated so a reload or a shared link restores it (STYLE §4). */
  search?: z.ZodType<Record<string, unknown>>
}

export const screens: Partial<Record<RoutePath, ScreenEntry>> = {
  // e.g. '/user/staff': { component: lazyRouteComponent(() => import('./features/staff/StaffScreen'), 'StaffScreen') },
  // Organization (issue #5). List screens read their filters from the URL inside the lazy chunk (useSearchState).
  '/user/staff': { component: lazyRouteComponent(() => import('./features/staff/StaffScreen'), 'StaffScreen') },
  '/sys': { component: lazyRouteComponent(() => import('./features/role/RoleScreen'), 'RoleScreen') },
  '/user/business': { component: lazyRouteComponent(() => import('./features/company/CompanyScreen'), 'CompanyScreen') },
  '/account/ios': { component: lazyRouteComponent(() => import('./features/quota/QuotaRecordScreen'), 'IosQuotaScreen') },
  '/account/huawei': { component: lazyRouteComponent(() => import('./features/quota/QuotaRecordScreen'), 'HuaweiQuotaScreen') },
  '/userRegister': { component: lazyRouteComponent(() => import('./features/registration/RegistrationScreen'), 'RegistrationScreen') },
  '/center': { component: lazyRouteComponent(() => import('./features/personal-center/CenterScreen'), 'CenterScreen') },
  '/access': { component: lazyRouteComponent(() => import('./features/access/AccessScreen'), 'AccessScreen') },
  // Huawei and Mi devices (issue #6). Page parameters (huawei-device-id, mi-device-id, filters) are validated with
  // zod inside the lazy chunk (useSearchState), keeping zod out of the first paint.
  '/huawei/device': { component: lazyRouteComponent(() => import('./features/huawei-device/DeviceScreens'), 'HuaweiDeviceScreen') },
  '/huawei/recycle': { component: lazyRouteComponent(() => import('./features/huawei-device/DeviceScreens'), 'HuaweiRecycleScreen') },
  '/huawei/detail': { component: lazyRouteComponent(() => import('./features/huawei-device/DeviceScreens'), 'HuaweiDetailScreen') },
  '/mi/device': { component: lazyRouteComponent(() => import('./features/huawei-device/DeviceScreens'), 'MiDeviceScreen') },
  '/mi/recycle': { component: lazyRouteComponent(() => import('./features/huawei-device/DeviceScreens'), 'MiRecycleScreen') },
}
