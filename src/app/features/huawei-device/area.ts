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
  authority: { device: string; command: string; recycle: string }
}

export const huaweiArea: DeviceArea = {
  platform: 'HUAWEI',
  api: '',
  listPath: '/huawei/device',
  recyclePath: '/huawei/recycle',
  authority: { device: 'huawei:device', command: 'huawei:command', recycle: 'huawei:recycle' },
}

export const miArea: DeviceArea = {
  platform: 'MI',
  api: '/mi',
  listPath: '/mi/device',
  recyclePath: '/mi/recycle',
  authority: { device: 'mi:device', command: 'mi:device', recycle: 'mi:recycle' },
}

/** SPEC §2: the Huawei detail reads the device id from the huawei-device-id page parameter. */
export const HUAWEI_DEVICE_ID_PARAM = 'huawei-device-id'
export const MI_DEVICE_ID_PARAM = 'mi-device-id'
