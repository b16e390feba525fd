import { useEffect, useRef, useState } from 'react'
import { Dialog } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import type { AgentCommand } from '../../../shared/contract/agent'
import type { DeviceRecord } from '../../../shared/contract/huawei-device'
import { errorMessages, huaweiDeviceText as t, uiText } from '../../../shared/messages'
import { confirmAction } from '../../components/dialogs'
import { notify } from '../../notify'
import type { DeviceArea } from './area'
import { deviceKeys, useCommandMutation } from './queries'
import { taskFailureText } from './task-text'

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

/** SPEC §4: commands whose task is polled by taskId to its end, with a notice then (check and update). */
const followedCommands: ReadonlySet<AgentCommand> = new Set(['check', 'getDeviceInfo'])

/** The lock-passcode flow (and the contract it reads) is fetched only when a passcode is asked for. */
async function showLockPasscode(taskId: string, signal: AbortSignal): Promise<void> {
  let flow: typeof import('./lock-passcode')
  try {
    flow = await import('./lock-passcode')
  } catch {
    return notify.warning(errorMessages.networkFailed)
  }
  await flow.showLockPasscode(taskId, signal)
}

type CommandTarget = Pick<DeviceRecord, 'id' | 'serialNumber' | 'lastCommunicationTime'>

/**
 * The questions asked before a command is queued. A device that never reached the server would run it only once
 * it enrols, so that is said first; that question names the command and the device, so the generic confirmation
 * is not asked again after it.
 */
async function confirmCommand(name: AgentCommand, device: CommandTarget): Promise<boolean> {
  const label = device.serialNumber
  const command = t.commandLabels[name]
  const neverConnected = device.lastCommunicationTime === null
  if (neverConnected && !(await confirmAction(t.confirmNeverConnected(command, label), command))) return false
  if (name === 'exitControl') return confirmExitControl(label)
  if (name === 'restoreSettings') return confirmAction(t.confirmRestore(label), command)
  if (confirmFirst.has(name) && !neverConnected) return confirmAction(t.confirmCommand(command, label), command)
  return true
}

/**
 * Sends one command to one device: asks first when the command is destructive (or the device never connected),
 * shows the spec's message once it is queued (or the server's reason when it could not be), and for
 * getLockPasscode waits for the answer. Only the command in flight is busy; the others stay usable, also while a
 * passcode is awaited, which can be cancelled (and is, when the screen is left).
 */
export function useDeviceCommand(area: DeviceArea) {
  const mutation = useCommandMutation(area)
  const [running, setRunning] = useState<ReadonlySet<AgentCommand>>(new Set())
  const [waitingForPasscode, setWaitingForPasscode] = useState(false)
  const passcodeWait = useRef<AbortController | null>(null)

  const queryClient = useQueryClient()
  const follows = useRef(new Set<AbortController>())

  useEffect(
    () => () => {
      passcodeWait.current?.abort()
      for (const follow of follows.current) follow.abort()
    },
    [],
  )

  /**
   * Polls a check or update task by its id until it ends (SPEC §4), then refreshes the device and says how it
   * ended. It runs in the background: the buttons stay usable, and leaving the screen stops it (the task log keeps
   * the outcome). A task that has not ended within a minute is left to the task log.
   */
  const follow = async (name: AgentCommand, deviceId: number, taskId: string) => {
    const controller = new AbortController()
    follows.current.add(controller)
    try {
      const { waitForTask } = await import('./lock-passcode')
      const task = await waitForTask(taskId, { timeoutMs: 60_000, signal: controller.signal })
      if (!task || controller.signal.aborted) return
      void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(area.platform, deviceId) })
      void queryClient.invalidateQueries({ queryKey: deviceKeys.taskLogs(area.platform, deviceId) })
      const command = t.commandLabels[name]
      if (task.status === 'DONE') notify.success(t.followedDone(command))
      else notify.warning(t.followedFailed(command, taskFailureText(task) ?? t.taskStatus[task.status]))
    } catch {
      // A failed poll is shown by the HTTP client; the task log still shows the task.
    } finally {
      follows.current.delete(controller)
    }
  }

  const mark = (name: AgentCommand, busy: boolean) =>
    setRunning((current) => {
      const next = new Set(current)
      if (busy) next.add(name)
      else next.delete(name)
      return next
    })

  const cancelPasscodeWait = () => {
    passcodeWait.current?.abort()
    passcodeWait.current = null
    setWaitingForPasscode(false)
  }

  const awaitPasscode = async (taskId: string) => {
    const controller = new AbortController()
    passcodeWait.current = controller
    setWaitingForPasscode(true)
    try {
      await showLockPasscode(taskId, controller.signal)
    } finally {
      if (passcodeWait.current === controller) {
        passcodeWait.current = null
        setWaitingForPasscode(false)
      }
    }
  }

  const run = async (name: AgentCommand, device: CommandTarget) => {
    if (!(await confirmCommand(name, device))) return
    mark(name, true)
    try {
      const { taskId } = await mutation.mutateAsync({ name, deviceId: device.id })
      if (name === 'getLockPasscode') await awaitPasscode(taskId)
      else {
        notify.success(t.commandSuccess[name])
        if (followedCommands.has(name)) void follow(name, device.id, taskId)
      }
    } catch {
      // Not queued: the server's reason (or the network failure) is shown; nothing was sent.
    } finally {
      mark(name, false)
    }
  }

  /** The same command for several devices, one after the other, with one summary at the end. */
  const runBulk = async (name: AgentCommand, devices: { id: number; serialNumber: string }[]): Promise<number[]> => {
    if (!(await confirmAction(t.confirmBulk(t.commandLabels[name], devices.length), t.commandLabels[name]))) return []
    mark(name, true)
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
      mark(name, false)
    }
    const ok = devices.length - failed.length
    if (failed.length === 0) notify.success(t.bulkDone(t.commandLabels[name], ok, 0))
    else notify.warning(t.bulkDone(t.commandLabels[name], ok, failed.length))
    return failed
  }

  return { run, runBulk, running, waitingForPasscode, cancelPasscodeWait }
}
