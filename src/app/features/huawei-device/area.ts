import { deviceAreaAuthorities, huaweiBasePrefix, type DeviceAreaAuthorities } from '../../../shared/domain/device-areas'
import type { AgentPlatform } from '../../../shared/contract/agent'
import type { RoutePath } from '../../../shared/messages'

/**
 * The Huawei and the Mi area show the same screens over the same device model (platform HUAWEI or MI); the Mi
 * area's API is the Huawei base's device resource under /mi. The Mi area has no detail route of its own
 * (SPEC §2), so its list shows a device's detail in place, from the mi-device-id page parameter.
 */
export interface DeviceArea {
  platform: AgentPlatform
  /** Prefix of the device resource on the Huawei base. */
  api: '' | '/mi'
  listPath: RoutePath
  recyclePath: RoutePath
  /** The authorities the server's device routes require (one map for both sides). */
  authority: Readonly<DeviceAreaAuthorities>
}

export const huaweiArea: DeviceArea = {
  platform: 'HUAWEI',
  api: huaweiBasePrefix.HUAWEI,
  listPath: '/huawei/device',
  recyclePath: '/huawei/recycle',
  authority: deviceAreaAuthorities.HUAWEI,
}

export const miArea: DeviceArea = {
  platform: 'MI',
  api: huaweiBasePrefix.MI,
  listPath: '/mi/device',
  recyclePath: '/mi/recycle',
  authority: deviceAreaAuthorities.MI,
}

/** SPEC §2: the Huawei detail reads the device id from the huawei-device-id page parameter. */
export const HUAWEI_DEVICE_ID_PARAM = 'huawei-device-id'
export const MI_DEVICE_ID_PARAM = 'mi-device-id'
