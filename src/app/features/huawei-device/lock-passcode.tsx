import { Dialog } from 'antd-mobile'
import { finalTaskStatuses, type TaskStatusResponse } from '../../../shared/contract/huawei-device'
import { huaweiDeviceText as t, uiText } from '../../../shared/messages'
import { api, HUAWEI_BASE } from '../../api/http'
import { notify } from '../../notify'
import { taskFailureText } from './task-text'

/*
 * Loaded only when a lock passcode is asked for (use-device-command): it polls a task to its end, for which it
 * reads the contract's list of final statuses, and the contracts (zod) are not part of the device screens.
 */

/** Waits `ms`, or less when the signal aborts (a cancelled wait ends at once). */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })

/**
 * Polls GET /task/status until the task is final or `timeoutMs` passes. The answer (a passcode) is shown once and
 * never put into the query cache, so it is never persisted.
 */
export async function waitForTask(taskId: string, { timeoutMs = 45_000, intervalMs = 1500, signal }: { timeoutMs?: number; intervalMs?: number; signal?: AbortSignal } = {}): Promise<TaskStatusResponse | null> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && !signal?.aborted) {
    const task = await api.get<TaskStatusResponse>('/task/status', { taskId }, { base: HUAWEI_BASE, signal })
    if (finalTaskStatuses.includes(task.status)) return task
    await sleep(intervalMs, signal)
  }
  return null
}

/**
 * SPEC §4: the lock passcode dialog shows the returned password, or the no-lock-password message when empty. The
 * caller shows that it is waiting, and aborts `signal` when the user stops waiting: then nothing more is shown.
 */
export async function showLockPasscode(taskId: string, signal?: AbortSignal): Promise<void> {
  let task
  try {
    task = await waitForTask(taskId, { signal })
  } catch {
    return // the request's failure is shown (an aborted one needs no word)
  }
  if (signal?.aborted) return
  if (!task) return notify.warning(t.lockPasscodeNoAnswer)
  if (task.status !== 'DONE') return notify.warning(t.lockPasscodeFailed(taskFailureText(task) ?? t.taskStatus[task.status]))
  const password = typeof task.result?.password === 'string' ? task.result.password : ''
  await Dialog.alert({
    title: t.lockPasscodeTitle,
    content: password ? (
      <p className="secret-value" style={{ fontSize: 22, textAlign: 'center', margin: 0 }} data-testid="lock-passcode">
        {password}
      </p>
    ) : (
      <p style={{ textAlign: 'center', margin: 0 }}>{t.noLockPasscode}</p>
    ),
    confirmText: uiText.close,
  })
}
