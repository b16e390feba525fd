import { Tag } from 'antd-mobile'
import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { useNow } from '../../components/use-now'
import { powerText, reportedState } from './power'

/** What a Huawei or Mi agent reported of its phone, as tags: only what it reported (a device never seen reported nothing). */
export function AgentStateTags({ device }: { device: DeviceRecord }) {
  const state = reportedState(device)
  const now = useNow()
  return (
    <>
      {state.locked ? <Tag color="warning">{t.locked}</Tag> : null}
      {state.poweredOn === false ? <Tag color="default">{powerText(device, now)}</Tag> : null}
      {state.controlled === false ? (
        <Tag color="danger" fill="outline">
          {t.controlledNo}
        </Tag>
      ) : null}
    </>
  )
}
