/**
 * Issue #43 item 3: the one set of words for a device's state and a command's state, read through
 * src/shared/domain/status-language.ts by every card, detail, task log and dashboard.
 */
import { domainText } from './domain'
import { deviceCommandText, huaweiDeviceText } from './devices'

export const statusText = {
  /** SPEC §4 connection status. */
  connection: domainText.connectionStatus,
  /** An iPhone erased and not enrolled again: it answers nothing, whatever its last contact. */
  wiped: '已抹掉',
  /** Issue #42: assigned to the company in Apple Business Manager, not enrolled yet: it enrolls at its first start. */
  abmPending: '待激活',
  /** A task's state, in the task log and, for the device's unfinished ones, on its card and detail. */
  command: huaweiDeviceText.taskStatus,
  /** Offline: the state is the one the device had when the phone cached it. */
  cachedAt: deviceCommandText.cachedAt,
  cachedUnknown: '缓存数据',
  asOfUnknown: (state: string) => `缓存数据，状态截至缓存时：${state}`,
  asOf: (time: string, state: string) => `${deviceCommandText.cachedAt(time)}，${deviceCommandText.statusAsOf}：${state}`,
  /** A device with unfinished commands: how many, in the command's own word. */
  pendingCommands: (state: string, count: number) => (count > 1 ? `${count} 条指令${state}` : `指令${state}`),
} as const
