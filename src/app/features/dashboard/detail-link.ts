import type { OfflineDeviceRecord } from '../../../shared/contract/workspace'
import type { RoutePath } from '../../../shared/messages/routes'

/**
 * Where a device's detail is, per family (SPEC §2): Apple's /ios/detail reads `device-id` (its screen also falls back
 * to the browser-stored device-id), Huawei's /huawei/detail reads `huawei-device-id`, and the Mi area shows a
 * device on its list route with `mi-device-id`. The names are the device features' (features do not import each
 * other); the e2e journey opens a device from here, so a renamed parameter fails there.
 */
export function detailLink(d: Pick<OfflineDeviceRecord, 'id' | 'platform'>): { to: RoutePath; search: Record<string, number> } {
  switch (d.platform) {
    case 'IOS':
      return { to: '/ios/detail', search: { 'device-id': d.id } }
    case 'HUAWEI':
      return { to: '/huawei/detail', search: { 'huawei-device-id': d.id } }
    case 'MI':
      return { to: '/mi/device', search: { 'mi-device-id': d.id } }
  }
}

/** SPEC §2's browser-stored value of the viewed Apple device. */
export function rememberDevice(id: number): void {
  try {
    localStorage.setItem('device-id', String(id))
  } catch {
    // storage full or refused: the link carries the id
  }
}

/** Where a dashboard tile leads: a device list (with its filter), or a block of the dashboard itself. */
export type ListLink = { to: RoutePath; search?: Record<string, string> } | { hash: string }

export const FAMILIES_BLOCK_ID = 'dash-families'
export const OFFLINE_BLOCK_ID = 'dash-offline'

const familyLists: Record<OfflineDeviceRecord['platform'], RoutePath> = { IOS: '/ios/device', HUAWEI: '/huawei/device', MI: '/mi/device' }

/** A family's device list, filtered by a SPEC §4 status (the lists' connectionStatus search parameter). */
export function familyListLink(platform: OfflineDeviceRecord['platform'], status?: 'success' | 'warning' | 'error'): { to: RoutePath; search?: Record<string, string> } {
  return status ? { to: familyLists[platform], search: { connectionStatus: status } } : { to: familyLists[platform] }
}

/**
 * Issue #43: a tile counting every family's devices opens the list it counts when one family has them all, else the
 * families' block, whose rows open each family's list (filtered the same way).
 */
export function tileLink(families: { platform: OfflineDeviceRecord['platform']; total: number }[], status?: 'success'): ListLink {
  const withDevices = families.filter((f) => f.total > 0)
  return withDevices.length === 1 ? familyListLink(withDevices[0].platform, status) : { hash: FAMILIES_BLOCK_ID }
}
