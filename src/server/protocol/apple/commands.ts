import { z } from 'zod'
import { appleMdmText as t } from '../../../shared/messages/apple'
import type { PlistDict } from './plist'

/**
 * The Apple command catalogue (docs/apple-commands.md): every 'my device' command of SPEC §7, the MDM request(s)
 * it queues, whether iOS needs the device supervised, and the commands that are not MDM requests at all but calls
 * of Apple's web services (Apple Business Manager). Payload keys are exactly those of Apple's schema
 * (github.com/apple/device-management, mdm/commands); tests/integration/apple-commands.test.ts holds every plist
 * built here against it.
 */

/** One queued MDM request: a task whose payload is { requestType, params }. */
export interface QueuedRequest {
  requestType: string
  params: Record<string, unknown>
}

export interface AppleCommand {
  /** Needs a supervised device (Apple's schema: supportedOS.iOS.supervised). */
  supervised: boolean
  /** Not an MDM request: a call of Apple's web services, which must be configured. */
  webService?: 'disableActivationLock' | 'disown'
  params: z.ZodType<Record<string, unknown>>
  requests(params: Record<string, unknown>): QueuedRequest[]
}

const text = (max: number) => z.string().trim().max(max)
const none = z.object({}).strict()

/** DeviceInformation queries answered by checkNetwork (names from Apple's DeviceInformation documentation). */
export const NETWORK_QUERIES = [
  'WiFiMAC', 'BluetoothMAC', 'IsRoaming', 'CurrentCarrierNetwork', 'SubscriberCarrierNetwork', 'CellularTechnology',
  'DataRoamingEnabled', 'VoiceRoamingEnabled', 'PersonalHotspotEnabled', 'PhoneNumber', 'IMEI', 'ICCID',
  'OSVersion', 'BuildVersion', 'IsSupervised', 'IsActivationLockEnabled', 'BatteryLevel', 'DeviceName', 'ModelName',
]
const MAC_QUERIES = ['WiFiMAC', 'BluetoothMAC']

const lostModeParams = z
  .object({ message: text(200).optional(), phoneNumber: text(32).optional(), footnote: text(100).optional() })
  .strict()

/** EnableLostMode needs a Message or a PhoneNumber (Apple's schema). */
function lostMode(p: Record<string, unknown>, defaultMessage: string): QueuedRequest {
  const message = (p.message as string | undefined) || (p.phoneNumber ? undefined : defaultMessage)
  return {
    requestType: 'EnableLostMode',
    params: {
      ...(message ? { Message: message } : {}),
      ...(p.phoneNumber ? { PhoneNumber: p.phoneNumber } : {}),
      ...(p.footnote ? { Footnote: p.footnote } : {}),
    },
  }
}

export const appleCommands = {
  checkNetwork: { supervised: false, params: none, requests: () => [{ requestType: 'DeviceInformation', params: { Queries: NETWORK_QUERIES } }] },
  clearPasscode: { supervised: false, params: none, requests: () => [{ requestType: 'ClearPasscode', params: {} }] },
  // 下发激活锁: allows Activation Lock on a supervised device (Settings → MDMOptions).
  activationLock: {
    supervised: true,
    params: none,
    requests: () => [{ requestType: 'Settings', params: { Settings: [{ Item: 'MDMOptions', MDMOptions: { ActivationLockAllowedWhileSupervised: true } }] } }],
  },
  // 删除监管: removes the enrollment profile; the device checks out.
  removeProfile: { supervised: false, params: none, requests: () => [{ requestType: 'RemoveProfile', params: { Identifier: ENROLLMENT_PROFILE_IDENTIFIER } }] },
  disableActivationLock: { supervised: true, webService: 'disableActivationLock', params: none, requests: () => [] },
  enableLostMode: { supervised: true, params: lostModeParams, requests: (p) => [lostMode(p, t.lockDownMessage)] },
  disableLostMode: { supervised: true, params: none, requests: () => [{ requestType: 'DisableLostMode', params: {} }] },
  deviceErase: { supervised: false, params: none, requests: () => [{ requestType: 'EraseDevice', params: {} }] },
  // The bypass code is returned to the console (sealed in the task's result).
  showActivationLockPassword: { supervised: true, params: none, requests: () => [{ requestType: 'ActivationLockBypassCode', params: {} }] },
  // Pay mode: the rented phone shows the payment notice in lost mode until closed.
  openPayMode: { supervised: true, params: lostModeParams, requests: (p) => [lostMode(p, t.payModeMessage)] },
  closePayMode: { supervised: true, params: none, requests: () => [{ requestType: 'DisableLostMode', params: {} }] },
  // 一键下锁: locks the screen now, with the company's notice.
  oneClickLockDown: {
    supervised: false,
    params: z.object({ message: text(200).optional(), phoneNumber: text(32).optional() }).strict(),
    requests: (p) => [
      { requestType: 'DeviceLock', params: { Message: (p.message as string | undefined) || t.lockDownMessage, ...(p.phoneNumber ? { PhoneNumber: p.phoneNumber } : {}) } },
    ],
  },
  disownDevice: { supervised: false, webService: 'disown', params: none, requests: () => [] },
  playLostModeSound: { supervised: true, params: none, requests: () => [{ requestType: 'PlayLostModeSound', params: {} }] },
  scheduleOSUpdate: {
    supervised: true,
    params: z.object({ productVersion: z.string().regex(/^\d+(\.\d+){0,2}$/).optional() }).strict(),
    requests: (p) => [
      { requestType: 'ScheduleOSUpdate', params: { Updates: [{ InstallAction: 'Default', ...(p.productVersion ? { ProductVersion: p.productVersion } : {}) }] } },
    ],
  },
  deviceLocation: { supervised: true, params: none, requests: () => [{ requestType: 'DeviceLocation', params: {} }] },
  // 锁定MAC: reads the Wi-Fi and Bluetooth addresses; the ones reported are kept as the device's bound addresses.
  macLock: { supervised: false, params: none, requests: () => [{ requestType: 'DeviceInformation', params: { Queries: MAC_QUERIES } }] },
  installedApplicationList: { supervised: false, params: none, requests: () => [{ requestType: 'InstalledApplicationList', params: {} }] },
} satisfies Record<string, AppleCommand>

export type AppleCommandName = keyof typeof appleCommands
export const appleCommandNames = Object.keys(appleCommands) as AppleCommandName[]

export function isAppleCommand(name: string): name is AppleCommandName {
  return Object.hasOwn(appleCommands, name)
}

/** The PayloadIdentifier of every enrollment profile this server hands out (RemoveProfile names it). */
export const ENROLLMENT_PROFILE_IDENTIFIER = 'cn.mdm-console.enrollment'

/** Requests whose answer holds a secret: stored sealed in the task's result. */
export const secretRequestTypes = new Set(['ActivationLockBypassCode'])

/**
 * The Command dictionary sent to the device for a queued request. ClearPasscode carries the device's UnlockToken,
 * which is filled in only at delivery (never stored in the task).
 */
export function commandDict(request: QueuedRequest, device: { unlockToken: Buffer | null }): PlistDict {
  const command: PlistDict = { RequestType: request.requestType, ...request.params }
  if (request.requestType === 'ClearPasscode' && device.unlockToken) command.UnlockToken = device.unlockToken
  return command
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined
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
): { state: Record<string, unknown>; result: Record<string, unknown> } {
  const at = now.toISOString()
  switch (request.requestType) {
    case 'EnableLostMode': {
      const lost = { message: request.params.Message ?? '', phoneNumber: request.params.PhoneNumber ?? '', footnote: request.params.Footnote ?? '' }
      return { state: name === 'openPayMode' ? { lostMode: true, payMode: true, lostModeInfo: lost } : { lostMode: true, lostModeInfo: lost }, result: {} }
    }
    case 'DisableLostMode':
      return { state: { lostMode: false, payMode: false, lostModeInfo: null }, result: {} }
    case 'DeviceLock':
      return { state: { locked: true, lockedAt: at }, result: {} }
    case 'ClearPasscode':
      return { state: { passcodePresent: false }, result: {} }
    case 'EraseDevice':
      return { state: { erased: true, erasedAt: at, lostMode: false }, result: {} }
    case 'PlayLostModeSound':
      return { state: { lostModeSoundAt: at }, result: {} }
    case 'DeviceLocation': {
      const location = { latitude: num(answer.Latitude), longitude: num(answer.Longitude), horizontalAccuracy: num(answer.HorizontalAccuracy), at }
      return { state: { location }, result: { location } }
    }
    case 'InstalledApplicationList': {
      const list = Array.isArray(answer.InstalledApplicationList) ? (answer.InstalledApplicationList as PlistDict[]) : []
      const apps = list.map((a) => ({ identifier: String(a.Identifier ?? ''), name: String(a.Name ?? ''), version: String(a.ShortVersion ?? a.Version ?? '') }))
      return { state: { installedApps: apps, installedAppsAt: at }, result: { count: apps.length } }
    }
    case 'DeviceInformation': {
      const info = answer.QueryResponses && typeof answer.QueryResponses === 'object' ? (answer.QueryResponses as PlistDict) : {}
      const state: Record<string, unknown> = { network: info, networkAt: at }
      if (typeof info.IsSupervised === 'boolean') state.supervised = info.IsSupervised
      if (typeof info.IsActivationLockEnabled === 'boolean') state.activationLockEnabled = info.IsActivationLockEnabled
      if (name === 'macLock') return { state: { macLock: { wifiMac: info.WiFiMAC ?? '', bluetoothMac: info.BluetoothMAC ?? '', at } }, result: { ...info } }
      return { state, result: { ...info } }
    }
    case 'ScheduleOSUpdate': {
      const results = Array.isArray(answer.UpdateResults) ? (answer.UpdateResults as PlistDict[]) : []
      return { state: { osUpdate: results.map((r) => ({ productKey: r.ProductKey, status: r.Status, installAction: r.InstallAction })) }, result: {} }
    }
    case 'Settings':
      return { state: { activationLockAllowed: true }, result: {} }
    case 'ActivationLockBypassCode':
      return { state: {}, result: { activationLockBypassCode: typeof answer.ActivationLockBypassCode === 'string' ? answer.ActivationLockBypassCode : '' } }
    case 'RemoveProfile':
      return { state: { profileRemoved: true }, result: {} }
    default:
      return { state: {}, result: {} }
  }
}

/** Apple's web services for the commands that are not MDM requests. Without an ABM account they say so. */
export interface AppleWebServices {
  disableActivationLock(device: { serialNumber: string }): Promise<void>
  disown(device: { serialNumber: string }): Promise<void>
}

export class WebServiceNotConfigured extends Error {}

/** The client while no Apple Business Manager server token is configured: every call is refused, never faked. */
export const unconfiguredWebServices: AppleWebServices = {
  disableActivationLock: () => Promise.reject(new WebServiceNotConfigured(t.webServiceNotConfigured(t.disableActivationLock))),
  disown: () => Promise.reject(new WebServiceNotConfigured(t.webServiceNotConfigured(t.disown))),
}
