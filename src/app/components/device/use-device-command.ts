import { useEffect, useRef, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Route } from '../../../shared/contract/routes'
import { connectionStatus } from '../../../shared/domain/connection-status'
import { isIrreversibleCommand } from '../../../shared/domain/irreversible-commands'
import { deviceCommandText as c, huaweiDeviceText } from '../../../shared/messages/devices'
import { secondaryPasswordText } from '../../../shared/messages/secondary-password'
import { call } from '../../api/http'
import { notify } from '../../notify'
import { confirmAction } from '../dialogs'
import { secondaryPasswordFor } from '../secondary-password'
import { findCommand, type CommandDeclaration, type CommandFamily, type CommandSubject } from './family'
import { useCommandMutation, useDeviceTasksChanged } from './queries'
import { bulkOutcome, commandOutcome, followTask, type CommandOutcome } from './task-follow'

/** How long a screen watches a command before leaving its outcome to the task log. */
export const FOLLOW_LIMIT_MS = 3 * 60_000
/** A lock passcode is waited for visibly (and cancellably), so not as long. */
export const RESULT_LIMIT_MS = 45_000
/** A bulk confirmation names this many serial numbers, then the count. */
const NAMED_IN_BULK = 3

/** Never reached the server, or not for 24 hours (SPEC §4's offline): a command waits for it to come back. */
const away = (d: Pick<CommandSubject, 'lastCommunicationTime'>, now: number) => connectionStatus(d.lastCommunicationTime, now) === 'error'

/**
 * The questions asked before a command is sent. A device that is away is said first (the command waits for it);
 * that question names the command and the device, so an everyday confirmation is not asked again after it. A
 * destructive command is always confirmed.
 */
async function confirmSend(command: CommandDeclaration, device: CommandSubject, now: number): Promise<boolean> {
  let asked = false
  if (away(device, now)) {
    const question =
      device.lastCommunicationTime === null
        ? huaweiDeviceText.confirmNeverConnected(command.label, device.serialNumber)
        : c.confirmAway(command.label, device.serialNumber)
    if (!(await confirmAction(question, command.label))) return false
    asked = true
  }
  const step = command.confirm?.(device.serialNumber)
  if (!step || (asked && !command.destructive)) return true
  if ('dialog' in step) return step.dialog()
  return confirmAction(step.text, step.confirmText ?? command.label)
}

function announce(outcome: { kind: CommandOutcome['kind'] | 'done' | 'failed' | 'waiting'; text: string }) {
  if (outcome.kind === 'done') notify.success(outcome.text)
  else if (outcome.kind === 'waiting') notify.info(outcome.text)
  else notify.warning(outcome.text)
}

/**
 * The one follow-up of a sent task (issue #11: queuing is not success), for the command grid and for a detail tab's
 * send alike: the device's detail and task log are refreshed when the task ends; `sentAndFollowed` says
 * first that it was sent and waits for the device, then how it ended (the done text only once the device did it,
 * its reason otherwise). Leaving the screen stops the following (the task log keeps the outcome).
 */
export function useTaskFollower(family: Pick<CommandFamily<string>, 'api' | 'platform'>) {
  const queryClient = useQueryClient()
  const tasksChanged = useDeviceTasksChanged(family)
  const follows = useRef(new Set<AbortController>())

  useEffect(() => {
    const current = follows.current
    return () => {
      for (const follow of current) follow.abort()
    }
  }, [])

  /** Follows one task; null when the screen was left or the limit passed first. */
  const follow = async (deviceId: number, taskId: string, limitMs = FOLLOW_LIMIT_MS, controller = new AbortController()) => {
    follows.current.add(controller)
    try {
      const task = await followTask(queryClient, family.api.taskStatus, taskId, { limitMs, signal: controller.signal })
      if (task) tasksChanged(deviceId)
      return { task, left: controller.signal.aborted }
    } finally {
      follows.current.delete(controller)
    }
  }

  /** The two notices of a single send, and the task as it ended (null: still waiting, or the screen was left). */
  const sentAndFollowed = async (what: { label: string; doneText: string }, deviceId: number, taskId: string) => {
    notify.info(c.sent(what.label))
    const { task, left } = await follow(deviceId, taskId)
    if (!left) announce(commandOutcome(what, task))
    return task
  }

  return { follow, sentAndFollowed }
}

/**
 * Sends a request that queues a task on the device beside the command grid (a detail tab's profile, wallpaper, app
 * install, refresh) and follows it as the grid follows a command: sent and waiting first, then its success text
 * (`done`, else the endpoint's SPEC §8 text) once the device did it, or the device's reason. `label` names what was
 * sent. The mutation stays pending until the task ended (or the follow-up gave up): its value is the task.
 */
export function useSentAndFollowed<Req>(
  family: Pick<CommandFamily<string>, 'api' | 'platform'>,
  route: Route<Req, { taskId: string }>,
  deviceId: number,
  label: string,
  done?: string,
) {
  const tasksChanged = useDeviceTasksChanged(family)
  const { sentAndFollowed } = useTaskFollower(family)
  return useMutation({
    mutationFn: async (req: Req) => {
      const { taskId } = await (call as (r: Route<Req, { taskId: string }>, input: Req) => Promise<{ taskId: string }>)(route, req)
      tasksChanged(deviceId)
      return sentAndFollowed({ label, doneText: done ?? route.success ?? label }, deviceId, taskId)
    },
  })
}

/**
 * Sends a family's commands, single or bulk, and follows each task to its end (useTaskFollower), so the card
 * shows the new state once the device reported. Only the command in flight is busy.
 */
export function useDeviceCommand<Name extends string, D extends CommandSubject = CommandSubject>(family: CommandFamily<Name, D>) {
  const mutation = useCommandMutation(family)
  const queryClient = useQueryClient()
  const { follow, sentAndFollowed } = useTaskFollower(family)
  const [running, setRunning] = useState<ReadonlySet<Name>>(new Set())
  /** The command whose answer is being waited for (a lock passcode, an activation-lock password), or null. */
  const [waitingFor, setWaitingFor] = useState<CommandDeclaration<Name, D> | null>(null)
  const resultWait = useRef<AbortController | null>(null)

  useEffect(() => () => resultWait.current?.abort(), [])

  const mark = (name: Name, busy: boolean) =>
    setRunning((now) => {
      const next = new Set(now)
      if (busy) next.add(name)
      else next.delete(name)
      return next
    })

  const cancelResultWait = () => {
    resultWait.current?.abort()
    resultWait.current = null
    setWaitingFor(null)
  }

  /** A command whose answer is shown (a lock passcode): waited for visibly, cancellably. */
  const awaitResult = async (command: CommandDeclaration<Name, D>, deviceId: number, taskId: string) => {
    const controller = new AbortController()
    resultWait.current = controller
    setWaitingFor(command)
    try {
      const { task, left } = await follow(deviceId, taskId, RESULT_LIMIT_MS, controller)
      if (left) return
      if (task?.status === 'DONE') await command.showResult?.(task)
      else announce(commandOutcome(command, task))
    } finally {
      if (resultWait.current === controller) {
        resultWait.current = null
        setWaitingFor(null)
      }
    }
  }

  /**
   * Issue #43 item 2: a command that cannot be undone has one confirmation, which names it and the device on a red
   * button, asks for the secondary password (set first when the account has none) and sends it.
   */
  const runIrreversible = async (command: CommandDeclaration<Name, D>, device: D) => {
    const step = command.confirm?.(device.serialNumber)
    const question = step && 'text' in step ? step.text : command.label
    const params = command.params ? await command.params(device) : undefined
    if (params === null) return
    let taskId = ''
    const { confirmIrreversible } = await import('./irreversible-confirm')
    const sent = await confirmIrreversible(queryClient, {
      title: (step && 'title' in step && step.title) || command.label,
      text: away(device, Date.now()) ? `${question}${secondaryPasswordText.deviceAway}` : question,
      confirmText: secondaryPasswordText.confirmOn(command.label, device.serialNumber),
      send: async (secondaryPassword) => {
        mark(command.name, true)
        try {
          ;({ taskId } = await mutation.mutateAsync({ name: command.name, deviceId: device.id, params: { ...params, secondaryPassword }, silent: true }))
        } finally {
          mark(command.name, false)
        }
      },
    })
    if (sent) await sentAndFollowed(command, device.id, taskId)
  }

  const run = async (name: Name, device: D) => {
    const command = findCommand(family, name)
    if (isIrreversibleCommand(name)) return runIrreversible(command, device)
    if (!(await confirmSend(command, device, Date.now()))) return
    const params = command.params ? await command.params(device) : undefined
    if (params === null) return
    mark(name, true)
    let taskId: string
    try {
      ;({ taskId } = await mutation.mutateAsync({ name, deviceId: device.id, params }))
    } catch {
      return // not sent: the server's reason (or the network failure) is shown
    } finally {
      mark(name, false)
    }
    if (command.showResult) return awaitResult(command, device.id, taskId)
    await sentAndFollowed(command, device.id, taskId)
  }

  /**
   * The same command for several devices: one confirmation naming them (and how many are away), one request per
   * device, one notice once sent and one summary once every task ended. Answers the devices it could not be sent
   * to, as soon as it was sent; the follow-up goes on in the background.
   */
  const runBulk = async (name: Name, devices: D[]): Promise<number[]> => {
    const command = findCommand(family, name)
    const now = Date.now()
    const awayCount = devices.filter((d) => away(d, now)).length
    const question = c.confirmBulk(command.label, devices.slice(0, NAMED_IN_BULK).map((d) => d.serialNumber), devices.length)
    if (!(await confirmAction(awayCount ? `${question}${c.bulkAway(awayCount)}` : question, command.label))) return []
    const reauth = await secondaryPasswordFor(queryClient, name)
    if (reauth === null) return []
    mark(name, true)
    const failed: number[] = []
    const sent: { deviceId: number; taskId: string }[] = []
    try {
      for (const d of devices) {
        try {
          const { taskId } = await mutation.mutateAsync({ name, deviceId: d.id, params: reauth, silent: true })
          sent.push({ deviceId: d.id, taskId })
        } catch {
          failed.push(d.id)
        }
      }
    } finally {
      mark(name, false)
    }
    announce({ kind: failed.length ? 'failed' : 'waiting', text: c.bulkSent(command.label, sent.length, failed.length) })
    if (sent.length > 0) {
      void Promise.all(sent.map((s) => follow(s.deviceId, s.taskId))).then((ends) => {
        if (ends.some((e) => e.left)) return
        announce(bulkOutcome(command, ends.map((e) => commandOutcome(command, e.task))))
      })
    }
    return failed
  }

  return { run, runBulk, running, waitingForResult: waitingFor !== null, waitingFor, cancelResultWait }
}

export type DeviceCommands<Name extends string = string, D extends CommandSubject = CommandSubject> = ReturnType<typeof useDeviceCommand<Name, D>>
