import { Button, PullToRefresh, SpinLoading, Tag } from 'antd-mobile'
import { LeftOutline } from 'antd-mobile-icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { formatDate } from '../../../shared/domain/format'
import { uiText } from '../../../shared/messages/common'
import { deviceCommandText as c, huaweiDeviceText as t } from '../../../shared/messages/devices'
import { lastSeenText } from '../../components/DeviceSummaryCard'
import { DialogSlot } from '../../components/lazy-dialog'
import { OnlineButton } from '../../components/OnlineButton'
import { QueryStatus } from '../../components/QueryStatus'
import { StatusTag } from '../../components/StatusTag'
import { useAuthorities } from '../../components/use-authorities'
import { useDisclosure } from '../../components/use-disclosure'
import { useNow } from '../../components/use-now'
import type { DeviceArea } from './area'
import { MoveDeviceDialog } from '../../components/lazy-device-move'
import { DeviceFormDialog } from './lazy-dialogs'
import { deviceDetailQuery, useDevicesChanged } from './queries'
import { TaskLog } from '../../components/device/TaskLog'
import { StateTags } from '../../components/device/DeviceCard'
import { reportedState } from '../../components/device/family'
import { useDeviceCommand } from '../../components/device/use-device-command'
import { deviceKeys } from '../../components/device/queries'
import { useOnline } from '../../components/use-online'
import { useRecycle } from './use-recycle'
import './devices.css'

/** An ID card number with the middle hidden: the detail is shown on phones in public places. */
function maskIdCard(value: string): string {
  return value.length === 18 ? `${value.slice(0, 6)}********${value.slice(14)}` : value
}

function yesNo(value: boolean | undefined, yes: string, no: string): string {
  return value === undefined ? '—' : value ? yes : no
}

function InfoPanel({ device, now }: { device: DeviceRecord; now: number }) {
  // A device that never reached the server has reported no state: what is stored for it is a placeholder.
  const s: DeviceRecord['state'] = device.lastCommunicationTime === null ? {} : device.state
  const rows: [string, string][] = [
    [t.serialNumber, device.serialNumber],
    [t.deviceName, device.name || '—'],
    [t.model, device.model || '—'],
    [t.imei, device.imei || '—'],
    [t.osVersion, device.osVersion || '—'],
    [t.lastCommunicationTime, device.lastCommunicationTime ? `${formatDate(device.lastCommunicationTime)}（${lastSeenText(device, now)}）` : t.neverCommunicated],
    [t.enrolled, device.enrolled ? t.enrolledYes : t.enrolledNo],
    [t.controlled, yesNo(s.controlled, t.controlledYes, t.controlledNo)],
    [t.power, yesNo(s.poweredOn, t.poweredOn, t.poweredOff)],
    [t.lockState, yesNo(s.locked, t.locked, t.unlocked)],
    [t.passcode, yesNo(s.passcodeSet, t.passcodeSet, t.passcodeNotSet)],
    [t.runningApp, s.runningApp === undefined ? '—' : (s.runningApp ?? t.desktop)],
    [t.battery, s.battery === undefined ? '—' : `${s.battery}%`],
    [t.company, device.companyName],
    [t.staff, device.staffName ?? t.unassigned],
  ]
  const rent: [string, string][] = [
    [t.renterName, device.renterName || '—'],
    [t.renterPhone, device.renterPhone || '—'],
    [t.renterIdCard, device.renterIdCard ? maskIdCard(device.renterIdCard) : '—'],
    [t.rentRemark, device.rentRemark || '—'],
  ]
  const list = (entries: [string, string][]) => (
    <dl className="device-info">
      {entries.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
  return (
    <>
      <section className="device-section" aria-label={t.deviceInfo}>
        <h2>{t.deviceInfo}</h2>
        {list(rows)}
      </section>
      <section className="device-section" aria-label={t.rentInfo}>
        <h2>{t.rentInfo}</h2>
        {list(rent)}
      </section>
    </>
  )
}

/** The device's current state in one line, above the commands that change it (issue #11). */
function StateSummary({ device }: { device: DeviceRecord }) {
  const s = device.state
  const parts =
    device.lastCommunicationTime === null
      ? []
      : [
          s.controlled === undefined ? null : s.controlled ? t.controlledYes : t.controlledNo,
          s.poweredOn === undefined ? null : s.poweredOn ? t.poweredOn : t.poweredOff,
          s.locked === undefined ? null : s.locked ? t.locked : t.unlocked,
          s.battery === undefined ? null : `${t.battery} ${s.battery}%`,
        ].filter((p): p is string => p !== null)
  return (
    <p className="device-state-line" data-testid="device-state">
      <span className="device-state-label">{c.currentState}</span>
      {parts.length ? parts.join(' · ') : c.unknownState}
    </p>
  )
}

function CommandPanel({ area, device }: { area: DeviceArea; device: DeviceRecord }) {
  const { run, running, waitingForResult, cancelResultWait } = useDeviceCommand(area)
  const state = reportedState(device)
  const offered = area.commands.filter((command) => command.offeredWhen?.(state) ?? true)
  const reasons = [...new Set(offered.map((command) => command.unavailable?.(state)).filter((r): r is string => !!r))]
  return (
    <section className="device-section" aria-label={t.commands}>
      <h2>{t.commands}</h2>
      <StateSummary device={device} />
      {reasons.map((reason) => (
        <p key={reason} className="command-unavailable" role="note">
          {reason}
        </p>
      ))}
      {waitingForResult ? (
        <div className="command-waiting" role="status">
          <SpinLoading style={{ '--size': '18px' }} />
          <span className="command-waiting-text">{t.lockPasscodeWaiting}</span>
          <Button size="small" onClick={cancelResultWait}>
            {t.lockPasscodeCancel}
          </Button>
        </div>
      ) : null}
      <div className="command-grid">
        {offered.map((command) => (
          <OnlineButton
            key={command.name}
            size="small"
            color={command.destructive ? 'danger' : 'default'}
            fill={command.destructive ? 'outline' : 'solid'}
            disabled={!!command.unavailable?.(state)}
            loading={running.has(command.name)}
            loadingText={command.label}
            data-command={command.name}
            onClick={() => void run(command.name, device)}
          >
            {command.label}
          </OnlineButton>
        ))}
      </div>
    </section>
  )
}

/** Why a recycled device offers no commands, edit or transfer, and the way out of the recycle bin. */
function RecycledNotice({ onTakeOut }: { onTakeOut?: () => void }) {
  return (
    <div className="device-recycled-note" role="note">
      <p>{t.recycledNotice}</p>
      {onTakeOut ? (
        <OnlineButton color="primary" onClick={onTakeOut}>
          {t.takeOut}
        </OnlineButton>
      ) : null}
    </div>
  )
}

/**
 * The detail of one device (SPEC §2): info panel, command buttons and task log. A device in the recycle bin is
 * shown as such: the server refuses its commands, edit and transfer, so they are not offered. `onBack` is told
 * whether the device is recycled (undefined while unknown), as its list is then the recycle bin.
 */
export function DeviceDetail({ area, deviceId, onBack }: { area: DeviceArea; deviceId: number | undefined; onBack: (recycled: boolean | undefined) => void }) {
  const detail = useQuery({ ...deviceDetailQuery(area, deviceId ?? 0), enabled: deviceId !== undefined })
  const queryClient = useQueryClient()
  const auth = useAuthorities()
  const editor = useDisclosure<DeviceRecord>()
  const mover = useDisclosure<DeviceRecord>()
  const devicesChanged = useDevicesChanged(area)
  const { recycle, takeOut } = useRecycle(area)
  const now = useNow()
  const online = useOnline()
  const device = detail.data

  const back = (
    <Button className="touch" fill="none" onClick={() => onBack(device?.recycleStatus)} aria-label={t.back}>
      <LeftOutline /> {t.back}
    </Button>
  )
  if (deviceId === undefined) {
    return (
      <section>
        {back}
        <p className="center-box">{t.noDeviceChosen}</p>
      </section>
    )
  }
  // Offline and never opened here: nothing to show and nothing to wait for, so say so instead of spinning.
  if (!device && !online && detail.fetchStatus !== 'fetching') {
    return (
      <section>
        {back}
        <p className="center-box" role="note">
          {c.detailNotCached}
        </p>
      </section>
    )
  }

  return (
    <section>
      {back}
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([detail.refetch(), queryClient.invalidateQueries({ queryKey: deviceKeys.taskLogs(area.platform, deviceId) })])
        }}
      >
        <QueryStatus isPending={detail.isPending} isError={detail.isError && !device} isEmpty={false} onRetry={() => void detail.refetch()} />
        {device ? (
          <>
            <div className="device-detail-head">
              <h1>{device.serialNumber}</h1>
              <StatusTag lastCommunicationTime={device.lastCommunicationTime} now={now} />
              <StateTags device={device} />
              <a className="device-jump" href="#task-log">
                {c.jumpToTaskLog}
              </a>
              {device.recycleStatus ? (
                <Tag color="danger" fill="outline" data-testid="recycled-tag">
                  {t.recycled}
                </Tag>
              ) : null}
            </div>
            {device.recycleStatus ? (
              <RecycledNotice onTakeOut={auth.has(area.authority.recycle) ? () => void takeOut(device) : undefined} />
            ) : (
              <div className="device-detail-actions">
                <OnlineButton onClick={() => editor.open(device)}>{t.edit}</OnlineButton>
                <OnlineButton onClick={() => mover.open(device)}>{t.move}</OnlineButton>
                {auth.has(area.authority.recycle) ? (
                  <OnlineButton color="danger" fill="outline" onClick={() => void recycle(device)}>
                    {t.recycle}
                  </OnlineButton>
                ) : null}
              </div>
            )}
            <div className="device-detail-grid">
              <div>
                {auth.has(area.authority.command) && !device.recycleStatus ? <CommandPanel area={area} device={device} /> : null}
                <InfoPanel device={device} now={now} />
              </div>
              <TaskLog family={area} deviceId={device.id} />
            </div>
          </>
        ) : null}
      </PullToRefresh>
      <DialogSlot of={editor}>
        <DeviceFormDialog key={editor.value?.id} area={area} visible={editor.visible} editing={editor.value} onClose={editor.close} />
      </DialogSlot>
      <DialogSlot of={mover}>
        <MoveDeviceDialog key={mover.value?.id} platform={area.platform} device={mover.value} visible={mover.visible} onClose={mover.close} onMoved={devicesChanged} />
      </DialogSlot>
      {detail.isError && device ? (
        <Button className="touch" onClick={() => void detail.refetch()}>
          {uiText.retry}
        </Button>
      ) : null}
    </section>
  )
}
