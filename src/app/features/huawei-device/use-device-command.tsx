import { useState } from 'react'
import { Dialog } from 'antd-mobile'
import type { AgentCommand } from '../../../shared/contract/agent'
import { errorMessages, huaweiDeviceText as t, uiText } from '../../../shared/messages'
import { confirmAction } from '../../components/dialogs'
import { notify } from '../../notify'
import type { DeviceArea } from './area'
import { useCommandMutation } from './queries'

/** The order of the command buttons: the everyday ones first, the destructive ones last. */
export const commandOrder: AgentCommand[] = [
  'lockScreen', 'unlockScreen', 'check', 'getDeviceInfo', 'getLockPasscode', 'clearPasscode', 'backDesktop', 'runApp',
  'logOff', 'reboot', 'shutdown', 'restoreSettings', 'exitControl',
]

/** Commands that need a confirmation naming the device before they are sent. */
const confirmFirst: ReadonlySet<AgentCommand> = new Set(['clearPasscode', 'logOff', 'reboot', 'shutdown'])
export const destructiveCommands: ReadonlySet<AgentCommand> = new Set(['shutdown', 'restoreSettings', 'exitControl'])

/** Commands offered for a selection of devices: not the ones that must name one device or show its answer. */
export const bulkCommands: AgentCommand[] = ['lockScreen', 'unlockScreen', 'check', 'getDeviceInfo', 'backDesktop', 'runApp', 'reboot', 'shutdown']

/** The control-exit dialog (SPEC §2): what leaving management means, naming the device. */
function confirmExitControl(device: string): Promise<boolean> {
  return Dialog.confirm({
    title: t.exitControlTitle,
    content: <p style={{ margin: 0 }}>{t.exitControlText(device)}</p>,
    confirmText: <span style={{ color: 'var(--adm-color-danger)' }}>{t.exitControlConfirm}</span>,
    cancelText: uiText.cancel,
  })
}

/** The lock-passcode flow (and the contract it reads) is fetched only when a passcode is asked for. */
async function showLockPasscode(taskId: string): Promise<void> {
  let flow: typeof import('./lock-passcode')
  try {
    flow = await import('./lock-passcode')
  } catch {
    return notify.warning(errorMessages.networkFailed)
  }
  await flow.showLockPasscode(taskId)
}

/**
 * Sends one command to one device: asks first when the command is destructive, shows the spec's message once it
 * is queued (or the server's reason when it could not be), and for getLockPasscode waits for the answer.
 */
export function useDeviceCommand(area: DeviceArea) {
  const mutation = useCommandMutation(area)
  const [running, setRunning] = useState<AgentCommand | null>(null)

  const run = async (name: AgentCommand, device: { id: number; serialNumber: string }) => {
    const label = device.serialNumber
    if (name === 'exitControl' && !(await confirmExitControl(label))) return
    if (name === 'restoreSettings' && !(await confirmAction(t.confirmRestore(label), t.commandLabels.restoreSettings))) return
    if (confirmFirst.has(name) && !(await confirmAction(t.confirmCommand(t.commandLabels[name], label), t.commandLabels[name]))) return
    setRunning(name)
    try {
      const { taskId } = await mutation.mutateAsync({ name, deviceId: device.id })
      if (name === 'getLockPasscode') await showLockPasscode(taskId)
      else notify.success(t.commandSuccess[name])
    } catch {
      // Not queued: the server's reason (or the network failure) is shown; nothing was sent.
    } finally {
      setRunning(null)
    }
  }

  /** The same command for several devices, one after the other, with one summary at the end. */
  const runBulk = async (name: AgentCommand, devices: { id: number; serialNumber: string }[]): Promise<number[]> => {
    if (!(await confirmAction(t.confirmBulk(t.commandLabels[name], devices.length), t.commandLabels[name]))) return []
    setRunning(name)
    const failed: number[] = []
    try {
      for (const d of devices) {
        try {
          await mutation.mutateAsync({ name, deviceId: d.id, silent: true })
        } catch {
          failed.push(d.id)
        }
      }
    } finally {
      setRunning(null)
    }
    const ok = devices.length - failed.length
    if (failed.length === 0) notify.success(t.bulkDone(t.commandLabels[name], ok, 0))
    else notify.warning(t.bulkDone(t.commandLabels[name], ok, failed.length))
    return failed
  }

  return { run, runBulk, running }
}
