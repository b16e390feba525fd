import { QueryObserver, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { TaskRecord, TaskStatus, TaskStatusResponse } from '../../../shared/contract/huawei-device'
import { deviceCommandText as c, deviceText } from '../../../shared/messages/devices'
import { call } from '../../api/http'
import type { Route } from '../../../shared/contract/routes'
import { commandState } from '../../../shared/domain/status-language'

/** The statuses after which a task changes no more (the contract's finalTaskStatuses, kept out of the zod chunk). */
const FINAL: ReadonlySet<TaskStatus> = new Set(['DONE', 'ERROR', 'TIMEOUT'])
export const isFinal = (status: TaskStatus) => FINAL.has(status)

/** How often a followed task is asked about while it is pending. */
export const TASK_POLL_MS = 2000

/** GET /task/status of the family's base (both bases answer it, SPEC §7). */
export type TaskStatusRoute = Route<Record<string, unknown>, TaskStatusResponse>

export const taskKeys = {
  status: (base: string, taskId: string) => ['task', base, taskId] as const,
}

/**
 * GET /task/status?taskId= (SPEC §7), the one way the console follows a task: it refetches until the task is final,
 * then stops. Not persisted (meta.persist unset): a result may hold a lock passcode, which is never stored.
 */
export const taskStatusQuery = (endpoint: TaskStatusRoute, taskId: string) =>
  queryOptions({
    queryKey: taskKeys.status(endpoint.base, taskId),
    queryFn: ({ signal }) => call(endpoint, { taskId }, { signal, silent: true }),
    refetchInterval: (query) => (query.state.data && isFinal(query.state.data.status) ? false : TASK_POLL_MS),
    refetchIntervalInBackground: true,
    // A failed poll is tried again at the next interval; the follow-up itself gives up at its own limit.
    retry: false,
    staleTime: 0,
    gcTime: 30_000,
  })

/**
 * Follows a task through taskStatusQuery until it is final (answered), `limitMs` passes or `signal` aborts
 * (null). The query keeps polling only while someone follows it.
 */
export function followTask(queryClient: QueryClient, endpoint: TaskStatusRoute, taskId: string, { limitMs, signal }: { limitMs: number; signal?: AbortSignal }): Promise<TaskStatusResponse | null> {
  return new Promise((resolve) => {
    const observer = new QueryObserver(queryClient, taskStatusQuery(endpoint, taskId))
    let settled = false
    const finish = (task: TaskStatusResponse | null) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      unsubscribe()
      signal?.removeEventListener('abort', onAbort)
      resolve(task)
    }
    const onAbort = () => finish(null)
    const timer = setTimeout(() => finish(null), limitMs)
    const unsubscribe = observer.subscribe((result) => {
      if (result.data && isFinal(result.data.status)) finish(result.data)
    })
    const now = observer.getCurrentResult().data
    if (now && isFinal(now.status)) finish(now)
    if (signal?.aborted) finish(null)
    else signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * Why a task failed, in Chinese: a TIMEOUT carries the server's own sentence; an ERROR the reason the device
 * reported, in whatever language its software speaks, so it is introduced as the device's answer.
 */
export function taskFailureText(task: Pick<TaskRecord, 'status' | 'errorMessage'>): string | null {
  if (!task.errorMessage) return null
  return task.status === 'ERROR' ? deviceText.deviceReason(task.errorMessage) : task.errorMessage
}

export type CommandOutcome = { kind: 'done' | 'failed' | 'timeout' | 'waiting'; text: string }

/**
 * How a followed command ended, decided in one place for every command, family and screen: the family's done
 * text only when the device reported success; the reason when it failed; the server's word when it timed out;
 * and, when the console stopped watching first (null), that it still waits.
 */
export function commandOutcome(command: { label: string; doneText: string }, task: Pick<TaskRecord, 'status' | 'errorMessage'> | null): CommandOutcome {
  if (!task || !isFinal(task.status)) return { kind: 'waiting', text: c.stillWaiting(command.label) }
  const reason = taskFailureText(task) ?? commandState(task.status).label
  if (task.status === 'DONE') return { kind: 'done', text: command.doneText }
  if (task.status === 'TIMEOUT') return { kind: 'timeout', text: c.timedOut(command.label, reason) }
  return { kind: 'failed', text: c.failed(command.label, reason) }
}

/** One summary for a command sent to several devices, once every task ended or the console stopped watching. */
export function bulkOutcome(command: { label: string }, outcomes: CommandOutcome[]): { kind: 'done' | 'failed' | 'waiting'; text: string } {
  const done = outcomes.filter((o) => o.kind === 'done').length
  const waiting = outcomes.filter((o) => o.kind === 'waiting').length
  const failed = outcomes.length - done - waiting
  const kind = failed > 0 ? 'failed' : waiting > 0 ? 'waiting' : 'done'
  return { kind, text: c.bulkEnded(command.label, done, failed, waiting) }
}
