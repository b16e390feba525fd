import type { PlistDict } from './plist'

/**
 * The detail's 设备信息 refresh (issue #14): a DeviceInformation request with these queries (names from Apple's
 * mdm/commands/information.device.yaml), its task type, and what its answer writes into devices.state — under its own
 * key, so it does not replace what checkNetwork reported.
 */
export const DEVICE_INFORMATION_TASK = 'deviceInformation'

export const DEVICE_INFORMATION_QUERIES = [
  'DeviceName', 'ModelName', 'Model', 'ProductName', 'SerialNumber', 'OSVersion', 'BuildVersion', 'DeviceCapacity',
  'AvailableDeviceCapacity', 'BatteryLevel', 'IMEI', 'PhoneNumber', 'IsSupervised', 'IsActivationLockEnabled',
]

export function deviceInformationAcknowledged(answer: PlistDict, at: string): { state: Record<string, unknown>; result: Record<string, unknown> } {
  const responses = answer.QueryResponses && typeof answer.QueryResponses === 'object' ? (answer.QueryResponses as PlistDict) : {}
  const info = Object.fromEntries(DEVICE_INFORMATION_QUERIES.filter((q) => q in responses).map((q) => [q, responses[q]]))
  const state: Record<string, unknown> = { deviceInformation: info, deviceInformationAt: at }
  if (typeof info.IsSupervised === 'boolean') state.supervised = info.IsSupervised
  if (typeof info.IsActivationLockEnabled === 'boolean') state.activationLockEnabled = info.IsActivationLockEnabled
  return { state, result: { ...info } }
}
