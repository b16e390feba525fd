import { Button, Tag, type ActionSheetProps } from 'antd-mobile'
import { uiText } from '../../../shared/messages/common'
import { deviceCommandText as c, huaweiDeviceText as t } from '../../../shared/messages/devices'
import { DeviceSummaryCard } from '../DeviceSummaryCard'
import { renewText } from '../../../shared/messages/biz'
import { useNow } from '../use-now'
import { OnlineButton } from '../OnlineButton'
import { popups } from '../lazy-popups'
import { SelectBox } from '../SelectBox'
import { StateTag } from '../StatusTag'
import { pendingCommandsState } from '../../../shared/domain/status-language'
import type { DeviceFamily, FamilyDevice } from './family'
import type { DeviceCommands } from './use-device-command'

export interface DeviceCardActions<Name extends string, D extends FamilyDevice> {
  onOpen: (device: D) => void
  onEdit?: (device: D) => void
  onMove?: (device: D) => void
  onRecycle?: (device: D) => void
  onTakeOut?: (device: D) => void
  /** The family's commands, when the user may send them: lock / unlock one tap, the destructive ones under 更多. */
  commands?: DeviceCommands<Name, D>
}

/**
 * A device's tags after its connection status: what the family's device reported (its StateTags), then what every
 * family shares — commands still running, and 未接入 where it cannot contradict a last contact shown beside it.
 */
export function DeviceTags<D extends FamilyDevice>({ family, device }: { family: Pick<DeviceFamily<string, D>, 'StateTags'>; device: D }) {
  const { StateTags } = family
  const now = useNow()
  const pending = pendingCommandsState(device)
  return (
    <>
      <StateTags device={device} />
      {/* The task log's word for them (issue #43): 排队中 while the device has not fetched them, 已下发 once it has. */}
      {pending ? <StateTag word={pending} testId="pending-tag" /> : null}
      {!device.enrolled && device.lastCommunicationTime === null ? <Tag fill="outline">{t.enrolledNo}</Tag> : null}
      {/* Issue #15: a device whose service period has ended (renew it on /ios/renew). */}
      {device.serviceEndsAt && Date.parse(device.serviceEndsAt) <= now ? (
        <Tag color="danger" data-testid="service-ended-tag">
          {renewText.serviceEnded}
        </Tag>
      ) : null}
    </>
  )
}

/**
 * A device's actions, on its card and in a tablet's table row alike: one tap for lock or unlock, 详情, and everything
 * else (edit, transfer, the destructive commands, 淘汰) under 更多, away from 详情.
 */
export function DeviceActions<Name extends string, D extends FamilyDevice>({ family, device, actions }: { family: DeviceFamily<Name, D>; device: D; actions: DeviceCardActions<Name, D> }) {
  const commands = actions.commands
  const usable = family.commands.filter((cmd) => !cmd.unavailable?.(device) && (cmd.offeredWhen?.(device) ?? true))
  const quick = commands ? usable.filter((cmd) => cmd.quick) : []
  const destructive = commands ? usable.filter((cmd) => cmd.destructive) : []

  const more: ActionSheetProps['actions'] = [
    ...(actions.onEdit ? [{ key: 'edit', text: t.edit, onClick: () => actions.onEdit?.(device) }] : []),
    ...(actions.onMove ? [{ key: 'move', text: t.move, onClick: () => actions.onMove?.(device) }] : []),
    ...destructive.map((cmd) => ({ key: cmd.name, text: cmd.label, danger: true, onClick: () => void commands?.run(cmd.name, device) })),
    ...(actions.onRecycle ? [{ key: 'recycle', text: t.recycle, danger: true, onClick: () => actions.onRecycle?.(device) }] : []),
  ]
  const openMore = async () => {
    const { ActionSheet } = await popups()
    const handler = ActionSheet.show({
      extra: c.moreFor(device.serialNumber),
      actions: more.map((a) => ({ ...a, onClick: () => (handler.close(), a.onClick?.()) })),
      cancelText: uiText.cancel,
    })
  }

  return (
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
        <OnlineButton size="small" className="device-more" onClick={() => void openMore()}>
          {c.more}
        </OnlineButton>
      ) : null}
      {actions.onTakeOut ? (
        <OnlineButton size="small" color="primary" fill="outline" onClick={() => actions.onTakeOut?.(device)}>
          {t.takeOut}
        </OnlineButton>
      ) : null}
    </>
  )
}

/** The device's selection box, named for screen readers by its serial (card and table row). */
export function DeviceSelect({ serialNumber, checked, onChange }: { serialNumber: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <SelectBox className="device-select" checked={checked} onChange={onChange}>
      <span className="visually-hidden">{t.selectDevice(serialNumber)}</span>
    </SelectBox>
  )
}

/** The serial that opens the device's detail (card and table row). */
export function DeviceOpenLink<D extends FamilyDevice>({ device, onOpen }: { device: D; onOpen: (device: D) => void }) {
  return (
    <a
      className="device-title-link"
      href="#"
      onClick={(e) => {
        e.preventDefault()
        onOpen(device)
      }}
    >
      {device.serialNumber}
    </a>
  )
}

/**
 * One device of a family's list: selection, the shared device summary, the device's state, one tap for lock or
 * unlock, and everything else (edit, transfer, the destructive commands, 淘汰) under 更多, away from 详情.
 */
export function DeviceCard<Name extends string, D extends FamilyDevice>({
  family,
  device,
  now,
  cachedAt,
  selected,
  onSelect,
  actions,
}: {
  family: DeviceFamily<Name, D>
  device: D
  now: number
  cachedAt?: number
  selected: boolean
  onSelect: (checked: boolean) => void
  actions: DeviceCardActions<Name, D>
}) {
  return (
    <DeviceSummaryCard
      className="device-card"
      device={device}
      onOpen={() => actions.onOpen(device)}
      now={now}
      cachedAt={cachedAt}
      title={
        <span className="device-title">
          <DeviceSelect serialNumber={device.serialNumber} checked={selected} onChange={onSelect} />
          <DeviceOpenLink device={device} onOpen={actions.onOpen} />
        </span>
      }
      tags={<DeviceTags family={family} device={device} />}
      actions={<DeviceActions family={family} device={device} actions={actions} />}
    />
  )
}
