import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core'
import type { TaskRecord } from '../../../shared/contract/huawei-device'
import { deviceAreaAuthorities } from '../../../shared/domain/device-areas'
import { huaweiDeviceText } from '../../../shared/messages/devices'
import { lifecycleText } from '../../../shared/messages/lifecycle'
import type { CurrentUser } from '../../auth/sessions'
import type { SecretBox } from '../../crypto/secret-box'
import type { Db } from '../../db/client'
import { devices, tasks, users, type TaskStatus } from '../../db/schema'
import { visibleDeviceCondition } from '../../auth/scope'
import { ApiError } from '../../http/errors'
import { iso } from '../../http/iso'
import { paged } from '../../db/paging'
import { countCommand, countCommands } from '../../metrics'

/** A transaction or the database itself. */
type Tx = Pick<Db, 'select' | 'insert' | 'update'>

/** A task delivered to a device (SENT) whose result has not come back by then is TIMEOUT. */
export const TASK_RESULT_TIMEOUT_MS = 5 * 60_000
/** A task still QUEUED after this long (the device never polled) expires as TIMEOUT too. */
export const TASK_QUEUE_EXPIRY_MS = 24 * 3600_000

/** When a pending task becomes TIMEOUT (config: tests shorten them, so that a timed-out command can be watched). */
export interface TaskTimeouts {
  resultMs: number
  queueMs: number
}
export const defaultTaskTimeouts: TaskTimeouts = { resultMs: TASK_RESULT_TIMEOUT_MS, queueMs: TASK_QUEUE_EXPIRY_MS }

export const pendingStatuses: TaskStatus[] = ['QUEUED', 'SENT']

/**
 * Commands whose result holds a secret (the lock passcode): task logs never repeat it, and it is stored sealed
 * ({ sealed }), so that a copy of the database does not give it away either. disableActivationLock: the server's own
 * ActivationLockBypassCode question (issue #42), whose answer only the server reads.
 */
export const secretResults = new Set(['getLockPasscode', 'showActivationLockPassword', 'disableActivationLock'])

type TaskRow = typeof tasks.$inferSelect

/** Claimed tasks in the order they were queued. */
export const byAge = (rows: TaskRow[]) => rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)

/** A sealed result, or null when it cannot be opened (the server's key was changed since: the answer is lost). */
function openResult(secrets: SecretBox, sealed: string): Record<string, unknown> | null {
  try {
    return JSON.parse(secrets.open(sealed)) as Record<string, unknown>
  } catch {
    return null
  }
}

/** A task as the console sees it; a secret result only with `secrets` to open it (its author's status query). */
function toTaskRecord(row: TaskRow & { createdByName: string | null }, secrets: SecretBox | null): TaskRecord {
  let result = row.result ?? null
  if (result && secretResults.has(row.type)) {
    const sealed = (result as { sealed?: unknown }).sealed
    // A result stored before sealing existed (no `sealed`) is shown to its author as it is.
    result = !secrets ? null : typeof sealed === 'string' ? openResult(secrets, sealed) : result
  }
  return {
    taskId: row.taskId,
    deviceId: row.deviceId,
    type: row.type,
    status: row.status,
    result,
    errorMessage: row.errorMessage,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    finishedAt: iso(row.finishedAt),
    // A task the server queued itself (the rental lifecycle's lock, an enrollment's first question) is the system's.
    createdByName: row.createdBy === null ? lifecycleText.systemOperator : row.createdByName,
    deferredAt: iso(row.deferredAt),
  }
}

/**
 * Queues tasks in bulk (ARCHITECTURE: fleet-wide commands): one INSERT … SELECT for every row of `source`, a query
 * (or a CTE's name) yielding the columns task_id (null: a new one is drawn), device_id, company_id, type and payload
 * (jsonb). No round trip per device: 10,000 tasks are one statement. RETURNING task_id, device_id, company_id, type,
 * so a caller can use it as a CTE and act on what was queued in the same statement (the audit trail, its own records).
 * Unlike enqueue, it does not answer a command already waiting with its existing task: the caller's selection decides.
 */
export function bulkTaskInsert(source: SQL, opts: { createdBy: number | null; now: Date }): SQL {
  return sql`insert into ${tasks} (task_id, device_id, company_id, type, payload, created_by, created_at)
    select coalesce(s.task_id, gen_random_uuid()::text), s.device_id, s.company_id, s.type, s.payload, ${opts.createdBy}::integer, ${opts.now.toISOString()}::timestamptz
    from (${source}) s
    returning task_id, device_id, company_id, type`
}

/**
 * The command queue (ARCHITECTURE: commands and tasks): QUEUED → SENT → DONE | ERROR | TIMEOUT. Tasks are claimed
 * with FOR UPDATE SKIP LOCKED, so two polls racing on any number of server processes never deliver one task twice.
 * Timeouts are applied when a device's or a task's tasks are read (any server process may do it), and to the whole
 * queue by the scheduler's task-expiry job.
 */
export class TaskService {
  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
    private readonly now: () => Date = () => new Date(),
    private readonly timeouts: TaskTimeouts = defaultTaskTimeouts,
  ) {}

  /**
   * Queues a command for a device. When the newest task still waiting in the queue for that device is the same
   * command (same payload), its taskId is answered instead of queueing it a second time, so a double tap never
   * sends it twice. Only the newest counts: after lock → unlock, a second lock must still be queued, or the
   * phone would end unlocked. Given a transaction (`within`), the task is queued in it: it exists exactly when the
   * transaction's other writes do.
   */
  async enqueue(
    input: {
      deviceId: number
      companyId: number
      type: string
      payload?: Record<string, unknown>
      createdBy: number | null
    },
    within?: Tx,
  ): Promise<{ taskId: string; created: boolean }> {
    const payload = input.payload ?? {}
    const inTransaction = <T>(work: (tx: Tx) => Promise<T>) => (within ? work(within) : this.db.transaction(work))
    const queued = await inTransaction(async (tx) => {
      // The device row is the lock that serialises concurrent presses of the same command.
      await tx.select({ id: devices.id }).from(devices).where(eq(devices.id, input.deviceId)).for('update')
      const [newest] = await tx
        .select({
          taskId: tasks.taskId,
          sameCommand: sql<boolean>`${tasks.type} = ${input.type} and ${tasks.payload} = ${JSON.stringify(payload)}::jsonb`,
        })
        .from(tasks)
        .where(and(eq(tasks.deviceId, input.deviceId), eq(tasks.status, 'QUEUED')))
        .orderBy(desc(tasks.createdAt), desc(tasks.id))
        .limit(1)
      if (newest?.sameCommand) return { taskId: newest.taskId, created: false }
      const taskId = randomUUID()
      await tx.insert(tasks).values({
        taskId,
        deviceId: input.deviceId,
        companyId: input.companyId,
        type: input.type,
        payload,
        createdBy: input.createdBy,
        createdAt: this.now(),
      })
      return { taskId, created: true }
    })
    if (queued.created) countCommand(input.type, 'queued')
    return queued
  }

  /** bulkTaskInsert on its own: queues a task per row of `source` in one statement; what was queued. */
  async enqueueMany(source: SQL, createdBy: number | null, within: Pick<Db, 'execute'> = this.db): Promise<{ taskId: string; deviceId: number; type: string }[]> {
    const result = (await within.execute(bulkTaskInsert(source, { createdBy, now: this.now() }))) as unknown as {
      rows: { task_id: string; device_id: number; type: string }[]
    }
    return result.rows.map((r) => ({ taskId: r.task_id, deviceId: r.device_id, type: r.type }))
  }

  /**
   * Records a command that was carried out at once, not by the device (Apple's web services): a task already DONE,
   * so that it has a taskId and a line in the device's task log like every other command.
   */
  async recordDone(input: { deviceId: number; companyId: number; type: string; createdBy: number | null }): Promise<{ taskId: string }> {
    const taskId = randomUUID()
    const now = this.now()
    await this.db.insert(tasks).values({ ...input, taskId, status: 'DONE', result: {}, createdAt: now, finishedAt: now })
    return { taskId }
  }

  /**
   * Marks overdue tasks TIMEOUT: delivered without a result, or never delivered. Of one device or task, or (no scope:
   * the scheduler's task-expiry job) of the whole queue, so that a device that never polls again still has its
   * commands end; the queue's live rows only are read (tasks_live_idx). Answers how many expired.
   */
  async expireOverdue(scope?: { deviceId: number } | { taskId: string }, tx: Tx = this.db): Promise<number> {
    const now = this.now()
    const where = !scope ? undefined : 'deviceId' in scope ? eq(tasks.deviceId, scope.deviceId) : eq(tasks.taskId, scope.taskId)
    // One statement for both (every poll runs it; issue #16): the reason follows the status it leaves.
    const sentOverdue = and(eq(tasks.status, 'SENT'), lt(tasks.sentAt, new Date(now.getTime() - this.timeouts.resultMs)))
    const queuedOverdue = and(eq(tasks.status, 'QUEUED'), lt(tasks.createdAt, new Date(now.getTime() - this.timeouts.queueMs)))
    const expired = await tx
      .update(tasks)
      .set({
        status: 'TIMEOUT',
        finishedAt: now,
        errorMessage: sql`case when ${tasks.status} = 'SENT' then ${huaweiDeviceText.resultTimeout} else ${huaweiDeviceText.queuedExpired} end`,
      })
      .where(and(where, or(sentOverdue, queuedOverdue)))
      .returning({ id: tasks.id })
    return expired.length
  }

  /**
   * Claims up to `max` queued tasks of a device, oldest first, and marks them SENT; overdue tasks of the device expire
   * in the same statement (claimQuery).
   */
  async claim(deviceId: number, max: number): Promise<TaskRow[]> {
    this.claimStatement ??= this.claimQuery().prepare('task_claim')
    const claimed = byAge(await this.claimStatement.execute({ deviceId, ...this.claimParams(max) }))
    countCommands(claimed, 'delivered')
    return claimed
  }

  private claimStatement?: PgPreparedQuery<PreparedQueryConfig & { execute: TaskRow[] }>

  /**
   * The claim as one statement with placeholders (deviceId and claimParams), prepared once by claim(): every Apple
   * check-in runs it (issue #16), so it is one round trip, built and planned once per connection. The inner
   * SELECT … LIMIT max FOR UPDATE SKIP LOCKED picks the device's own queued tasks and skips rows another poll is
   * claiming at this moment; its conditions are those tasks_live_idx serves (device, status, created_at), and its
   * range on created_at leaves out what the expiry times out (queued too long), so the two never touch one row. The
   * outer UPDATE finds the picked rows by id alone (issue #44): its re-check of QUEUED is written IS NOT DISTINCT FROM,
   * which no index serves, because as `status = 'QUEUED'` a generic plan made while few tasks were queued (an empty
   * table, or statistics of a table of finished ones) walked tasks_live_idx over every queued task of every device
   * and filtered by id: 18 ms a claim once a fleet-wide lock had queued 10,000, which saturated PostgreSQL. Statuses
   * are literals, not parameters, so that a generic plan can still prove the partial index for the inner SELECT.
   * The agent's poll runs the same CTEs after its own (claimCtes).
   */
  private claimQuery() {
    const { expired, claimed } = this.claimCtes(sql.placeholder('deviceId'))
    return this.db.with(expired, claimed).select().from(claimed)
  }

  /**
   * claimQuery's data-modifying CTEs for the device `deviceId` names: its placeholder, or the id a caller's own CTE
   * answers (the agent's poll finds its device by credential in the same statement).
   */
  claimCtes(deviceId: SQL | Placeholder) {
    const param = (name: keyof ReturnType<TaskService['claimParams']>) => sql.placeholder(name)
    const at = (name: 'now' | 'sentBefore' | 'queuedSince') => sql`${param(name)}::timestamptz`
    const [queued, sent] = [sql`'QUEUED'`, sql`'SENT'`]
    const expired = this.db.$with('expired').as(
      this.db
        .update(tasks)
        .set({
          status: sql`'TIMEOUT'`,
          finishedAt: at('now'),
          errorMessage: sql`case when ${tasks.status} = ${sent} then ${huaweiDeviceText.resultTimeout} else ${huaweiDeviceText.queuedExpired} end`,
        })
        .where(
          and(
            eq(tasks.deviceId, deviceId),
            or(and(eq(tasks.status, sent), lt(tasks.sentAt, at('sentBefore'))), and(eq(tasks.status, queued), lt(tasks.createdAt, at('queuedSince')))),
          ),
        )
        .returning({ id: tasks.id }),
    )
    const claimable = this.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.deviceId, deviceId), eq(tasks.status, queued), gte(tasks.createdAt, at('queuedSince'))))
      .orderBy(asc(tasks.createdAt), asc(tasks.id))
      .limit(param('max'))
      .for('update', { skipLocked: true })
    const claimed = this.db.$with('claimed').as(
      this.db
        .update(tasks)
        .set({ status: sent, sentAt: at('now') })
        // = any(array(…)), not in (…): an InitPlan, run once. As a semi-join the planner may rescan the locking
        // SELECT for each row, and a rescan skips the rows this statement has just updated and locks the next ones:
        // a claim of one then took every queued task (a generic plan did, with the Apple endpoint's max of 1).
        .where(and(sql`${tasks.id} = any(array(${claimable}))`, sql`${tasks.status} is not distinct from ${queued}`))
        .returning(),
    )
    return { expired, claimed }
  }

  /** The values of claimCtes' placeholders for one claim (the device is named by the caller). */
  claimParams(max: number) {
    const now = this.now()
    return {
      max,
      now: now.toISOString(),
      sentBefore: new Date(now.getTime() - this.timeouts.resultMs).toISOString(),
      queuedSince: new Date(now.getTime() - this.timeouts.queueMs).toISOString(),
    }
  }

  /** A result as the tasks table keeps it: one holding a secret (the lock passcode) sealed (issue #41). */
  storedResult(type: string, data: Record<string, unknown>): Record<string, unknown> {
    return secretResults.has(type) ? { sealed: this.secrets.seal(JSON.stringify(data)) } : data
  }

  /** A device's task log, newest first, with the number of tasks still pending. */
  async search(deviceId: number, paging: { current: number; pageSize: number }) {
    await this.expireOverdue({ deviceId })
    const where = eq(tasks.deviceId, deviceId)
    const [{ records: rows, total }, [{ pending }]] = await Promise.all([
      paged(this.db, tasks, where, paging, (w) =>
        this.db
          .select({ task: tasks, createdByName: users.name })
          .from(tasks)
          .leftJoin(users, eq(users.id, tasks.createdBy))
          .where(where)
          .orderBy(desc(tasks.createdAt), desc(tasks.id))
          .limit(w.limit)
          .offset(w.offset),
      ),
      this.db
        .select({ pending: count() })
        .from(tasks)
        .where(and(where, inArray(tasks.status, pendingStatuses))),
    ])
    return {
      records: rows.map((r) => toTaskRecord({ ...r.task, createdByName: r.createdByName }, null)),
      total,
      pendingCount: pending,
    }
  }

  /**
   * GET /task/status (statusFor): one task of a device the caller may see (`visible` is the device scope condition). A result
   * holding a secret (the lock passcode) goes only to the user who asked for it, and only while they hold the
   * command authority of the device's platform; anyone else who may see the device sees the task without it.
   */
  async statusFor(user: CurrentUser, taskId: string): Promise<TaskRecord> {
    return this.status(taskId, user, await visibleDeviceCondition(this.db, user))
  }

  async status(taskId: string, user: CurrentUser, visible: SQL | undefined): Promise<TaskRecord> {
    const find = () =>
      this.db
        .select({ task: tasks, platform: devices.platform, createdByName: users.name })
        .from(tasks)
        .innerJoin(devices, eq(devices.id, tasks.deviceId))
        .leftJoin(users, eq(users.id, tasks.createdBy))
        .where(and(eq(tasks.taskId, taskId), visible))
    const [seen] = await find()
    if (!seen) throw ApiError.notFound(huaweiDeviceText.taskNotFound)
    // Only a task within the caller's scope is expired here: a foreign task id changes nothing.
    if (pendingStatuses.includes(seen.task.status)) await this.expireOverdue({ taskId: seen.task.taskId })
    const [row] = await find()
    if (!row) throw ApiError.notFound(huaweiDeviceText.taskNotFound)
    const mayReadSecret =
      row.task.createdBy === user.id && user.authorities.includes(deviceAreaAuthorities[row.platform].command)
    return toTaskRecord({ ...row.task, createdByName: row.createdByName }, mayReadSecret ? this.secrets : null)
  }
}
