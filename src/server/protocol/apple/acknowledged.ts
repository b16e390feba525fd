import { detailBAcknowledged } from './detail-b'
import { DEVICE_INFORMATION_TASK, deviceInformationAcknowledged, lockFacts, queryResponses, type DeviceColumns } from './device-information'
import type { QueuedRequest } from './commands'
import { ENROLLMENT_PROFILE_IDENTIFIER } from './identifiers'
import { numberValue, type PlistDict } from './plist'

function num(v: unknown): number | undefined {
  return numberValue(v) ?? undefined
}

/**
 * What an Acknowledged answer tells of the device: the state patch stored in devices.state (only the device's
 * report changes it), and the result kept in the task.
 */
export function acknowledged(
  name: string,
  request: QueuedRequest,
  answer: PlistDict,
  now: Date,
): { state: Record<string, unknown>; result: Record<string, unknown>; columns?: DeviceColumns } {
  const at = now.toISOString()
  const detailB = detailBAcknowledged(request, answer, at)
  if (detailB) return detailB
  switch (request.requestType) {
    case 'EnableLostMode': {
      // Since when it shows them (issue #43): the time the device reported lost mode on.
      const lost = { message: request.params.Message ?? '', phoneNumber: request.params.PhoneNumber ?? '', footnote: request.params.Footnote ?? '', since: at }
      // Pay mode is lost mode showing the payment notice; lost mode enabled again replaces it.
      return { state: { lostMode: true, payMode: name === 'openPayMode', lostModeInfo: lost }, result: {} }
    }
    case 'DisableLostMode':
      return { state: { lostMode: false, payMode: false, lostModeInfo: null }, result: {} }
    case 'DeviceLock':
      return { state: { locked: true, lockedAt: at }, result: {} }
    case 'ClearPasscode':
      return { state: { passcodePresent: false }, result: {} }
    case 'EraseDevice':
      return { state: { erased: true, erasedAt: at, lostMode: false, payMode: false, lostModeInfo: null, installedApps: [], installedAppsAt: at }, result: {} }
    case 'PlayLostModeSound':
      return { state: { lostModeSoundAt: at }, result: {} }
    case 'DeviceLocation': {
      const location = { latitude: num(answer.Latitude), longitude: num(answer.Longitude), horizontalAccuracy: num(answer.HorizontalAccuracy), at }
      return { state: { location }, result: { location } }
    }
    case 'InstalledApplicationList': {
      const list = Array.isArray(answer.InstalledApplicationList) ? (answer.InstalledApplicationList as PlistDict[]) : []
      const apps = list.map((a) => ({
        identifier: String(a.Identifier ?? ''),
        name: String(a.Name ?? ''),
        version: String(a.ShortVersion ?? a.Version ?? ''),
        bundleSize: num(a.BundleSize) ?? null,
      }))
      return { state: { installedApps: apps, installedAppsAt: at }, result: { count: apps.length } }
    }
    case 'DeviceInformation': {
      if (name === DEVICE_INFORMATION_TASK) return deviceInformationAcknowledged(answer, at)
      // 检查网络: its report is kept apart (设备信息 → 网络) and changes none of the device's columns.
      const info = queryResponses(answer)
      return { state: { network: info, networkAt: at, ...lockFacts(info) }, result: { ...info } }
    }
    case 'ScheduleOSUpdate': {
      const results = Array.isArray(answer.UpdateResults) ? (answer.UpdateResults as PlistDict[]) : []
      return { state: { osUpdate: results.map((r) => ({ productKey: r.ProductKey, status: r.Status, installAction: r.InstallAction })) }, result: {} }
    }
    case 'Settings':
      return { state: { activationLockAllowed: true }, result: {} }
    case 'ActivationLockBypassCode':
      return { state: {}, result: { activationLockBypassCode: typeof answer.ActivationLockBypassCode === 'string' ? answer.ActivationLockBypassCode : '' } }
    case 'DeviceConfigured':
      // Issue #42: the phone has left Setup Assistant (automated enrollment).
      return { state: { awaitingConfiguration: false }, result: {} }
    case 'RemoveProfile':
      // Only the enrollment profile's removal ends management; the detail's own profiles come and go.
      return { state: request.params.Identifier === ENROLLMENT_PROFILE_IDENTIFIER ? { profileRemoved: true } : {}, result: {} }
    default:
      return { state: {}, result: {} }
  }
}
