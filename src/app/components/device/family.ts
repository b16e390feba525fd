import type { ComponentType } from 'react'
import type { CommandResponse, TaskSearchResponse, TaskStatusResponse } from '../../../shared/contract/huawei-device'
import type { Route } from '../../../shared/contract/routes'
import type { QuotaType } from '../../../shared/contract/quota'
import type { DeviceAreaAuthorities } from '../../../shared/domain/device-areas'
import type { DeviceSortKey, SortOrder } from '../../../shared/domain/device-list-order'
import type { RoutePath } from '../../../shared/messages/routes'
import type { DeviceSummary } from '../DeviceSummaryCard'

/** What a command's confirmations look at, whatever the family: which device, and whether it is reachable. */
export interface CommandSubject {
  id: number
  serialNumber: string
  lastCommunicationTime: string | null
}

/** What every family's device record carries, as the shared list, card, recycle bin and detail shell read it. */
export interface FamilyDevice extends CommandSubject, DeviceSummary {
  recycleStatus: boolean
  /** Commands queued or sent and not yet answered: the card says so (pendingCommandsState) and the lists refresh until they end. */
  pendingTaskCount: number
  /** SENT when one of them reached the device, QUEUED while all wait for it. */
  pendingTaskStatus?: 'QUEUED' | 'SENT' | null
  enrolled: boolean
  /** The end of the device's service period, when its family has one (Apple: docs/renewals.md). */
  serviceEndsAt?: string
}

/**
 * One remote command of a family, declared once: its label, the notice once the device reported it done, how it
 * is confirmed, and when it makes sense. The device screens (card, grid, bulk bar, detail) read only this. `D` is
 * the family's device record: what `offeredWhen` and `unavailable` read of it is the family's business. (Method
 * syntax on purpose: a family's declarations are then usable where any family's are, as in the task log's labels.)
 */
export interface CommandDeclaration<Name extends string = string, D extends CommandSubject = CommandSubject> {
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
  /**
   * One of the few used most (issue #43 item 5): when a family marks some, its detail shows them first and the rest
   * in a 更多指令 sheet.
   */
  primary?: boolean
  /** Hidden when the device's state makes it pointless (lock on a locked device). */
  offeredWhen?(device: D): boolean
  /** Why it cannot be sent now (a device that left management, one not supervised), or null. */
  unavailable?(device: D): string | null
  /**
   * A step that asks for the command's parameters before it is sent (Apple: a lost-mode message, a PIN); null
   * cancels. The answer is sent beside deviceId.
   */
  params?(device: D): Promise<Record<string, unknown> | null>
  /** The task's result is the answer to show (a lock passcode): waited for visibly, then shown by this. */
  showResult?: (task: TaskStatusResponse) => Promise<void>
  /** What the wait for that answer says (default: the lock passcode's). */
  resultWaitText?: string
}

/** What a family's route takes, loosely: each family's own request type (with its defaults) is checked at its table. */
type AnyRequest = Record<string, unknown>

/** What sending and following a family's commands needs: its commands and their endpoints. */
export interface CommandFamily<Name extends string = string, D extends CommandSubject = CommandSubject> {
  /** The platform the server's records carry; also part of every query key, so families never share entries. */
  platform: string
  api: {
    command: Readonly<Record<string, Route<AnyRequest, CommandResponse>>>
    taskSearch: Route<AnyRequest, TaskSearchResponse>
    taskStatus: Route<AnyRequest, TaskStatusResponse>
  }
  /** In the order the grid shows them: everyday first, destructive last. */
  commands: readonly CommandDeclaration<Name, D>[]
  /** Task types that are not commands of the grid (an app install, a wallpaper, the detail's profiles and refreshes), as the task log names them. */
  taskLabels?: Readonly<Record<string, string>>
}

/** The device list's filters, the same for every family (SPEC §4: the list always asks recycleStatus=false). */
export type DeviceListParams = {
  current: number
  pageSize: number
  serialNumber?: string
  renterName?: string
  connectionStatus?: 'success' | 'warning' | 'error'
  /** Issue #43 item 7: the whole list's order (absent: newest first). */
  sortBy?: DeviceSortKey
  sortOrder?: SortOrder
  recycleStatus: boolean
}

/** A family's device resource: list, detail, export and the recycle bin, from the endpoint table. */
export interface DeviceRecordsApi<D> {
  search: Route<AnyRequest, { records: D[]; total: number; totalExact?: false }>
  detail: Route<AnyRequest, D>
  export: Route<AnyRequest, unknown>
  putInRecycle: Route<AnyRequest, unknown>
  takeOutRecycle: Route<AnyRequest, unknown>
}

/** A confirmation: plain (a sentence, with a title of its own: exit control's, SPEC §2) or the family's own dialog. */
export type ConfirmStep = { text: string; confirmText?: string; title?: string } | { dialog: () => Promise<boolean> }

/**
 * A device family (Huawei, Mi, Apple): everything the shared device screens (list, card, bulk bar, recycle bin,
 * detail shell, task log) need to know of it, declared once. A family's own screens add its dialogs and tabs.
 */
export interface DeviceFamily<Name extends string = string, D extends FamilyDevice = FamilyDevice> extends CommandFamily<Name, D> {
  api: CommandFamily['api'] & DeviceRecordsApi<D>
  listPath: RoutePath
  recyclePath: RoutePath
  authority: Readonly<DeviceAreaAuthorities>
  /** The quota the family's devices count against. */
  quotaKind: QuotaType
  /** What the device reported of its state, as tags beside its connection status (card and detail head). */
  StateTags: ComponentType<{ device: D }>
}

export function findCommand<Name extends string, D extends CommandSubject>(family: CommandFamily<Name, D>, name: Name): CommandDeclaration<Name, D> {
  const command = family.commands.find((c) => c.name === name)
  if (!command) throw new Error(`unknown command ${name}`)
  return command
}

/** The label of a task's type as the task log shows it (an unknown type as it is). */
export function commandLabel(family: Pick<CommandFamily, 'commands' | 'taskLabels'>, type: string): string {
  return family.commands.find((c) => c.name === type)?.label ?? family.taskLabels?.[type] ?? type
}
