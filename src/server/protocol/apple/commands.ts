import type { z } from 'zod'
import { myDeviceCommandParams } from '../../../shared/contract/my-device'
import type { MyDeviceCommandName } from '../../../shared/domain/ios-commands'
import { appleMdmText as t } from '../../../shared/messages/apple'
import type { PlistDict } from './plist'
import { ENROLLMENT_PROFILE_IDENTIFIER } from './identifiers'

/**
 * The Apple command catalogue (docs/apple-commands.md): every 'my device' command of SPEC §7, the MDM request(s)
 * it queues, and the commands that are not MDM requests at all but calls
 * of Apple's web services (Apple Business Manager). Payload keys are exactly those of Apple's schema
 * (github.com/apple/device-management, mdm/commands); tests/integration/apple-commands.test.ts holds every plist
 * built here against it.
 */

/** One queued MDM request: a task whose payload is { requestType, params } (and `sealed`, see `secret`). */
export interface QueuedRequest {
  requestType: string
  params: Record<string, unknown>
  /** Keys that must not be stored readable (macLock's PIN): sealed in the task's payload, opened only at delivery. */
  secret?: Record<string, unknown>
}

export interface AppleCommand {
  /** Not an MDM request: a call of Apple's web services, which must be configured. */
  webService?: 'disableActivationLock' | 'disown'
  /** The contract's parameters of the command (src/shared/contract/my-device.ts). */
  params: z.ZodType<Record<string, unknown>>
  requests(params: Record<string, unknown>): QueuedRequest[]
}

/** DeviceInformation queries answered by checkNetwork (names from Apple's DeviceInformation documentation). */
export const NETWORK_QUERIES = [
  'WiFiMAC', 'BluetoothMAC', 'IsRoaming', 'CurrentCarrierNetwork', 'SubscriberCarrierNetwork', 'CellularTechnology',
  'DataRoamingEnabled', 'VoiceRoamingEnabled', 'PersonalHotspotEnabled', 'PhoneNumber', 'IMEI', 'ICCID', 'ServiceSubscriptions',
  'OSVersion', 'BuildVersion', 'IsSupervised', 'IsActivationLockEnabled', 'BatteryLevel', 'DeviceName', 'ModelName',
]

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

const p = myDeviceCommandParams
/** Whether iOS needs supervision for a command is the shared rule (src/shared/domain/ios-commands.ts). */
export const appleCommands = {
  checkNetwork: { params: p.checkNetwork, requests: () => [{ requestType: 'DeviceInformation', params: { Queries: NETWORK_QUERIES } }] },
  clearPasscode: { params: p.clearPasscode, requests: () => [{ requestType: 'ClearPasscode', params: {} }] },
  // 下发激活锁: allows Activation Lock on a supervised device (Settings → MDMOptions).
  activationLock: {
    params: p.activationLock,
    requests: () => [{ requestType: 'Settings', params: { Settings: [{ Item: 'MDMOptions', MDMOptions: { ActivationLockAllowedWhileSupervised: true } }] } }],
  },
  // 删除监管: removes the enrollment profile; the device checks out.
  removeProfile: { params: p.removeProfile, requests: () => [{ requestType: 'RemoveProfile', params: { Identifier: ENROLLMENT_PROFILE_IDENTIFIER } }] },
  disableActivationLock: { webService: 'disableActivationLock', params: p.disableActivationLock, requests: () => [] },
  enableLostMode: { params: p.enableLostMode, requests: (q) => [lostMode(q, t.lockDownMessage)] },
  disableLostMode: { params: p.disableLostMode, requests: () => [{ requestType: 'DisableLostMode', params: {} }] },
  deviceErase: { params: p.deviceErase, requests: () => [{ requestType: 'EraseDevice', params: {} }] },
  // The bypass code is returned to the console (sealed in the task's result).
  showActivationLockPassword: { params: p.showActivationLockPassword, requests: () => [{ requestType: 'ActivationLockBypassCode', params: {} }] },
  // Pay mode: the rented phone shows the payment notice in lost mode until closed.
  openPayMode: { params: p.openPayMode, requests: (q) => [lostMode(q, t.payModeMessage)] },
  closePayMode: { params: p.closePayMode, requests: () => [{ requestType: 'DisableLostMode', params: {} }] },
  // 一键下锁: locks the screen now, with the company's notice.
  oneClickLockDown: {
    params: p.oneClickLockDown,
    requests: (q) => [
      { requestType: 'DeviceLock', params: { Message: (q.message as string | undefined) || t.lockDownMessage, ...(q.phoneNumber ? { PhoneNumber: q.phoneNumber } : {}) } },
    ],
  },
  disownDevice: { webService: 'disown', params: p.disownDevice, requests: () => [] },
  playLostModeSound: { params: p.playLostModeSound, requests: () => [{ requestType: 'PlayLostModeSound', params: {} }] },
  // SPEC §4: InstallAction is always Default, whatever the request said.
  scheduleOSUpdate: {
    params: p.scheduleOSUpdate,
    requests: (q) => [
      { requestType: 'ScheduleOSUpdate', params: { Updates: [{ InstallAction: 'Default', ...(q.productVersion ? { ProductVersion: q.productVersion } : {}) }] } },
    ],
  },
  deviceLocation: { params: p.deviceLocation, requests: () => [{ requestType: 'DeviceLocation', params: {} }] },
  // 锁定MAC: DeviceLock with the 6-digit PIN a Mac asks for to unlock (an iPhone locks and ignores the PIN). The
  // PIN is sealed in the task and opened only when the command is delivered.
  macLock: {
    params: p.macLock,
    requests: (q) => [{ requestType: 'DeviceLock', params: { Message: t.lockDownMessage }, secret: { PIN: q.pin } }],
  },
  installedApplicationList: { params: p.installedApplicationList, requests: () => [{ requestType: 'InstalledApplicationList', params: {} }] },
} satisfies Record<MyDeviceCommandName, AppleCommand>

export type AppleCommandName = keyof typeof appleCommands
export const appleCommandNames = Object.keys(appleCommands) as AppleCommandName[]

export function isAppleCommand(name: string): name is AppleCommandName {
  return Object.hasOwn(appleCommands, name)
}

/** Requests whose answer holds a secret: stored sealed in the task's result. */
export const secretRequestTypes = new Set(['ActivationLockBypassCode'])

/**
 * The Command dictionary sent to the device for a queued request. ClearPasscode carries the device's UnlockToken,
 * and a request's secret keys (macLock's PIN) are added, both only at delivery (never stored readable in the task).
 */
export function commandDict(request: QueuedRequest, device: { unlockToken: Buffer | null }, secret: Record<string, unknown> = {}): PlistDict {
  const command: PlistDict = { RequestType: request.requestType, ...request.params, ...(secret as PlistDict) }
  if (request.requestType === 'ClearPasscode' && device.unlockToken) command.UnlockToken = device.unlockToken
  // InstallProfile's Payload is <data>: kept as base64 in the task's JSON payload.
  if (request.requestType === 'InstallProfile' && typeof command.Payload === 'string') command.Payload = Buffer.from(command.Payload, 'base64')
  return command
}

/** Apple's web services for the commands that are not MDM requests. Without an ABM account they say so. */
export interface AppleWebServices {
  /** 删除激活锁 (issue #42): Apple's device services unlock with an escrowed bypass code; `user` names who asks, for Apple's audit. */
  disableActivationLock(device: { id: number; companyId: number; serialNumber: string }, user: { username: string }): Promise<void>
  /** 下发激活锁 (issue #42): before the lock is on, the server's bypass code is escrowed where Apple takes it. */
  escrowBeforeLock(device: { id: number; companyId: number; serialNumber: string }): Promise<void>
  /** 解除ABM: the company's ABM link releases the serial (issue #42). */
  disown(device: { serialNumber: string; companyId: number }): Promise<void>
}

export class WebServiceNotConfigured extends Error {}

/** The client while no Apple Business Manager server token is configured: every call is refused, never faked. */
export const unconfiguredWebServices: AppleWebServices = {
  disableActivationLock: () => Promise.reject(new WebServiceNotConfigured(t.webServiceNotConfigured(t.disableActivationLock))),
  disown: () => Promise.reject(new WebServiceNotConfigured(t.webServiceNotConfigured(t.disown))),
  // Nothing to escrow without ABM: the phone's own code is read when the lock is removed.
  escrowBeforeLock: () => Promise.resolve(),
}
