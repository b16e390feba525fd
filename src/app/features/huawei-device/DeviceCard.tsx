import { Button, Checkbox, Tag } from 'antd-mobile'
import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { formatRelativeTime } from '../../../shared/domain/format'
import { huaweiDeviceText as t } from '../../../shared/messages'
import { OnlineButton } from '../../components/OnlineButton'
import { RecordCard } from '../../components/RecordCard'
import { StatusTag } from '../../components/StatusTag'

export interface DeviceCardActions {
  onOpen: (device: DeviceRecord) => void
  onEdit?: (device: DeviceRecord) => void
  onMove?: (device: DeviceRecord) => void
  onRecycle?: (device: DeviceRecord) => void
  onTakeOut?: (device: DeviceRecord) => void
}

export function lastSeenText(device: Pick<DeviceRecord, 'lastCommunicationTime'>, now: number): string {
  return device.lastCommunicationTime ? formatRelativeTime(device.lastCommunicationTime, now) : t.neverCommunicated
}

/** One device of a list: selection, status from lastCommunicationTime (SPEC §4), renter, and its actions. */
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
  const renter = [device.renterName, device.renterPhone].filter(Boolean).join(' · ')
  return (
    <RecordCard
      className="device-card"
      title={
        <span className="device-title">
          <label className="device-select">
            <Checkbox checked={selected} onChange={onSelect} aria-label={t.selectDevice(device.serialNumber)} />
          </label>
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
          {/* From lastCommunicationTime and the clock now, so a list read from the offline cache still ages correctly. */}
          <StatusTag lastCommunicationTime={device.lastCommunicationTime} now={now} />
          {device.state.locked ? <Tag color="warning">{t.locked}</Tag> : null}
          {!device.enrolled ? <Tag fill="outline">{t.enrolledNo}</Tag> : null}
        </>
      }
      fields={[
        { label: t.model, value: [device.name, device.model].filter(Boolean).join(' / ') || '—' },
        { label: t.renterName, value: renter || '—' },
        { label: t.company, value: device.staffName ? `${device.companyName} · ${device.staffName}` : device.companyName },
        { label: t.lastCommunicationTime, value: lastSeenText(device, now) },
      ]}
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
