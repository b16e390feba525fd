import type { AgentDeviceState } from '../../../shared/contract/agent'
import type { CommandResponse, TaskSearchResponse, TaskStatusResponse } from '../../../shared/contract/huawei-device'
import type { Route } from '../../../shared/contract/routes'
import type { QuotaType } from '../../../shared/contract/quota'
import type { DeviceAreaAuthorities } from '../../../shared/domain/device-areas'
import type { RoutePath } from '../../../shared/messages/routes'

/** What a command's rules look at: the device's reported state and whether it ever reached the server. */
export interface CommandSubject {
  id: number
  serialNumber: string
  lastCommunicationTime: string | null
  state: AgentDeviceState
}

/**
 * One remote command of a family, declared once: its label, the notice once the device reported it done, how it
 * is confirmed, and when it makes sense. The device screens (card, grid, bulk bar, detail) read only this.
 */
export interface CommandDeclaration<Name extends string = string> {
  name: Name
  label: string
  /** Shown only after the device reported the command done (issue #11: queuing is not success). */
  doneText: string
  /** Shown apart from the everyday ones (a 更多 menu, the grid's end) and always confirmed. */
  destructive?: boolean
  /** A confirmation naming the device before it is sent; the default asks nothing. */
  confirm?: (device: string) => ConfirmStep
  /** Offered for a selection of devices. */
  bulk?: boolean
  /** One tap on the device card (lock / unlock). */
  quick?: boolean
  /** Hidden when the device's state makes it pointless (lock on a locked device). */
  offeredWhen?: (state: AgentDeviceState) => boolean
  /** Why it cannot be sent now (a device that left management), or null. */
  unavailable?: (state: AgentDeviceState) => string | null
  /**
   * A step that asks for the command's parameters before it is sent (Apple: a lost-mode message, a PIN); null
   * cancels. The answer is sent beside deviceId.
   */
  params?: (device: CommandSubject) => Promise<Record<string, unknown> | null>
  /** The task's result is the answer to show (a lock passcode): waited for visibly, then shown by this. */
  showResult?: (task: TaskStatusResponse) => Promise<void>
}

/** What the shared device components call of a family, from the endpoint table (src/app/api/routes.ts). */
export interface DeviceFamilyApi {
  command: Readonly<Record<string, Route<Record<string, unknown>, CommandResponse>>>
  taskSearch: Route<Record<string, unknown>, TaskSearchResponse>
  taskStatus: Route<Record<string, unknown>, TaskStatusResponse>
}

/** A confirmation: plain (a sentence) or the family's own dialog (exit control, SPEC §2). */
export type ConfirmStep = { text: string; confirmText?: string } | { dialog: () => Promise<boolean> }

/**
 * A device family (Huawei, Mi, soon Apple): everything the shared device screens need to know of it, declared
 * once. The Apple family will be one more of these plus its own detail tabs.
 */
export interface DeviceFamily<Name extends string = string> {
  /** The platform the server's records carry; also part of every query key, so families never share entries. */
  platform: string
  /** The family's endpoints (the endpoint table's routes): its commands, task log and task status. */
  api: DeviceFamilyApi
  listPath: RoutePath
  recyclePath: RoutePath
  authority: Readonly<DeviceAreaAuthorities>
  /** In the order the grid shows them: everyday first, destructive last. */
  commands: readonly CommandDeclaration<Name>[]
  /** The quota the family's devices count against. */
  quotaKind: QuotaType
}

export function findCommand<Name extends string>(family: DeviceFamily<Name>, name: Name): CommandDeclaration<Name> {
  const command = family.commands.find((c) => c.name === name)
  if (!command) throw new Error(`unknown command ${name}`)
  return command
}

/** The label of a task's type as the task log shows it (an unknown type as it is). */
export function commandLabel(family: DeviceFamily, type: string): string {
  return family.commands.find((c) => c.name === type)?.label ?? type
}

/** The state a device reported; a device that never reached the server reported none (what is stored is a placeholder). */
export function reportedState(device: Pick<CommandSubject, 'state' | 'lastCommunicationTime'>): AgentDeviceState {
  return device.lastCommunicationTime === null ? {} : device.state
}
