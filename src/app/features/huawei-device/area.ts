import { deviceAreaAuthorities } from '../../../shared/domain/device-areas'
import type { AgentCommand, AgentPlatform, DeviceState } from '../../../shared/contract/agent'
import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { huaweiDeviceText as powerTexts } from '../../../shared/messages/devices'
import { api } from '../../api/routes'
import type { DeviceFamily } from '../../components/device/family'
import { agentCommands } from './commands'
import { AgentStateTags } from './StateTags'

/**
 * The Huawei and the Mi area show the same screens over the same device model (platform HUAWEI or MI); the Mi
 * area's API is the Huawei base's device resource under /mi. The Mi area has no detail route of its own
 * (SPEC §2), so its list shows a device's detail in place, from the mi-device-id page parameter.
 */
export interface DeviceArea extends DeviceFamily<AgentCommand, DeviceRecord> {
  platform: AgentPlatform
  /** The whole device resource of the area (list, detail, recycle bin, edits), beside the family's commands. */
  api: typeof api.huawei & { taskStatus: typeof api.task.huaweiStatus }
}

export const huaweiArea: DeviceArea = {
  platform: 'HUAWEI',
  api: { ...api.huawei, taskStatus: api.task.huaweiStatus },
  listPath: '/huawei/device',
  recyclePath: '/huawei/recycle',
  authority: deviceAreaAuthorities.HUAWEI,
  commands: agentCommands,
  quotaKind: 'HUAWEI',
  StateTags: AgentStateTags,
}

export const miArea: DeviceArea = {
  platform: 'MI',
  api: { ...api.mi, taskStatus: api.task.huaweiStatus },
  listPath: '/mi/device',
  recyclePath: '/mi/recycle',
  authority: deviceAreaAuthorities.MI,
  commands: agentCommands,
  // SPEC: Mi devices count against the Huawei quota.
  quotaKind: 'HUAWEI',
  StateTags: AgentStateTags,
}

/** A rebooted phone that has not polled again this long after its reboot's result did not come back: it reads 关机. */
export const RESTART_GRACE_MS = 10 * 60_000

type Power = 'on' | 'off' | 'restarting'

/** Its power: on, off, or restarting (off after a reboot, until its next poll, for a while); undefined when not reported. */
export function powerOf(device: Pick<DeviceRecord, 'state' | 'lastCommunicationTime'>, now: number): Power | undefined {
  const s = reportedState(device)
  if (s.poweredOn === undefined) return undefined
  if (s.poweredOn) return 'on'
  const since = device.lastCommunicationTime === null ? Infinity : now - Date.parse(device.lastCommunicationTime)
  return s.restarting && since < RESTART_GRACE_MS ? 'restarting' : 'off'
}

const powerWords: Record<Power, string> = { on: powerTexts.poweredOn, off: powerTexts.poweredOff, restarting: powerTexts.restarting }

export function powerText(device: Pick<DeviceRecord, 'state' | 'lastCommunicationTime'>, now: number): string | undefined {
  const power = powerOf(device, now)
  return power && powerWords[power]
}

/** The state an agent reported; a device that never reached the server reported none (what is stored is a placeholder). */
export function reportedState(device: Pick<DeviceRecord, 'state' | 'lastCommunicationTime'>): DeviceState {
  return device.lastCommunicationTime === null ? {} : device.state
}
