import type { AsyncRouteComponent } from '@tanstack/react-router'
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
}
