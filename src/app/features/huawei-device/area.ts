import { deviceAreaAuthorities, huaweiBasePrefix } from '../../../shared/domain/device-areas'
import type { AgentCommand, AgentPlatform } from '../../../shared/contract/agent'
import { HUAWEI_BASE } from '../../api/http'
import type { DeviceFamily } from '../../components/device/family'
import { agentCommands } from './commands'

/**
 * The Huawei and the Mi area show the same screens over the same device model (platform HUAWEI or MI); the Mi
 * area's API is the Huawei base's device resource under /mi. The Mi area has no detail route of its own
 * (SPEC §2), so its list shows a device's detail in place, from the mi-device-id page parameter.
 */
export interface DeviceArea extends DeviceFamily<AgentCommand> {
  platform: AgentPlatform
}

export const huaweiArea: DeviceArea = {
  platform: 'HUAWEI',
  api: { base: HUAWEI_BASE, prefix: huaweiBasePrefix.HUAWEI },
  listPath: '/huawei/device',
  recyclePath: '/huawei/recycle',
  authority: deviceAreaAuthorities.HUAWEI,
  commands: agentCommands,
  quotaKind: 'HUAWEI',
}

export const miArea: DeviceArea = {
  platform: 'MI',
  api: { base: HUAWEI_BASE, prefix: huaweiBasePrefix.MI },
  listPath: '/mi/device',
  recyclePath: '/mi/recycle',
  authority: deviceAreaAuthorities.MI,
  commands: agentCommands,
  // SPEC: Mi devices count against the Huawei quota.
  quotaKind: 'HUAWEI',
}
