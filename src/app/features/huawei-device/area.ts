import { deviceAreaAuthorities } from '../../../shared/domain/device-areas'
import type { AgentCommand, AgentPlatform } from '../../../shared/contract/agent'
import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { api } from '../../api/routes'
import { lifecycleText } from '../../../shared/messages/lifecycle'
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

/** The Huawei and the Mi area differ in platform, endpoints and paths; commands, tags and quota are the agents'. */
const agentArea = (platform: AgentPlatform, endpoints: typeof api.huawei, paths: Pick<DeviceArea, 'listPath' | 'recyclePath'>): DeviceArea => ({
  platform,
  api: { ...endpoints, taskStatus: api.task.huaweiStatus },
  ...paths,
  authority: deviceAreaAuthorities[platform],
  commands: agentCommands,
  // Issue #45: the rental lifecycle's own lock and unlock, queued by the server, in the task log.
  taskLabels: { serviceLock: lifecycleText.auditLock, serviceUnlock: lifecycleText.auditUnlock },
  // SPEC: Mi devices count against the Huawei quota.
  quotaKind: 'HUAWEI',
  StateTags: AgentStateTags,
})

export const huaweiArea = agentArea('HUAWEI', api.huawei, { listPath: '/huawei/device', recyclePath: '/huawei/recycle' })

export const miArea = agentArea('MI', api.mi, { listPath: '/mi/device', recyclePath: '/mi/recycle' })
