import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { formatDate } from '../../../shared/domain/format'
import { deviceCommandText as c, huaweiDeviceText as t } from '../../../shared/messages/devices'
import { DeviceDetailShell } from '../../components/device/DeviceDetailShell'
import { InfoSection } from '../../components/device/InfoSection'
import { useDeviceMoved } from '../../components/device/queries'
import { lastSeenText } from '../../components/DeviceSummaryCard'
import { MoveDeviceDialog } from '../../components/lazy-device-move'
import { DialogSlot } from '../../components/lazy-dialog'
import { OnlineButton } from '../../components/OnlineButton'
import { useDisclosure } from '../../components/use-disclosure'
import { useNow } from '../../components/use-now'
import type { DeviceArea } from './area'
import { DeviceFormDialog } from './lazy-dialogs'
import { powerText, reportedState } from './power'

/** An ID card number with the middle hidden: the detail is shown on phones in public places. */
function maskIdCard(value: string): string {
  return value.length === 18 ? `${value.slice(0, 6)}********${value.slice(14)}` : value
}

function yesNo(value: boolean | undefined, yes: string, no: string): string {
  return value === undefined ? '—' : value ? yes : no
}

function InfoPanel({ device, now }: { device: DeviceRecord; now: number }) {
  const s = reportedState(device)
  const rows: [string, string][] = [
    [t.serialNumber, device.serialNumber],
    [t.deviceName, device.name || '—'],
    [t.model, device.model || '—'],
    [t.imei, device.imei || '—'],
    [t.osVersion, device.osVersion || '—'],
    [t.lastCommunicationTime, device.lastCommunicationTime ? `${formatDate(device.lastCommunicationTime)}（${lastSeenText(device, now)}）` : t.neverCommunicated],
    [t.enrolled, device.enrolled ? t.enrolledYes : t.enrolledNo],
    [t.controlled, yesNo(s.controlled, t.controlledYes, t.controlledNo)],
    [t.power, powerText(device, now) ?? '—'],
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
  return (
    <>
      <InfoSection title={t.deviceInfo} rows={rows} />
      <InfoSection title={t.rentInfo} rows={rent} />
    </>
  )
}

/** The device's current state in one line, above the commands that change it (issue #11). */
function StateSummary({ device }: { device: DeviceRecord }) {
  const s = reportedState(device)
  const now = useNow()
  const parts = [
    s.controlled === undefined ? null : s.controlled ? t.controlledYes : t.controlledNo,
    powerText(device, now) ?? null,
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

/**
 * The detail of one Huawei or Mi device (SPEC §2): the shared detail shell with this area's information panels,
 * its current-state line, and its edit and transfer dialogs.
 */
export function DeviceDetail({ area, deviceId, onBack }: { area: DeviceArea; deviceId: number | undefined; onBack: (recycled: boolean | undefined) => void }) {
  const editor = useDisclosure<DeviceRecord>()
  const mover = useDisclosure<DeviceRecord>()
  // Moved out of the user's sight (a staff member handing it back): back to the list, which no longer shows it.
  const deviceMoved = useDeviceMoved(area, () => onBack(false))
  return (
    <DeviceDetailShell
      family={area}
      deviceId={deviceId}
      onBack={onBack}
      summary={(device) => <StateSummary device={device} />}
      actions={(device) => (
        <>
          <OnlineButton onClick={() => editor.open(device)}>{t.edit}</OnlineButton>
          <OnlineButton onClick={() => mover.open(device)}>{t.move}</OnlineButton>
        </>
      )}
      dialogs={
        <>
          <DialogSlot of={editor}>
            <DeviceFormDialog key={editor.value?.id} area={area} visible={editor.visible} editing={editor.value} onClose={editor.close} />
          </DialogSlot>
          <DialogSlot of={mover}>
            <MoveDeviceDialog key={mover.value?.id} platform={area.platform} device={mover.value} visible={mover.visible} onClose={mover.close} onMoved={deviceMoved} />
          </DialogSlot>
        </>
      }
    >
      {(device, now) => <InfoPanel device={device} now={now} />}
    </DeviceDetailShell>
  )
}
