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
