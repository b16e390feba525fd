import { z } from 'zod'
import { idCardSchema } from '../domain/validators'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { deviceSortKeys, sortOrders } from '../domain/device-list-order'
import { successMessages } from '../messages/common'
import { huaweiDeviceText } from '../messages/devices'
import { deviceAreaAuthorities, huaweiBasePrefix, type HuaweiTypePlatform } from '../domain/device-areas'
import { phoneNumberSchema } from './account'
import { deviceSerialSchema, imeiSchema } from './device-fields'
import { DeviceState, agentCommandSchema, agentCommands, agentPlatforms, type AgentCommand } from './agent'
import { UserAccountInfoResponse } from './quota'
import { access, binaryResponse, endpoint, noData, noRequest, type Endpoint } from './endpoint'
import { filterText, flexibleBoolean, idSchema, ownerCompanyFields } from './id'

/**
 * Huawei base (/huawei/mdm/api/v1) device resource of SPEC §7. The Huawei area uses /device/…; the Mi area the same
 * routes under /mi/device/… (platform MI), see docs/agent-protocol.md.
 */

export const connectionStatusSchema = z.enum(['success', 'warning', 'error'])

/** A text that may stay empty; when filled it must pass `check` (renter fields are optional, SPEC §3). */
function emptyOr(check: z.ZodType<string>) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') return
      const result = check.safeParse(value)
      if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? huaweiDeviceText.serialInvalid })
    })
}

/** The renter's fields, each checked the same way when a device is added and when it is edited. */
const renterField = {
  renterName: z.string().trim().max(32),
  renterPhone: emptyOr(phoneNumberSchema),
  renterIdCard: emptyOr(idCardSchema).transform((v) => v.toUpperCase()),
  rentRemark: z.string().trim().max(200),
}

/** Adding a device: an absent renter field is empty. */
export const renterFields = {
  renterName: renterField.renterName.default(''),
  renterPhone: renterField.renterPhone.default(''),
  renterIdCard: renterField.renterIdCard.default(''),
  rentRemark: renterField.rentRemark.default(''),
}

/** GET /device/search (paged; SPEC §4: the device list always asks recycleStatus=false). */
export const DeviceSearchQuery = pagingQuerySchema.extend({
  recycleStatus: flexibleBoolean.default(false),
  serialNumber: filterText(64),
  renterName: filterText(32),
  /** Part of the renter's phone number. */
  renterPhone: filterText(32),
  connectionStatus: z.preprocess((v) => (v === '' ? undefined : v), connectionStatusSchema.optional()),
  /** Issue #43 item 7 (additive): the column the list is sorted by and its direction; absent, newest first. */
  sortBy: z.preprocess((v) => (v === '' ? undefined : v), z.enum(deviceSortKeys).optional()),
  sortOrder: z.preprocess((v) => (v === '' ? undefined : v), z.enum(sortOrders).optional()),
})
export type DeviceSearchQuery = z.input<typeof DeviceSearchQuery>
/** The search as the console sends it (every filter already in its parsed form). */
export type DeviceSearchParams = z.output<typeof DeviceSearchQuery>
/** GET /device/export: the same filters, every page (newest first: the file is streamed in that order). */
export const DeviceExportQuery = DeviceSearchQuery.omit({ current: true, pageSize: true, sortBy: true, sortOrder: true })
export type DeviceExportQuery = z.input<typeof DeviceExportQuery>

/**
 * The fields every device family's record has, under the same names (Huawei's and Mi's DeviceRecord, Apple's
 * IosDeviceRecord in my-device.ts), so that lists, cards and exports can be shared.
 */
export const commonDeviceRecordFields = {
  id: z.number(),
  /** SPEC §3: upper-cased. */
  serialNumber: z.string(),
  imei: z.string(),
  model: z.string(),
  name: z.string(),
  osVersion: z.string(),
  lastCommunicationTime: z.string().nullable(),
  /** SPEC §4, derived on the server at the time of the answer. */
  status: connectionStatusSchema,
  recycleStatus: z.boolean(),
  renterName: z.string(),
  renterPhone: z.string(),
  renterIdCard: z.string(),
  rentRemark: z.string(),
  ...ownerCompanyFields,
  staffId: z.number().nullable(),
  staffName: z.string().nullable(),
  /** Tasks not yet finished (QUEUED or SENT): the console refreshes while there are any. */
  pendingTaskCount: z.number(),
  /** Issue #43: SENT when one of those reached the device, QUEUED while all wait for it; null without any. */
  pendingTaskStatus: z.enum(['QUEUED', 'SENT']).nullable(),
  createdAt: z.string(),
}

export const DeviceRecord = z.object({
  ...commonDeviceRecordFields,
  platform: z.enum(agentPlatforms),
  enrolled: z.boolean(),
  state: DeviceState,
})
export type DeviceRecord = z.infer<typeof DeviceRecord>
export const DeviceSearchResponse = pagedResponse(DeviceRecord)
export type DeviceSearchResponse = z.infer<typeof DeviceSearchResponse>

/** GET /device/detail?deviceId= */
export const DeviceIdQuery = z.object({ deviceId: idSchema })
/** POST /device/putInRecycle, /device/takeOutRecycle, /device/command/<name> */
export const DeviceIdRequest = z.object({ deviceId: idSchema })
export type DeviceIdRequest = z.input<typeof DeviceIdRequest>

/** POST /device/command/<name>: the secondary password goes with a command that cannot be undone (issue #10). */
export const DeviceCommandRequest = DeviceIdRequest.extend({ secondaryPassword: z.string().max(128).optional() })
export type DeviceCommandRequest = z.input<typeof DeviceCommandRequest>

/** POST /device/add (SPEC §3: serial upper-cased before save). */
export const DeviceAddRequest = z.object({
  serialNumber: deviceSerialSchema,
  imei: imeiSchema.default(''),
  model: z.string().trim().max(64).default(''),
  /** The company the device belongs to (default: the user's own); must be within the user's scope. */
  companyId: idSchema.optional(),
  ...renterFields,
  /** Issue #15: save although the serial, IMEI or renter is on the blacklist (after the warning, ResultCode.blacklisted). */
  confirmBlacklisted: flexibleBoolean.optional(),
})
export type DeviceAddRequest = z.input<typeof DeviceAddRequest>

/** PUT /device/updateRentUserInfo: a field that is sent is set ('' clears it); a field left out stays as it is. */
export const UpdateRentUserInfoRequest = z.object({
  deviceId: idSchema,
  renterName: renterField.renterName.optional(),
  renterPhone: renterField.renterPhone.optional(),
  renterIdCard: renterField.renterIdCard.optional(),
  rentRemark: renterField.rentRemark.optional(),
})
export type UpdateRentUserInfoRequest = z.input<typeof UpdateRentUserInfoRequest>

/** POST /device/move: exactly one of targetCompanyId, targetStaffId. */
export const DeviceMoveRequest = z
  .object({ deviceId: idSchema, targetCompanyId: idSchema.optional(), targetStaffId: idSchema.optional() })
  .refine((r) => (r.targetCompanyId === undefined) !== (r.targetStaffId === undefined), {
    error: huaweiDeviceText.moveTargetRequired,
  })
export type DeviceMoveRequest = z.input<typeof DeviceMoveRequest>

/** GET /device/moveTargets: the companies and staff a device may be moved to, within the user's scope. */
export const MoveTargetsResponse = z.object({
  companies: z.array(z.object({ id: z.number(), name: z.string() })),
  staff: z.array(z.object({ id: z.number(), name: z.string(), companyId: z.number(), companyName: z.string() })),
})
export type MoveTargetsResponse = z.infer<typeof MoveTargetsResponse>

/** POST /device/command/<name> answers the queued task's id. */
export const CommandResponse = z.object({ taskId: z.string() })
export type CommandResponse = z.infer<typeof CommandResponse>
export const commandNameSchema = agentCommandSchema

export const taskStatusSchema = z.enum(['QUEUED', 'SENT', 'DONE', 'ERROR', 'TIMEOUT'])
export type TaskStatus = z.infer<typeof taskStatusSchema>
export const finalTaskStatuses: readonly TaskStatus[] = ['DONE', 'ERROR', 'TIMEOUT']

export const TaskRecord = z.object({
  taskId: z.string(),
  deviceId: z.number(),
  type: z.string(),
  status: taskStatusSchema,
  /** What the device answered; secrets (the lock passcode) are left out of task logs. */
  result: z.record(z.string(), z.unknown()).nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdByName: z.string().nullable(),
  /**
   * Apple: when the device last answered NotNow (busy, e.g. locked). The task is then QUEUED again — still waiting
   * for the device, not failed — and is delivered again at its next check-in. null when it never did.
   */
  deferredAt: z.string().nullable(),
})
export type TaskRecord = z.infer<typeof TaskRecord>

/** GET /device/task/search?deviceId=&current=&pageSize= — newest first. */
export const TaskSearchQuery = pagingQuerySchema.extend({ deviceId: idSchema })
export type TaskSearchQuery = z.input<typeof TaskSearchQuery>
export const TaskSearchResponse = pagedResponse(TaskRecord).extend({ pendingCount: z.number() })
export type TaskSearchResponse = z.infer<typeof TaskSearchResponse>

/** GET /task/status?taskId= (both bases). The lock passcode is returned here, to the console that asked for it. */
export const TaskStatusQuery = z.object({ taskId: z.string().trim().min(1).max(64) })
export const TaskStatusResponse = TaskRecord
export type TaskStatusResponse = TaskRecord

/** POST /device/enrollmentToken: a new token for devices of the user's company (shown once). */
export const EnrollmentTokenResponse = z.object({ token: z.string(), platform: z.enum(agentPlatforms) })
export type EnrollmentTokenResponse = z.infer<typeof EnrollmentTokenResponse>

type CommandEndpoint = Endpoint<typeof DeviceCommandRequest, typeof CommandResponse>

function commandEndpoints(pathPrefix: string, base: 'huawei' | 'open', platform: HuaweiTypePlatform) {
  const command = access.authority(deviceAreaAuthorities[platform].command)
  return Object.fromEntries(
    agentCommands.map((name) => [
      name,
      endpoint({ base, method: 'POST', path: `${pathPrefix}/device/command/${name}`, access: command, request: DeviceCommandRequest, response: CommandResponse, success: huaweiDeviceText.commandSuccess[name] }),
    ]),
  ) as Record<AgentCommand, CommandEndpoint>
}

/**
 * One Huawei-type device area on the Huawei base (SPEC §7): the Huawei area at /device/…, the Mi area the same
 * resource at /mi/device/…, each with its own authorities (src/shared/domain/device-areas.ts).
 */
export function deviceEndpoints(platform: HuaweiTypePlatform) {
  const prefix = huaweiBasePrefix[platform]
  const authority = deviceAreaAuthorities[platform]
  const device = access.authority(authority.device)
  const recycle = access.authority(authority.recycle)
  const at = (path: string) => `${prefix}${path}`
  return {
    search: endpoint({ base: 'huawei', method: 'GET', path: at('/device/search'), access: device, request: DeviceSearchQuery, response: DeviceSearchResponse }),
    detail: endpoint({ base: 'huawei', method: 'GET', path: at('/device/detail'), access: device, request: DeviceIdQuery, response: DeviceRecord }),
    add: endpoint({ base: 'huawei', method: 'POST', path: at('/device/add'), access: device, request: DeviceAddRequest, response: z.object({ id: z.number() }), success: successMessages.save }),
    updateRentUserInfo: endpoint({ base: 'huawei', method: 'PUT', path: at('/device/updateRentUserInfo'), access: device, request: UpdateRentUserInfoRequest, response: noData, success: successMessages.edit }),
    putInRecycle: endpoint({ base: 'huawei', method: 'POST', path: at('/device/putInRecycle'), access: recycle, request: DeviceIdRequest, response: noData, success: successMessages.eliminateDevice }),
    takeOutRecycle: endpoint({ base: 'huawei', method: 'POST', path: at('/device/takeOutRecycle'), access: recycle, request: DeviceIdRequest, response: noData, success: huaweiDeviceText.takeOutSuccess }),
    moveTargets: endpoint({ base: 'huawei', method: 'GET', path: at('/device/moveTargets'), access: device, request: noRequest, response: MoveTargetsResponse }),
    move: endpoint({ base: 'huawei', method: 'POST', path: at('/device/move'), access: device, request: DeviceMoveRequest, response: noData, success: successMessages.transfer }),
    taskSearch: endpoint({ base: 'huawei', method: 'GET', path: at('/device/task/search'), access: device, request: TaskSearchQuery, response: TaskSearchResponse }),
    export: endpoint({ base: 'huawei', method: 'GET', path: at('/device/export'), access: device, request: DeviceExportQuery, response: binaryResponse, binary: true }),
    enrollmentToken: endpoint({ base: 'huawei', method: 'POST', path: at('/device/enrollmentToken'), access: device, request: noRequest, response: EnrollmentTokenResponse }),
    command: commandEndpoints(prefix, 'huawei', platform),
  }
}

export type DeviceEndpoints = ReturnType<typeof deviceEndpoints>

/** GET /task/status?taskId= on both bases (SPEC §7): any signed-in user, for a task of a device they see. */
export const taskEndpoints = {
  status: endpoint({ base: 'main', method: 'GET', path: '/task/status', access: access.signedIn, request: TaskStatusQuery, response: TaskStatusResponse }),
  huaweiStatus: endpoint({ base: 'huawei', method: 'GET', path: '/task/status', access: access.signedIn, request: TaskStatusQuery, response: TaskStatusResponse }),
}

/** The open API's device routes of one area: the console's search, detail and commands under /huawei or /mi. */
function openDeviceEndpoints(platform: HuaweiTypePlatform) {
  const console = deviceEndpoints(platform)
  const prefix = platform === 'HUAWEI' ? '/huawei' : '/mi'
  return {
    search: { ...console.search, base: 'open', path: `${prefix}/device/search` } as typeof console.search,
    detail: { ...console.detail, base: 'open', path: `${prefix}/device/detail` } as typeof console.detail,
    command: commandEndpoints(prefix, 'open', platform),
  }
}

export const OpenCompanyInfoResponse = z.object({
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  username: z.string(),
  quota: UserAccountInfoResponse,
})

/** The open API for access keys (src/server/openapi): every request is signed, then scoped like the console's. */
export const openApiEndpoints = {
  companyInfo: endpoint({ base: 'open', method: 'GET', path: '/company/info', access: access.signedIn, request: noRequest, response: OpenCompanyInfoResponse }),
  huawei: openDeviceEndpoints('HUAWEI'),
  mi: openDeviceEndpoints('MI'),
}
