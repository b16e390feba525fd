import { str, type PlistDict } from './plist'

/**
 * The detail's 设备信息 refresh (issue #14): a DeviceInformation request with these queries (names from Apple's
 * mdm/commands/information.device.yaml), its task type, and what its answer writes into devices.state — under its own
 * key, so it does not replace what checkNetwork reported.
 */
export const DEVICE_INFORMATION_TASK = 'deviceInformation'

export const DEVICE_INFORMATION_QUERIES = [
  'DeviceName', 'ModelName', 'Model', 'ProductName', 'SerialNumber', 'OSVersion', 'BuildVersion', 'DeviceCapacity',
  'AvailableDeviceCapacity', 'BatteryLevel', 'IMEI', 'PhoneNumber', 'ServiceSubscriptions', 'IsSupervised', 'IsActivationLockEnabled',
]

/**
 * The SIM whose carrier, roaming, ICCID, IMEI and phone number a report gives: since iOS 16 these are per subscription
 * (ServiceSubscriptions), no longer top-level keys (deprecated); the data-preferred one, else the first. Empty when none.
 */
export function preferredSubscription(dict: PlistDict): PlistDict {
  const subs = Array.isArray(dict.ServiceSubscriptions) ? (dict.ServiceSubscriptions as unknown[]).filter((s): s is PlistDict => !!s && typeof s === 'object') : []
  return subs.find((s) => s.IsDataPreferred === true) ?? subs[0] ?? {}
}

/** A SIM's key from the preferred subscription, else the top-level key an iOS before 16 answers. */
export function simValue(dict: PlistDict, key: 'CurrentCarrierNetwork' | 'SubscriberCarrierNetwork' | 'IsRoaming' | 'ICCID' | 'IMEI' | 'PhoneNumber'): unknown {
  return preferredSubscription(dict)[key] ?? dict[key]
}

/** A DeviceInformation answer's QueryResponses ({} when it has none). */
export function queryResponses(answer: PlistDict): PlistDict {
  return answer.QueryResponses && typeof answer.QueryResponses === 'object' ? (answer.QueryResponses as PlistDict) : {}
}

/** What any DeviceInformation answer says of supervision and Activation Lock, which the commands' refusals read. */
export function lockFacts(info: PlistDict): { supervised?: boolean; activationLockEnabled?: boolean } {
  return {
    ...(typeof info.IsSupervised === 'boolean' ? { supervised: info.IsSupervised } : {}),
    ...(typeof info.IsActivationLockEnabled === 'boolean' ? { activationLockEnabled: info.IsActivationLockEnabled } : {}),
  }
}

export function deviceInformationAcknowledged(answer: PlistDict, at: string): { state: Record<string, unknown>; result: Record<string, unknown>; columns: DeviceColumns } {
  const responses = queryResponses(answer)
  const info = Object.fromEntries(DEVICE_INFORMATION_QUERIES.filter((q) => q in responses).map((q) => [q, responses[q]]))
  return { state: { deviceInformation: info, deviceInformationAt: at, ...lockFacts(info) }, result: { ...info }, columns: reportedColumns(responses) }
}

/** The device's own columns a message or an answer reports (the list's name, 型号, system version, IMEI). */
export interface DeviceColumns {
  model?: string
  name?: string
  osVersion?: string
  imei?: string
}

/**
 * The columns an Authenticate message or a DeviceInformation answer carries, and only those: a key left out (an
 * iPhone's Authenticate has no DeviceName; ProductName, OSVersion and IMEI need the device-information access right)
 * keeps what is stored. 型号 is the product (iPhone15,2); Model only where ProductName is missing (a Mac's
 * Authenticate; an iPhone's Model is a part number the console does not name).
 */
export function reportedColumns(dict: PlistDict): DeviceColumns {
  const model = str(dict, 'ProductName') ?? str(dict, 'Model')
  const name = str(dict, 'DeviceName')?.trim()
  const osVersion = str(dict, 'OSVersion')
  const imeiValue = simValue(dict, 'IMEI')
  const imei = typeof imeiValue === 'string' ? imeiValue.replace(/\s+/g, '') : undefined
  return {
    ...(model ? { model: model.slice(0, 64) } : {}),
    ...(name ? { name: name.slice(0, 64) } : {}),
    ...(osVersion ? { osVersion: osVersion.slice(0, 32) } : {}),
    ...(imei ? { imei: imei.slice(0, 32) } : {}),
  }
}
