import { z } from 'zod'
import { successMessages } from '../messages/common'
import { lockMessageText, restrictionText } from '../messages/ios-detail-a'
import { isRealDate } from '../domain/validators'
import { STRATEGY_BOOLEAN_KEYS as strategyKeys, STRATEGY_DEFAULTS as strategyDefaults, type StrategyBooleanKey as StrategyKey } from '../domain/strategy'
import { access, endpoint } from './endpoint'
import { CommandResponse, DeviceIdQuery, DeviceIdRequest } from './huawei-device'
import { IosLocation } from './my-device'

/**
 * The Apple detail's restriction strategy, lock-screen message, device information and location (SPEC §7
 * "Restrictions, … messages, location"; issue #14). What each sends to the device is the server's
 * (modules/ios-detail); the restriction keys are mapped to Apple's in shared/domain/restrictions.ts.
 */

const device = access.authority('ios:device')
/** What sends something to the device is a command (the same authority as the 'my device' commands). */
const command = access.authority('ios:command')

/** How a profile sent to the device stands: waiting for it, installed, refused, or taken off when it ran out. */
export const ProfileStatus = z.enum(['NONE', 'PENDING', 'INSTALLED', 'FAILED', 'EXPIRED', 'CLEARED'])
export type ProfileStatus = z.infer<typeof ProfileStatus>

const strategyShape = Object.fromEntries(strategyKeys.map((k) => [k, z.boolean().default(strategyDefaults[k])])) as {
  [K in StrategyKey]: z.ZodDefault<z.ZodBoolean>
}
const strategyRecordShape = Object.fromEntries(strategyKeys.map((k) => [k, z.boolean()])) as { [K in StrategyKey]: z.ZodBoolean }

/** "0" (none) or whole minutes up to a year; the console sends it only when not "0" (SPEC §9). */
const expiryMinutes = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, restrictionText.expiryInvalid)
  .refine((v) => Number(v) <= 525_600, restrictionText.expiryInvalid)

/** PUT /device/restriction/installProfile: the 15 booleans (absent → SPEC §9 default) and the expiry. */
export const RestrictionInstallRequest = z.strictObject({ deviceId: DeviceIdRequest.shape.deviceId, ...strategyShape, expiryTimeMinute: expiryMinutes.default('0') })
export type RestrictionInstallRequest = z.input<typeof RestrictionInstallRequest>

/** GET /device/restriction/getByDeviceId: the strategy stored for the device (defaults when none) and how it stands. */
export const RestrictionResponse = z.object({
  deviceId: z.number(),
  ...strategyRecordShape,
  expiryTimeMinute: z.string(),
  status: ProfileStatus,
  taskId: z.string().nullable(),
  savedAt: z.string().nullable(),
  /** When an expiring strategy is (or was) removed. */
  expiresAt: z.string().nullable(),
})
export type RestrictionResponse = z.infer<typeof RestrictionResponse>

/** YYYY-MM-DD naming a real date (the past is refused by the server, which knows today). */
const expiredDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, lockMessageText.dateFormat)
  .refine((v) => isRealDate(Number(v.slice(0, 4)), Number(v.slice(5, 7)), Number(v.slice(8, 10))), lockMessageText.dateFormat)

/** POST /device/message/sendLockScreenMessage. */
export const LockScreenMessageRequest = z.strictObject({
  deviceId: DeviceIdRequest.shape.deviceId,
  message: z.string().trim().min(1).max(200),
  expiredDate,
})
export type LockScreenMessageRequest = z.input<typeof LockScreenMessageRequest>

/** GET /device/message/getByDeviceId: the message last pushed, or null. */
export const LockScreenMessageResponse = z
  .object({ message: z.string(), expiredDate: z.string(), status: ProfileStatus, taskId: z.string().nullable(), sentAt: z.string() })
  .nullable()
export type LockScreenMessageResponse = z.infer<typeof LockScreenMessageResponse>

/** GET /device/information/getByDeviceId: what the device answered to DeviceInformation (null fields: not reported). */
export const DeviceInformationResponse = z.object({
  reportedAt: z.string().nullable(),
  lastCommunicationTime: z.string().nullable(),
  deviceName: z.string().nullable(),
  modelName: z.string().nullable(),
  productName: z.string().nullable(),
  osVersion: z.string().nullable(),
  buildVersion: z.string().nullable(),
  /** GB, as Apple reports DeviceCapacity and AvailableDeviceCapacity. */
  deviceCapacity: z.number().nullable(),
  availableDeviceCapacity: z.number().nullable(),
  /** 0…1. */
  batteryLevel: z.number().nullable(),
  imei: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isSupervised: z.boolean().nullable(),
  isActivationLockEnabled: z.boolean().nullable(),
  /** What the device answered to 检查网络 (checkNetwork's DeviceInformation), or null when never asked. */
  network: z
    .object({
      reportedAt: z.string(),
      /** CurrentCarrierNetwork, or SubscriberCarrierNetwork when not on a network. */
      carrier: z.string().nullable(),
      /** Apple's CellularTechnology: 0 none, 1 GSM, 2 CDMA, 3 both. */
      cellularTechnology: z.number().nullable(),
      isRoaming: z.boolean().nullable(),
      dataRoamingEnabled: z.boolean().nullable(),
      personalHotspotEnabled: z.boolean().nullable(),
      wifiMac: z.string().nullable(),
      bluetoothMac: z.string().nullable(),
      iccid: z.string().nullable(),
    })
    .nullable(),
})
export type DeviceInformationResponse = z.infer<typeof DeviceInformationResponse>

export const iosDetailEndpoints = {
  restriction: endpoint({ base: 'main', method: 'GET', path: '/device/restriction/getByDeviceId', access: device, request: DeviceIdQuery, response: RestrictionResponse }),
  installRestriction: endpoint({ base: 'main', method: 'PUT', path: '/device/restriction/installProfile', access: command, request: RestrictionInstallRequest, response: CommandResponse, success: successMessages.saveStrategy }),
  /** 解除限制: the restrictions profile comes off the device now (SPEC §8 解除限制成功; a detail path the spec does not show). */
  releaseRestriction: endpoint({ base: 'main', method: 'POST', path: '/device/restriction/removeProfile', access: command, request: DeviceIdRequest, response: CommandResponse, success: successMessages.releaseRestriction }),
  lockScreenMessage: endpoint({ base: 'main', method: 'GET', path: '/device/message/getByDeviceId', access: device, request: DeviceIdQuery, response: LockScreenMessageResponse }),
  sendLockScreenMessage: endpoint({ base: 'main', method: 'POST', path: '/device/message/sendLockScreenMessage', access: command, request: LockScreenMessageRequest, response: CommandResponse, success: successMessages.sendMessage }),
  clearLockScreenMessage: endpoint({ base: 'main', method: 'POST', path: '/device/message/clearLockScreenMessage', access: command, request: DeviceIdRequest, response: CommandResponse, success: successMessages.clearMessage }),
  location: endpoint({ base: 'main', method: 'GET', path: '/device/location/now', access: device, request: DeviceIdQuery, response: IosLocation.nullable() }),
  information: endpoint({ base: 'main', method: 'GET', path: '/device/information/getByDeviceId', access: device, request: DeviceIdQuery, response: DeviceInformationResponse }),
  refreshInformation: endpoint({ base: 'main', method: 'POST', path: '/device/information/refresh', access: command, request: DeviceIdRequest, response: CommandResponse }),
}
