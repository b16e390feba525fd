import { ActionSheet, Button, Tag, type ActionSheetProps } from 'antd-mobile'
import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { uiText } from '../../../shared/messages/common'
import { deviceCommandText as c, huaweiDeviceText as t } from '../../../shared/messages/devices'
import { DeviceSummaryCard } from '../DeviceSummaryCard'
import { OnlineButton } from '../OnlineButton'
import { SelectBox } from '../SelectBox'
import { reportedState, type DeviceFamily } from './family'
import type { DeviceCommands } from './use-device-command'

export interface DeviceCardActions<Name extends string = string> {
  onOpen: (device: DeviceRecord) => void
  onEdit?: (device: DeviceRecord) => void
  onMove?: (device: DeviceRecord) => void
  onRecycle?: (device: DeviceRecord) => void
  onTakeOut?: (device: DeviceRecord) => void
  /** The family's commands, when the user may send them: lock / unlock one tap, the destructive ones under 更多. */
  commands?: DeviceCommands<Name>
}

/** What a device's reported state shows as tags: only what it reported (a device never seen reported nothing). */
export function StateTags({ device }: { device: Pick<DeviceRecord, 'state' | 'lastCommunicationTime' | 'pendingTaskCount' | 'enrolled'> }) {
  const reported = device.lastCommunicationTime !== null
  return (
    <>
      {reported && device.state.locked ? <Tag color="warning">{t.locked}</Tag> : null}
      {reported && device.state.poweredOn === false ? <Tag color="default">{t.poweredOff}</Tag> : null}
      {reported && device.state.controlled === false ? <Tag color="danger" fill="outline">{t.controlledNo}</Tag> : null}
      {device.pendingTaskCount > 0 ? (
        <Tag color="primary" fill="outline" data-testid="pending-tag">
          {c.pending}
        </Tag>
      ) : null}
      {/* 未接入 only where it cannot contradict a last contact shown beside it. */}
      {!device.enrolled && !reported ? <Tag fill="outline">{t.enrolledNo}</Tag> : null}
    </>
  )
}

/**
 * One device of a family's list: selection, the shared device summary, the device's state, one tap for lock or
 * unlock, and everything else (edit, transfer, the destructive commands, 淘汰) under 更多, away from 详情.
 */
export function DeviceCard<Name extends string>({
  family,
  device,
  now,
  cachedAt,
  selected,
  onSelect,
  actions,
}: {
  family: DeviceFamily<Name>
  device: DeviceRecord
  now: number
  cachedAt?: number
  selected: boolean
  onSelect: (checked: boolean) => void
  actions: DeviceCardActions<Name>
}) {
  const commands = actions.commands
  const state = reportedState(device)
  const usable = family.commands.filter((cmd) => !cmd.unavailable?.(state) && (cmd.offeredWhen?.(state) ?? true))
  const quick = commands ? usable.filter((cmd) => cmd.quick) : []
  const destructive = commands ? usable.filter((cmd) => cmd.destructive) : []

  const more: ActionSheetProps['actions'] = [
    ...(actions.onEdit ? [{ key: 'edit', text: t.edit, onClick: () => actions.onEdit?.(device) }] : []),
    ...(actions.onMove ? [{ key: 'move', text: t.move, onClick: () => actions.onMove?.(device) }] : []),
    ...destructive.map((cmd) => ({ key: cmd.name, text: cmd.label, danger: true, onClick: () => void commands?.run(cmd.name, device) })),
    ...(actions.onRecycle ? [{ key: 'recycle', text: t.recycle, danger: true, onClick: () => actions.onRecycle?.(device) }] : []),
  ]
  const openMore = () => {
    const handler = ActionSheet.show({
      actions: more.map((a) => ({ ...a, onClick: () => (handler.close(), a.onClick?.()) })),
      cancelText: uiText.cancel,
    })
  }

  return (
    <DeviceSummaryCard
      className="device-card"
      device={device}
      now={now}
      cachedAt={cachedAt}
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
      tags={<StateTags device={device} />}
      actions={
        <>
          {quick.map((cmd) => (
            <OnlineButton
              key={cmd.name}
              size="small"
              color="primary"
              loading={commands?.running.has(cmd.name)}
              data-command={cmd.name}
              onClick={() => void commands?.run(cmd.name, device)}
            >
              {cmd.label}
            </OnlineButton>
          ))}
          <Button size="small" onClick={() => actions.onOpen(device)}>
            {t.detail}
          </Button>
          {more.length > 0 ? (
            <OnlineButton size="small" className="device-more" onClick={openMore}>
              {c.more}
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
