import { z } from 'zod'
import { access, endpoint } from './endpoint'
import { deviceSerialSchema, imeiSchema } from './device-fields'

/**
 * The Huawei / Mi agent protocol (docs/agent-protocol.md): enroll once with the company's enrollment token,
 * then poll with the device's own credential and post one result per delivered task. JSON in, envelope out.
 */

export const AGENT_PROTOCOL_BASE = '/agent/v1'

/** Platforms that speak this protocol (Mi devices are Huawei-type). */
export const agentPlatforms = ['HUAWEI', 'MI'] as const
export type AgentPlatform = (typeof agentPlatforms)[number]

/** The commands of SPEC §7 (POST /device/command/<name>); a task's type is one of them. */
export const agentCommands = [
  'check',
  'getDeviceInfo',
  'clearPasscode',
  'backDesktop',
  'logOff',
  'runApp',
  'getLockPasscode',
  'shutdown',
  'reboot',
  'restoreSettings',
  'lockScreen',
  'unlockScreen',
  'exitControl',
] as const
export type AgentCommand = (typeof agentCommands)[number]
export const agentCommandSchema = z.enum(agentCommands)

/**
 * What a task may ask of the agent: the console's commands, and the rental lifecycle's lock and unlock (issue #45),
 * which the server queues itself when a service period ends and is renewed. A lock of its own, beside lockScreen, so
 * that lifting it never unlocks a screen a person locked by hand.
 */
export const agentTaskTypes = [...agentCommands, 'serviceLock', 'serviceUnlock'] as const
export type AgentTaskType = (typeof agentTaskTypes)[number]
export const agentTaskTypeSchema = z.enum(agentTaskTypes)

/** What the agent reports of the device: every field optional, unknown fields refused. */
export const AgentDeviceState = z.strictObject({
  poweredOn: z.boolean().optional(),
  locked: z.boolean().optional(),
  passcodeSet: z.boolean().optional(),
  /** Package name of the app in the foreground; null = the home screen. */
  runningApp: z.string().max(200).nullable().optional(),
  loggedIn: z.boolean().optional(),
  /** false once the device has left management (exitControl). */
  controlled: z.boolean().optional(),
  battery: z.number().int().min(0).max(100).optional(),
  /** ISO time of the last factory reset. */
  wipedAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Locked because its service period ended (issue #45); `locked` says whether the screen is locked at all. */
  serviceLocked: z.boolean().optional(),
})
export type AgentDeviceState = z.infer<typeof AgentDeviceState>

/**
 * The device's state as stored and shown: what its agent reported, and what the server infers and only it sets —
 * restarting: off because it executed a reboot, until its next poll (an agent that reports it is refused).
 */
export const DeviceState = AgentDeviceState.extend({ restarting: z.boolean().optional() })
export type DeviceState = z.infer<typeof DeviceState>

const optionalText = (max: number) => z.string().trim().max(max).optional()

/** What a device says of itself, when it enrolls and in getDeviceInfo's result; the server keeps what is given. */
const selfDescription = {
  imei: imeiSchema.optional(),
  model: optionalText(64),
  name: optionalText(64),
  osVersion: optionalText(64),
}

/** POST /agent/v1/enroll */
export const EnrollRequest = z.strictObject({
  enrollmentToken: z.string().min(1).max(200),
  serialNumber: deviceSerialSchema,
  /** When given it must match the token's platform. */
  platform: z.enum(agentPlatforms).optional(),
  ...selfDescription,
  state: AgentDeviceState.optional(),
})
export type EnrollRequest = z.input<typeof EnrollRequest>
export const EnrollResponse = z.object({
  deviceId: z.number(),
  credential: z.string(),
  pollIntervalSeconds: z.number(),
})
export type EnrollResponse = z.infer<typeof EnrollResponse>

/** POST /agent/v1/poll (Authorization: Device <credential>) */
export const PollRequest = z.strictObject({
  /** The device's state now; stored as what the console shows. */
  state: AgentDeviceState.optional(),
  /** At most this many tasks are claimed in one poll (default 10). */
  maxTasks: z.number().int().min(1).max(50).optional(),
})
export type PollRequest = z.input<typeof PollRequest>
export const AgentTask = z.object({
  taskId: z.string(),
  type: agentTaskTypeSchema,
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
})
export type AgentTask = z.infer<typeof AgentTask>
/**
 * The device's service period (issue #45), for enforcement without the network: the agent locks itself at `lockAt`
 * even when it cannot reach the server, and unlocks when a poll's `lockAt` is null or later than its clock (renewed,
 * marked paid). `lockAt` is null when no automatic lock applies (the company's policy is off, the device is exempt,
 * or this period is marked paid).
 */
export const ServiceTerms = z.object({
  endsAt: z.string(),
  graceDays: z.number(),
  lockAt: z.string().nullable(),
  message: z.string(),
  phoneNumber: z.string(),
})
export type ServiceTerms = z.infer<typeof ServiceTerms>
export const PollResponse = z.object({
  tasks: z.array(AgentTask),
  pollIntervalSeconds: z.number(),
  service: ServiceTerms.optional(),
})
export type PollResponse = z.infer<typeof PollResponse>

/** POST /agent/v1/result: success with data, or failure with a reason. */
export const ResultRequest = z.discriminatedUnion('success', [
  z.strictObject({
    taskId: z.string().min(1).max(64),
    success: z.literal(true),
    data: z.record(z.string(), z.unknown()).optional(),
    /** The device's state after executing the task. */
    state: AgentDeviceState.optional(),
  }),
  z.strictObject({
    taskId: z.string().min(1).max(64),
    success: z.literal(false),
    reason: z.string().trim().min(1).max(500),
    state: AgentDeviceState.optional(),
  }),
])
export type ResultRequest = z.input<typeof ResultRequest>
export const ResultResponse = z.object({ taskId: z.string(), status: z.enum(['DONE', 'ERROR']) })
export type ResultResponse = z.infer<typeof ResultResponse>

/** Data a successful result carries, per command (other commands carry none that the server reads). */
export const LockPasscodeResult = z.object({ password: z.string().max(64) })
export const DeviceInfoResult = z.object({
  ...selfDescription,
  battery: z.number().int().min(0).max(100).optional(),
})

/** The agent protocol (docs/agent-protocol.md): enrollment with a company token, then the device's own credential. */
export const agentEndpoints = {
  enroll: endpoint({ base: 'agent', method: 'POST', path: '/enroll', access: access.public, request: EnrollRequest, response: EnrollResponse }),
  poll: endpoint({ base: 'agent', method: 'POST', path: '/poll', access: access.device, request: PollRequest, response: PollResponse }),
  result: endpoint({ base: 'agent', method: 'POST', path: '/result', access: access.device, request: ResultRequest, response: ResultResponse }),
}
