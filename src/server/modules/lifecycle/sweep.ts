import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { lifecycleTaskTypes, type LifecycleLiftReason } from '../../../shared/domain/lifecycle'
import { lifecycleText as t } from '../../../shared/messages/lifecycle'
import type { Db } from '../../db/client'
import { appleEnrollments, auditLog, devices, tasks } from '../../db/schema'
import { lifecycleLocks, lifecyclePolicies } from '../../db/schema-lifecycle'
import { appleCommands } from '../../protocol/apple/commands'
import { bulkTaskInsert } from '../task/service'
import { exemptSql, lockDueAtSql, serviceEndSql } from './service-end'
import { logError } from '../../log'

/** What the sweep needs: the database and a way to wake Apple devices that got a command. */
export interface SweepDeps {
  db: Db
  appleMdm: { wake(enrollment: typeof appleEnrollments.$inferSelect): Promise<void> }
}

export interface SweepOutcome {
  locked: number
  lifted: number
  requeued: number
}

/**
 * The lock's payload per company and platform, built by the commands' own code (Apple pay mode is lost mode with
 * the message and phone, commands.ts), passed to the statement as one JSON parameter: { "<companyId>": { IOS, AGENT } }.
 */
async function lockPayloads(db: Db): Promise<Record<string, { IOS: unknown; AGENT: unknown }>> {
  const policies = await db
    .select({ companyId: lifecyclePolicies.companyId, message: lifecyclePolicies.lockMessage, phone: lifecyclePolicies.lockPhone })
    .from(lifecyclePolicies)
    .where(eq(lifecyclePolicies.autoLock, true))
  return Object.fromEntries(
    policies.map((p) => [
      String(p.companyId),
      {
        IOS: appleCommands.openPayMode.requests({ message: p.message, phoneNumber: p.phone })[0],
        AGENT: { message: p.message, phoneNumber: p.phone },
      },
    ]),
  )
}

const closePayModePayload = appleCommands.closePayMode.requests()[0]

/** An iPhone in lost mode someone set by hand (not pay mode): the automatic lock neither sends nor lifts over it. */
const manualLostMode = (state: SQL) => sql`(${state}->>'lostMode' = 'true' and coalesce(${state}->>'payMode', 'false') <> 'true')`

const typeOf = (platform: SQL, action: 'lock' | 'unlock') =>
  sql`case when ${platform} = 'IOS' then ${lifecycleTaskTypes.IOS[action]} else ${lifecycleTaskTypes.HUAWEI[action]} end`

/** The audit entries of what a statement queued (CTE `queued` joined to `subjects`), operator 系统. */
const auditQueued = (action: 'lifecycle.lock' | 'lifecycle.unlock', now: Date, summary: (serial: SQL) => SQL) => sql`
  insert into ${auditLog} (at, actor_user_id, actor_username, actor_kind, company_id, client_ip, action, target_kind, target_id, summary, outcome)
  select ${now.toISOString()}::timestamptz, null, ${t.systemOperator}, 'SYSTEM', q.company_id, '', ${action}, 'DEVICE', q.device_id::text,
    ${summary(sql`s.serial_number`)}, 'SUCCESS'
  from queued q join subjects s on s.device_id = q.device_id`

/**
 * Locks every device whose service period (plus the company's grace days) has ended, in one statement: the devices
 * due, their lock records (unique per device and period end: ON CONFLICT DO NOTHING is what makes two sweeps at once,
 * a sweep repeated after a restart or a clock jump, lock a device once), the tasks (bulkTaskInsert) and the audit
 * entries. A device already holding a lock not yet lifted is not due again.
 */
async function lockDue(db: Db, now: Date): Promise<{ deviceId: number; platform: string }[]> {
  const payloads = await lockPayloads(db)
  if (!Object.keys(payloads).length) return []
  const at = sql`${now.toISOString()}::timestamptz`
  const result = (await db.execute(sql`
    with subjects as (
      select ${devices.id} as device_id, ${devices.companyId} as company_id, ${devices.platform} as platform, ${devices.serialNumber} as serial_number,
        ${devices.state} as state, ${serviceEndSql} as period_end, ${lifecyclePolicies.graceDays} as grace_days
      from ${devices} join ${lifecyclePolicies} on ${lifecyclePolicies.companyId} = ${devices.companyId} and ${lifecyclePolicies.autoLock}
      where not ${devices.recycleStatus} and not ${exemptSql} and ${lockDueAtSql(serviceEndSql)} <= ${at}
    ),
    due as (
      select * from subjects s where not exists (
        select 1 from ${lifecycleLocks} l where l.device_id = s.device_id and (l.period_end = s.period_end or l.lifted_at is null))
    ),
    recorded as (
      insert into ${lifecycleLocks} (device_id, company_id, period_end, locked_at, lock_task_id)
      select device_id, company_id, period_end, ${at},
        case when platform = 'IOS' and ${manualLostMode(sql`state`)} then null else gen_random_uuid()::text end
      from due
      on conflict do nothing
      returning device_id, lock_task_id
    ),
    queued as (${bulkTaskInsert(
      sql`select r.lock_task_id as task_id, d.device_id, d.company_id, ${typeOf(sql`d.platform`, 'lock')} as type,
            (${JSON.stringify(payloads)}::jsonb -> d.company_id::text -> (case when d.platform = 'IOS' then 'IOS' else 'AGENT' end)) as payload
          from recorded r join due d on d.device_id = r.device_id where r.lock_task_id is not null`,
      { createdBy: null, now },
    )}),
    audited as (${auditQueued('lifecycle.lock', now, (serial) => sql`${serial} || ${' ' + t.auditLock}`)})
    select q.device_id, s.platform from queued q join subjects s on s.device_id = q.device_id`)) as unknown as { rows: { device_id: number; platform: string }[] }
  return result.rows.map((r) => ({ deviceId: r.device_id, platform: r.platform }))
}

/**
 * Lifts automatic locks in one statement: those no longer due (a renewal moved the end past now, the device was
 * exempted, the company turned the lock off; never a clock set back) — or, with `only`, the locks that condition selects, for `reason`
 * (已付款). The unlock (closePayMode, the agent's serviceUnlock) is queued only where a lock was sent, and never over
 * an iPhone's lost mode set by hand. The row's `lifted_at is null` is rechecked under its lock: two sweeps lift once.
 */
export async function liftLocks(
  db: Pick<Db, 'execute'>,
  now: Date,
  only?: { where: SQL; reason: LifecycleLiftReason; by: number | null },
): Promise<{ deviceId: number; platform: string }[]> {
  const at = sql`${now.toISOString()}::timestamptz`
  const reason = only
    ? sql`${only.reason}::text`
    : sql`case when ${exemptSql} then 'EXEMPTED' when not coalesce(${lifecyclePolicies.autoLock}, false) then 'DISABLED' else 'RENEWED' end`
  const release = only
    ? only.where
    : // A moved end (renewal, stop) that is no longer due lifts; the same end never does, so that a clock set back
      // does not unlock a period that has ended (and, its record taken, would never lock it again).
      sql`(${exemptSql} or not coalesce(${lifecyclePolicies.autoLock}, false) or (${serviceEndSql} <> l.period_end and ${lockDueAtSql(serviceEndSql)} > ${at}))`
  const result = (await db.execute(sql`
    with subjects as (
      select l.id, l.device_id, l.company_id, l.lock_task_id, ${devices.platform} as platform, ${devices.serialNumber} as serial_number,
        ${devices.state} as state, ${reason} as reason
      from ${lifecycleLocks} l join ${devices} on ${devices.id} = l.device_id
        left join ${lifecyclePolicies} on ${lifecyclePolicies.companyId} = ${devices.companyId}
      where l.lifted_at is null and ${release}
    ),
    lifted as (
      update ${lifecycleLocks} l set lifted_at = ${at}, lift_reason = s.reason, lifted_by = ${only?.by ?? null}::integer,
        lift_task_id = case when s.lock_task_id is null or (s.platform = 'IOS' and ${manualLostMode(sql`s.state`)}) then null else gen_random_uuid()::text end
      from subjects s where l.id = s.id and l.lifted_at is null
      returning l.device_id, l.company_id, l.lift_task_id
    ),
    queued as (${bulkTaskInsert(
      sql`select f.lift_task_id as task_id, s.device_id, s.company_id, ${typeOf(sql`s.platform`, 'unlock')} as type,
            case when s.platform = 'IOS' then ${JSON.stringify(closePayModePayload)}::jsonb else '{}'::jsonb end as payload
          from lifted f join subjects s on s.device_id = f.device_id where f.lift_task_id is not null`,
      { createdBy: only?.by ?? null, now },
    )}),
    audited as (${auditQueued('lifecycle.unlock', now, (serial) => sql`${serial} || ${' ' + t.auditUnlock}`)})
    select q.device_id, s.platform from queued q join subjects s on s.device_id = q.device_id`)) as unknown as { rows: { device_id: number; platform: string }[] }
  return result.rows.map((r) => ({ deviceId: r.device_id, platform: r.platform }))
}

/**
 * A lock whose task expired in the queue (the device stayed away longer than TASK_QUEUE_EXPIRY_MS and never received
 * it) is queued again, so that a device that comes back after days still locks. Not a second lock: the first never
 * reached the phone.
 */
async function requeueExpired(db: Db, now: Date): Promise<{ deviceId: number; platform: string }[]> {
  const payloads = await lockPayloads(db)
  if (!Object.keys(payloads).length) return []
  const result = (await db.execute(sql`
    with subjects as (
      select l.id, l.device_id, l.company_id, ${devices.platform} as platform, ${devices.serialNumber} as serial_number
      from ${lifecycleLocks} l join ${devices} on ${devices.id} = l.device_id
        join ${tasks} on ${tasks.taskId} = l.lock_task_id
      where l.lifted_at is null and ${tasks.status} = 'TIMEOUT' and ${tasks.sentAt} is null and not ${devices.recycleStatus}
    ),
    renewed as (
      update ${lifecycleLocks} l set lock_task_id = gen_random_uuid()::text from subjects s where l.id = s.id and l.lifted_at is null
        and l.lock_task_id = (select ${tasks.taskId} from ${tasks} where ${tasks.taskId} = l.lock_task_id and ${tasks.status} = 'TIMEOUT')
      returning l.device_id, l.lock_task_id
    ),
    queued as (${bulkTaskInsert(
      sql`select r.lock_task_id as task_id, s.device_id, s.company_id, ${typeOf(sql`s.platform`, 'lock')} as type,
            (${JSON.stringify(payloads)}::jsonb -> s.company_id::text -> (case when s.platform = 'IOS' then 'IOS' else 'AGENT' end)) as payload
          from renewed r join subjects s on s.device_id = r.device_id
          where ${JSON.stringify(payloads)}::jsonb ? s.company_id::text`,
      { createdBy: null, now },
    )}),
    audited as (${auditQueued('lifecycle.lock', now, (serial) => sql`${serial} || ${' ' + t.auditLock}`)})
    select q.device_id, s.platform from queued q join subjects s on s.device_id = q.device_id`)) as unknown as { rows: { device_id: number; platform: string }[] }
  return result.rows.map((r) => ({ deviceId: r.device_id, platform: r.platform }))
}

/** APNs pushes to the Apple devices that got a command (one query for their enrollments); agents poll on their own. */
export async function wakeApple(deps: SweepDeps, queued: { deviceId: number; platform: string }[]): Promise<void> {
  const ids = queued.filter((q) => q.platform === 'IOS').map((q) => q.deviceId)
  for (let i = 0; i < ids.length; i += 1000) {
    const batch = ids.slice(i, i + 1000)
    const enrollments = await deps.db
      .select()
      .from(appleEnrollments)
      .where(and(inArray(appleEnrollments.deviceId, batch), isNull(appleEnrollments.checkedOutAt)))
    // A few pushes at a time: APNs takes them over one HTTP/2 connection.
    for (let j = 0; j < enrollments.length; j += 20) {
      await Promise.all(enrollments.slice(j, j + 20).map((e) => deps.appleMdm.wake(e).catch((err: unknown) => logError('apns wake', err))))
    }
  }
}

/**
 * One pass of the rental lifecycle (issue #45): lift what is no longer due, lock what is, queue again what never
 * reached its phone. Idempotent: every step is decided by the records, not by when it last ran, so it may run in any
 * number of processes, be cut off and run again, or see its clock jump. `now` is the time it acts at.
 */
export async function runLifecycleSweep(deps: SweepDeps, now: Date): Promise<SweepOutcome> {
  const lifted = await liftLocks(deps.db, now)
  const locked = await lockDue(deps.db, now)
  const requeued = await requeueExpired(deps.db, now)
  await wakeApple(deps, [...lifted, ...locked, ...requeued])
  return { locked: locked.length, lifted: lifted.length, requeued: requeued.length }
}
