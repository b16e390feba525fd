import { Button, Tag } from 'antd-mobile'
import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { huaweiDeviceText as t } from '../../../shared/messages'
import { DeviceSummaryCard } from '../../components/DeviceSummaryCard'
import { OnlineButton } from '../../components/OnlineButton'
import { SelectBox } from '../../components/SelectBox'

export interface DeviceCardActions {
  onOpen: (device: DeviceRecord) => void
  onEdit?: (device: DeviceRecord) => void
  onMove?: (device: DeviceRecord) => void
  onRecycle?: (device: DeviceRecord) => void
  onTakeOut?: (device: DeviceRecord) => void
}

/** One device of an area's list: selection, the shared device summary, lock and enrolment, and its actions. */
export function DeviceCard({
  device,
  now,
  selected,
  onSelect,
  actions,
}: {
  device: DeviceRecord
  now: number
  selected: boolean
  onSelect: (checked: boolean) => void
  actions: DeviceCardActions
}) {
  return (
    <DeviceSummaryCard
      className="device-card"
      device={device}
      now={now}
      title={
        <span className="device-title">
          <SelectBox className="device-select" checked={selected} onChange={onSelect}>
            <span className="visually-hidden">{t.selectDevice(device.serialNumber)}</span>
          </SelectBox>
          <a
            className="device-title-link"
            href="#"
            onClick={(e) => {
              e.preventDefault()
              actions.onOpen(device)
            }}
          >
            {device.serialNumber}
          </a>
        </span>
      }
      tags={
        <>
          {device.state.locked ? <Tag color="warning">{t.locked}</Tag> : null}
          {!device.enrolled ? <Tag fill="outline">{t.enrolledNo}</Tag> : null}
        </>
      }
      actions={
        <>
          <Button size="small" onClick={() => actions.onOpen(device)}>
            {t.detail}
          </Button>
          {actions.onEdit ? (
            <OnlineButton size="small" onClick={() => actions.onEdit?.(device)}>
              {t.edit}
            </OnlineButton>
          ) : null}
          {actions.onMove ? (
            <OnlineButton size="small" onClick={() => actions.onMove?.(device)}>
              {t.move}
            </OnlineButton>
          ) : null}
          {actions.onRecycle ? (
            <OnlineButton size="small" color="danger" fill="outline" onClick={() => actions.onRecycle?.(device)}>
              {t.recycle}
            </OnlineButton>
          ) : null}
          {actions.onTakeOut ? (
            <OnlineButton size="small" color="primary" fill="outline" onClick={() => actions.onTakeOut?.(device)}>
              {t.takeOut}
            </OnlineButton>
          ) : null}
        </>
      }
    />
  )
}
