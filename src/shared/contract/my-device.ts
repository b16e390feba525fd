import { z } from 'zod'
import { successMessages, validationMessages } from '../messages/common'
import { appleDeviceText } from '../messages/apple'
import { specCommandSuccess } from '../messages/ios-device'
import { huaweiDeviceText } from '../messages/devices'
import { myDeviceCommandNames, type MyDeviceCommandName } from '../domain/ios-commands'
import { access, binaryResponse, endpoint, noData, noRequest } from './endpoint'
import {
  CommandResponse,
  commonDeviceRecordFields,
  DeviceAddRequest,
  DeviceExportQuery,
  DeviceIdQuery,
  DeviceIdRequest,
  DeviceSearchQuery,
  UpdateRentUserInfoRequest,
} from './huawei-device'
import { deviceSerialSchema } from './device-fields'
import { pagedResponse } from '../domain/paging'
import { flexibleBoolean, idSchema } from './id'
import { contactPhoneSchema } from './common-phrases'

/**
 * The Apple 'my device' resource of SPEC §7 (main base /mdm/api/v1): lists, detail, registration, rent and device
 * info, recycle bin, export, installed apps and the 18 commands. The list, paging, renter fields, quota and recycle
 * bin are the Huawei area's (huawei-device.ts), shared rather than copied; what is Apple's own is here.
 */

// ---------------------------------------------------------------------------------------------------------------
// The record
// ---------------------------------------------------------------------------------------------------------------

/** What lost mode (or pay mode, which is lost mode with the payment notice) shows on the lock screen. */
export const IosLostModeInfo = z.object({
  message: z.string(),
  phoneNumber: z.string(),
  footnote: z.string(),
  /** When the device reported lost mode on (ISO 8601); null for a report from before it was kept. */
  since: z.string().nullable(),
})
export type IosLostModeInfo = z.infer<typeof IosLostModeInfo>

/** The last location the device reported (WGS-84; DeviceLocation works in lost mode only). */
export const IosLocation = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** Metres; null when the device did not say. */
  horizontalAccuracy: z.number().nullable(),
  /** When the server received it (ISO 8601). */
  at: z.string(),
  /** Issue #43: its address, where a maps key is configured (AMap reverse geocoding; GET /device/location/now only). */
  address: z.string().nullable().optional(),
})
export type IosLocation = z.infer<typeof IosLocation>

/**
 * An Apple device as every 'my device' screen shows it: what every device family has (commonDeviceRecordFields: id,
 * serialNumber, imei, model, name, osVersion, lastCommunicationTime, status, recycleStatus, renterName, renterPhone,
 * renterIdCard, rentRemark, companyId, companyName, staffId, staffName, pendingTaskCount, createdAt), then what is
 * derived from what the device reported and from its MDM enrollment.
 * Field names are stable: the console codes against them.
 */
export const IosDeviceRecord = z.object({
  ...commonDeviceRecordFields,
  platform: z.literal('IOS'),
  /** The console's own note on the device (updateAppleDeviceInfo); rentRemark is the renter's. name is editable there too. */
  remark: z.string(),
  /** The device's UDID once it has authenticated; null for a serial registered but never enrolled. */
  udid: z.string().nullable(),
  /** MDM enrollment complete: Authenticate and TokenUpdate done, and not checked out (profile removed) or wiped since. */
  enrolled: z.boolean(),
  /** When the device first completed enrollment (TokenUpdate); null if never. */
  enrolledAt: z.string().nullable(),
  /** The device has sent its UnlockToken (TokenUpdate): clearPasscode needs it. */
  unlockTokenReported: z.boolean(),
  /** Erased by EraseDevice and not enrolled again since. */
  wiped: z.boolean(),
  /** Supervised, as the device last reported (DeviceInformation IsSupervised); null until it has reported. */
  supervised: z.boolean().nullable(),
  /** Activation Lock on, as the device last reported (IsActivationLockEnabled); null until it has reported. */
  activationLockEnabled: z.boolean().nullable(),
  /** 下发激活锁 acknowledged: Activation Lock is allowed on this supervised device. */
  activationLockAllowed: z.boolean(),
  /** Lost mode on (SPEC §3 lostStatus), as the device acknowledged; pay mode is lost mode too. */
  lostStatus: z.boolean(),
  /** Pay mode on: lost mode showing the payment notice (openPayMode acknowledged, not closed since). */
  payMode: z.boolean(),
  /** What the lock screen shows while lostStatus (message, phone, footnote); null otherwise. */
  lostModeInfo: IosLostModeInfo.nullable(),
  /** The last reported location, if any. */
  location: IosLocation.nullable(),
  /** SPEC §3 fields: appId is not used (null); the wallpaper is the one the device acknowledged last, its image URL. */
  appId: z.string().nullable(),
  wallpaperUrl: z.string().nullable(),
  wallpaperId: z.number().nullable(),
  /** The device's service end date (docs/renewals.md): its latest started renewal's end, else a year after it was added. */
  serviceEndsAt: z.string(),
  /**
   * Issue #42: enrolled through Apple Business Manager's automated enrollment (supervised, its profile not removable by
   * its user); `awaitingConfiguration` while it still waits in Setup Assistant for the server's DeviceConfigured.
   * Absent in records cached before.
   */
  abmEnrolled: z.boolean().optional(),
  awaitingConfiguration: z.boolean().optional(),
  /**
   * Issue #42: Apple Business Manager assigns it to the company and it has not enrolled yet (待激活): it enrolls by
   * itself at its first start. Absent in records cached before.
   */
  abmPending: z.boolean().optional(),
})
export type IosDeviceRecord = z.infer<typeof IosDeviceRecord>

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

/** GET /myDevice/search: the Huawei area's search (paging, recycleStatus, serialNumber, renterName, renterPhone, connectionStatus). */
export const IosDeviceSearchQuery = DeviceSearchQuery
export type IosDeviceSearchQuery = z.input<typeof IosDeviceSearchQuery>
export const IosDeviceSearchResponse = pagedResponse(IosDeviceRecord)
export type IosDeviceSearchResponse = z.infer<typeof IosDeviceSearchResponse>
/** GET /myDevice/export: the same filters, every page, as 设备列表.xlsx. */
export const IosDeviceExportQuery = DeviceExportQuery

/**
 * SPEC §5 "Mismatch checks apply only to new records": a new record's serial is typed twice, and the two must agree
 * (after trimming and upper-casing). An edit never carries the serial, so nothing is checked there.
 */
function serialConfirmed(r: { serialNumber: string; confirmSerialNumber?: string }, ctx: z.RefinementCtx) {
  if (r.confirmSerialNumber !== undefined && r.confirmSerialNumber !== r.serialNumber) {
    ctx.addIssue({ code: 'custom', path: ['confirmSerialNumber'], message: appleDeviceText.serialMismatch })
  }
}

/** POST /myDevice/add: a device with its renter (Huawei's add request plus a name); confirmSerialNumber is checked when sent. */
export const IosDeviceAddRequest = DeviceAddRequest.extend({
  name: z.string().trim().max(64).default(''),
  confirmSerialNumber: deviceSerialSchema.optional(),
}).superRefine(serialConfirmed)
export type IosDeviceAddRequest = z.input<typeof IosDeviceAddRequest>

/**
 * POST /myDevice/register: a serial only, typed twice (both required). The phone that later enrolls with a profile
 * of the same company and reports this serial becomes this record (no second quota unit).
 */
export const IosDeviceRegisterRequest = z
  .object({ serialNumber: deviceSerialSchema, confirmSerialNumber: deviceSerialSchema, companyId: idSchema.optional(), confirmBlacklisted: flexibleBoolean.optional() })
  .superRefine(serialConfirmed)
export type IosDeviceRegisterRequest = z.input<typeof IosDeviceRegisterRequest>

/** PUT /myDevice/updateRentUserInfo: as Huawei's — a field sent is set ('' clears it), one left out stays. */
export const IosUpdateRentUserInfoRequest = UpdateRentUserInfoRequest

/** PUT /myDevice/updateAppleDeviceInfo: the device's own editable info; a field left out stays. */
export const UpdateAppleDeviceInfoRequest = z.object({
  deviceId: idSchema,
  name: z.string().trim().max(64).optional(),
  model: z.string().trim().max(64).optional(),
  remark: z.string().trim().max(200).optional(),
})
export type UpdateAppleDeviceInfoRequest = z.input<typeof UpdateAppleDeviceInfoRequest>

/** GET /myDevice/listApp: the installed applications the device last reported (installedApplicationList). */
export const IosInstalledApp = z.object({
  identifier: z.string(),
  name: z.string(),
  version: z.string(),
  /** Bytes; null when the device did not say. */
  bundleSize: z.number().nullable(),
})
export type IosInstalledApp = z.infer<typeof IosInstalledApp>
export const IosAppListResponse = z.object({
  apps: z.array(IosInstalledApp),
  /** When the list was reported; null: never asked (send installedApplicationList). */
  reportedAt: z.string().nullable(),
})
export type IosAppListResponse = z.infer<typeof IosAppListResponse>

// ---------------------------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------------------------

const lockText = (max: number) => z.string().trim().max(max)

/** Lost mode and pay mode: Apple's EnableLostMode Message / PhoneNumber / Footnote (a default message when neither is sent). */
const lostModeParams = z.strictObject({
  message: lockText(200).optional(),
  phoneNumber: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), contactPhoneSchema.optional()),
  footnote: lockText(100).optional(),
})

/**
 * Each command's parameters besides deviceId and secondaryPassword. Parameters not named here are refused.
 * macLock: the 6-digit PIN (SPEC §5; pinConfirm is checked by the console and never sent).
 * scheduleOSUpdate: installAction may be sent but is always Default (SPEC §4).
 */
export const myDeviceCommandParams = {
  checkNetwork: z.strictObject({}),
  clearPasscode: z.strictObject({}),
  activationLock: z.strictObject({}),
  removeProfile: z.strictObject({}),
  disableActivationLock: z.strictObject({}),
  enableLostMode: lostModeParams,
  disableLostMode: z.strictObject({}),
  deviceErase: z.strictObject({}),
  showActivationLockPassword: z.strictObject({}),
  openPayMode: lostModeParams,
  closePayMode: z.strictObject({}),
  oneClickLockDown: z.strictObject({ message: lockText(200).optional(), phoneNumber: lostModeParams.shape.phoneNumber }),
  disownDevice: z.strictObject({}),
  playLostModeSound: z.strictObject({}),
  scheduleOSUpdate: z.strictObject({
    productVersion: z.string().trim().regex(/^\d+(\.\d+){0,2}$/, { error: appleDeviceText.productVersionFormat }).optional(),
    installAction: z.string().max(32).optional(),
  }),
  deviceLocation: z.strictObject({}),
  macLock: z.strictObject({ pin: z.string().regex(/^\d{6}$/, { error: validationMessages.pinFormat }) }),
  installedApplicationList: z.strictObject({}),
} satisfies Record<MyDeviceCommandName, z.ZodObject>

/** Every command's request besides its parameters: its device, and the secondary password for one that cannot be undone. */
const commandFields = { deviceId: idSchema, secondaryPassword: z.string().max(128).optional() }

/** A command answers the first queued task's id: GET /task/status?taskId= follows it to its end. */
export const MyDeviceCommandResponse = CommandResponse

/**
 * showActivationLockPassword: the server waits briefly for the device's answer. `password` is the bypass code
 * ('' when the device has none), or null when the device has not answered yet — then GET /task/status?taskId=
 * gives it to the same user (result.activationLockBypassCode). Never cached or stored in plain text.
 */
export const ActivationLockPasswordResponse = z.object({ taskId: z.string(), password: z.string().nullable() })
export type ActivationLockPasswordResponse = z.infer<typeof ActivationLockPasswordResponse>

/** SPEC §8's success message of each command (the generic save message where it names none). */
const commandSuccess: Record<MyDeviceCommandName, string> = {
  checkNetwork: successMessages.save,
  showActivationLockPassword: successMessages.save,
  scheduleOSUpdate: successMessages.save,
  deviceLocation: successMessages.save,
  installedApplicationList: successMessages.save,
  ...specCommandSuccess,
}

const command = access.authority('ios:command')

function commandEndpoint<N extends MyDeviceCommandName>(name: N) {
  return endpoint({
    base: 'main',
    method: 'POST',
    path: `/myDevice/${name}`,
    access: command,
    request: (myDeviceCommandParams[name] as (typeof myDeviceCommandParams)[N]).extend(commandFields),
    response: MyDeviceCommandResponse,
    success: commandSuccess[name],
  })
}

type CommandEndpoints = { [N in Exclude<MyDeviceCommandName, 'showActivationLockPassword'>]: ReturnType<typeof commandEndpoint<N>> }

const commandEndpoints = {
  ...(Object.fromEntries(myDeviceCommandNames.filter((n) => n !== 'showActivationLockPassword').map((n) => [n, commandEndpoint(n)])) as CommandEndpoints),
  showActivationLockPassword: endpoint({
    base: 'main',
    method: 'POST',
    path: '/myDevice/showActivationLockPassword',
    access: command,
    request: myDeviceCommandParams.showActivationLockPassword.extend(commandFields),
    response: ActivationLockPasswordResponse,
  }),
}

const device = access.authority('ios:device')
const recycle = access.authority('ios:recycle')

export const myDeviceEndpoints = {
  search: endpoint({ base: 'main', method: 'GET', path: '/myDevice/search', access: device, request: IosDeviceSearchQuery, response: IosDeviceSearchResponse }),
  detail: endpoint({ base: 'main', method: 'GET', path: '/myDevice/detail', access: device, request: DeviceIdQuery, response: IosDeviceRecord }),
  listApp: endpoint({ base: 'main', method: 'GET', path: '/myDevice/listApp', access: device, request: DeviceIdQuery, response: IosAppListResponse }),
  export: endpoint({ base: 'main', method: 'GET', path: '/myDevice/export', access: device, request: IosDeviceExportQuery, response: binaryResponse, binary: true }),
  add: endpoint({ base: 'main', method: 'POST', path: '/myDevice/add', access: device, request: IosDeviceAddRequest, response: z.object({ id: z.number() }), success: successMessages.save }),
  register: endpoint({ base: 'main', method: 'POST', path: '/myDevice/register', access: device, request: IosDeviceRegisterRequest, response: z.object({ id: z.number() }), success: successMessages.save }),
  updateRentUserInfo: endpoint({ base: 'main', method: 'PUT', path: '/myDevice/updateRentUserInfo', access: device, request: IosUpdateRentUserInfoRequest, response: noData, success: successMessages.edit }),
  updateAppleDeviceInfo: endpoint({ base: 'main', method: 'PUT', path: '/myDevice/updateAppleDeviceInfo', access: device, request: UpdateAppleDeviceInfoRequest, response: noData, success: successMessages.edit }),
  putInRecycle: endpoint({ base: 'main', method: 'POST', path: '/myDevice/putInRecycle', access: recycle, request: DeviceIdRequest, response: noData, success: successMessages.eliminateDevice }),
  takeOutRecycle: endpoint({ base: 'main', method: 'POST', path: '/myDevice/takeOutRecycle', access: recycle, request: DeviceIdRequest, response: noData, success: huaweiDeviceText.takeOutSuccess }),
  /** A per-company .mobileconfig with a fresh device identity (docs/apple-mdm.md). */
  enrollmentProfile: endpoint({ base: 'main', method: 'GET', path: '/myDevice/enrollmentProfile', access: device, request: noRequest, response: binaryResponse, binary: true }),
  command: commandEndpoints,
}
