import { useState } from 'react'
import { Button } from 'antd-mobile'
import { CloseOutline } from 'antd-mobile-icons'
import { successMessages, uiText } from '../../../shared/messages/common'
import { deviceCommandText, huaweiDeviceText as t } from '../../../shared/messages/devices'
import { notify } from '../../notify'
import { confirmAction } from '../dialogs'
import { OnlineButton } from '../OnlineButton'
import { popups } from '../lazy-popups'
import { useAuthorities } from '../use-authorities'
import type { CommandSubject, DeviceFamily, FamilyDevice } from './family'
import { setRecycled, useDevicesChanged } from './queries'
import type { DeviceCommands } from './use-device-command'

/** A bulk confirmation names the devices: the first few serial numbers and the count (issue #11). */
const namedBulk = (action: string, devices: readonly CommandSubject[]) =>
  deviceCommandText.confirmBulk(
    action,
    devices.slice(0, 3).map((d) => d.serialNumber),
    devices.length,
  )

/**
 * The selection's bulk actions: on the list, the commands that make sense for many devices and 淘汰; in the recycle
 * bin, 移出回收站. One request per device, one summary at the end; `onDone` gets the devices that failed, which
 * stay selected so they can be tried again.
 */
export function BulkBar<Name extends string, D extends FamilyDevice>({
  family,
  commands,
  devices,
  recycle,
  onDone,
}: {
  family: DeviceFamily<Name, D>
  /** The list's own, so that the follow-up outlives this bar (it goes when the selection is cleared). */
  commands: DeviceCommands<Name, D>
  devices: D[]
  recycle: boolean
  onDone: (failed?: number[]) => void
}) {
  const auth = useAuthorities()
  const { runBulk, running } = commands
  const devicesChanged = useDevicesChanged(family)
  const [busy, setBusy] = useState(false)

  /**
   * Moves each device into or out of the bin in turn, then refreshes the lists once; answers the ids that failed
   * (each failure shows its own reason).
   */
  const eachDevice = async (recycled: boolean): Promise<number[]> => {
    setBusy(true)
    const failed: number[] = []
    for (const d of devices) {
      try {
        await setRecycled(family, d.id, recycled)
      } catch {
        failed.push(d.id)
      }
    }
    setBusy(false)
    devicesChanged()
    return failed
  }

  const recycleAll = async () => {
    if (!(await confirmAction(namedBulk(t.recycle, devices), t.recycle))) return
    const failed = await eachDevice(true)
    if (failed.length === 0) notify.success(successMessages.eliminateDevice)
    else notify.warning(t.bulkDone(t.recycle, devices.length - failed.length, failed.length))
    onDone(failed)
  }

  const takeOutAll = async () => {
    if (!(await confirmAction(namedBulk(t.takeOut, devices), t.takeOut))) return
    const failed = await eachDevice(false)
    const summary = t.takeOutBulkDone(devices.length - failed.length, failed.length)
    if (failed.length === 0) notify.success(summary)
    else notify.warning(summary)
    onDone(failed)
  }

  const chooseCommand = async () => {
    const { ActionSheet } = await popups()
    const handler = ActionSheet.show({
      actions: family.commands
        .filter((command) => command.bulk)
        .map((command) => ({
          key: command.name,
          text: command.label,
          danger: command.destructive,
          onClick: () => {
            handler.close()
            void runBulk(command.name, devices).then(onDone)
          },
        })),
      cancelText: uiText.cancel,
    })
  }

  const canRecycle = auth.has(family.authority.recycle)
  return (
    <div className="bulk-bar" role="region" aria-label={t.selected(devices.length)}>
      <Button className="bulk-clear" fill="none" aria-label={t.clearSelection} onClick={() => onDone()}>
        <CloseOutline />
      </Button>
      <span className="bulk-count">{t.selected(devices.length)}</span>
      {!recycle && auth.has(family.authority.command) ? (
        <OnlineButton color="primary" loading={running.size > 0} onClick={() => void chooseCommand()}>
          {t.commands}
        </OnlineButton>
      ) : null}
      {!recycle && canRecycle ? (
        <OnlineButton color="danger" fill="outline" loading={busy} onClick={() => void recycleAll()}>
          {t.recycle}
        </OnlineButton>
      ) : null}
      {recycle && canRecycle ? (
        <OnlineButton color="primary" loading={busy} onClick={() => void takeOutAll()}>
          {t.takeOut}
        </OnlineButton>
      ) : null}
    </div>
  )
}

