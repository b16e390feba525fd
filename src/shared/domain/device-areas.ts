import type { AuthorityCode } from './authorities'

/**
 * Which authority of the authority tree (authorities.ts) each device area needs: listing and editing devices,
 * sending them commands, and the recycle bin. The server's routes and the console's screens read the same map.
 */
export type DeviceAreaPlatform = 'IOS' | 'HUAWEI' | 'MI'

export interface DeviceAreaAuthorities {
  device: AuthorityCode
  command: AuthorityCode
  recycle: AuthorityCode
}

export const deviceAreaAuthorities: Readonly<Record<DeviceAreaPlatform, Readonly<DeviceAreaAuthorities>>> = {
  IOS: { device: 'ios:device', command: 'ios:command', recycle: 'ios:recycle' },
  HUAWEI: { device: 'huawei:device', command: 'huawei:command', recycle: 'huawei:recycle' },
  // The authority tree has no separate Mi command authority: managing Mi devices includes commanding them.
  MI: { device: 'mi:device', command: 'mi:device', recycle: 'mi:recycle' },
}

/** Huawei-type areas share the Huawei base; the Mi area's device resource sits under /mi (server and console). */
export type HuaweiTypePlatform = Exclude<DeviceAreaPlatform, 'IOS'>
export const huaweiBasePrefix: Readonly<Record<HuaweiTypePlatform, '' | '/mi'>> = { HUAWEI: '', MI: '/mi' }
