import { statusText } from '../messages/status'
import { connectionStatus, connectionStatusColors, type ConnectionStatus } from './connection-status'
import { formatDate } from './format'

/**
 * Issue #43 item 3: one status language. A device's state and a command's state are named and coloured here only;
 * the device cards, the detail heads, the task logs and the dashboard show what these functions return.
 */

/** The tones states are shown in; each has a background and a text colour of WCAG AA contrast (≥ 4.5:1). */
export type StatusTone = 'success' | 'warning' | 'danger' | 'primary' | 'default'

export const statusToneColors: Record<StatusTone, { background: string; text: string }> = {
  success: connectionStatusColors.success,
  warning: connectionStatusColors.warning,
  danger: connectionStatusColors.error,
  primary: { background: '#0958d9', text: '#ffffff' },
  default: { background: '#595959', text: '#ffffff' },
}

/** One state as shown: its key (data-status), its word, its tone and whether it is filled or outlined. */
export interface StatusWord<Key extends string = string> {
  key: Key
  label: string
  tone: StatusTone
  fill: 'solid' | 'outline'
}

/** A task's states (SPEC §3 Task; the contract's taskStatusSchema). */
export type CommandState = 'QUEUED' | 'SENT' | 'DONE' | 'ERROR' | 'TIMEOUT'

const commandTones: Record<CommandState, StatusTone> = {
  QUEUED: 'default',
  SENT: 'primary',
  DONE: 'success',
  ERROR: 'danger',
  TIMEOUT: 'warning',
}

/** A command's state: 排队中 (waiting for the device to fetch it), 已下发, 已完成, 执行失败, 已超时. */
export function commandState(status: CommandState): StatusWord<CommandState> {
  return { key: status, label: statusText.command[status], tone: commandTones[status], fill: status === 'QUEUED' ? 'outline' : 'solid' }
}

/** What a device record says of its unfinished commands (QUEUED or SENT tasks). */
export interface PendingCommands {
  pendingTaskCount: number
  /** SENT when one of them reached the device, QUEUED while all still wait for it; absent in records cached before. */
  pendingTaskStatus?: 'QUEUED' | 'SENT' | null
}

/**
 * A device's unfinished commands in the task log's words: a lock queued for a phone away for days reads 排队中 on its
 * card as in its log, 已下发 once the phone fetched it. Null when none.
 */
export function pendingCommandsState(device: PendingCommands): StatusWord<CommandState> | null {
  if (device.pendingTaskCount <= 0) return null
  const state = commandState(device.pendingTaskStatus ?? 'QUEUED')
  return { ...state, label: statusText.pendingCommands(state.label, device.pendingTaskCount), fill: 'outline' }
}

/** What a device's state is read from, whatever its family. */
export interface DeviceStateInput {
  lastCommunicationTime: string | null
  /** Apple: erased and not enrolled again. */
  wiped?: boolean
  enrolled?: boolean
  /** Apple (issue #42): assigned to the company in Apple Business Manager and not enrolled yet. */
  abmPending?: boolean
}

export type DeviceStateKey = ConnectionStatus | 'wiped' | 'abmPending'

export interface DeviceStateWord extends StatusWord<DeviceStateKey> {
  /** What the tag reads: the state's word, or offline 缓存于 MM-dd hh:mm. */
  text: string
  /** The whole sentence, for assistive technology (offline: 缓存于 …，状态截至缓存时：在线). */
  description: string
  /** Offline: when the record was cached; the state is the one it had then. */
  asOf: number | null
}

const connectionTones: Record<ConnectionStatus, StatusTone> = { success: 'success', warning: 'warning', error: 'danger' }

/**
 * A device's one state: 已抹掉 for an erased iPhone (never 在线 beside it), else its SPEC §4 connection status. Online
 * it is the state now; offline (`cachedAt`, when the record was loaded) it always says "as of": 缓存于 and the time, in
 * the outline of the state the device had then.
 */
export function deviceState(device: DeviceStateInput, at: { now: number; cachedAt?: number }): DeviceStateWord {
  const asOf = at.cachedAt !== undefined && at.cachedAt > 0 ? at.cachedAt : null
  const key: DeviceStateKey =
    device.wiped && !device.enrolled ? 'wiped' : device.abmPending && !device.enrolled ? 'abmPending' : connectionStatus(device.lastCommunicationTime, asOf ?? at.now)
  // A phone still in its box has never been heard from: 待激活, not 离线.
  const label = key === 'wiped' || key === 'abmPending' ? statusText[key] : statusText.connection[key]
  const tone = key === 'wiped' ? 'default' : key === 'abmPending' ? 'primary' : connectionTones[key]
  // Cached at a time nobody knows (a list shown with another page's records): still "as of", never 01-01 00:00.
  if (at.cachedAt !== undefined && asOf === null) return { key, label, tone, fill: 'outline', text: statusText.cachedUnknown, description: statusText.asOfUnknown(label), asOf }
  if (asOf === null) return { key, label, tone, fill: 'solid', text: label, description: label, asOf }
  const time = formatDate(asOf, 'MM-dd hh:mm')
  return { key, label, tone, fill: 'outline', text: statusText.cachedAt(time), description: statusText.asOf(time, label), asOf }
}
