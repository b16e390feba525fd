import { and, eq, gt, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { appleEnrollments, devices, tasks } from '../../db/schema'

/**
 * When a command still waits for a phone that has not checked in since it was queued, the phone is pushed again:
 * once as each of these ages of the command is reached. A push can be lost (APNs keeps one per device and topic, a
 * phone off or out of coverage drops it, the first push of the queue failed on the network), and without another the
 * command would wait until the phone checks in by itself, which an iPhone does rarely. Spaced out, so that a phone
 * that is off for days is not pushed all the time.
 */
export const REPUSH_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 8 * 3600_000] as const

/** At most this many phones pushed per run (the rest wait for the next run's window… and their next mark). */
const MAX_PER_RUN = 10_000
/** Pushes under way at once. */
const CONCURRENCY = 50

type Enrollment = typeof appleEnrollments.$inferSelect

/**
 * Pushes every phone with a command waiting since before its last check-in whose age crossed a mark of REPUSH_AFTER_MS
 * within (from, to]: consecutive windows (the scheduler's turns) push each phone once per mark. Answers how many.
 */
export async function repushWaitingPhones(db: Db, wake: (enrollment: Enrollment) => Promise<void>, from: Date, to: Date): Promise<number> {
  const crossed: SQL[] = REPUSH_AFTER_MS.map(
    (ms) => sql`(${tasks.createdAt} > ${new Date(from.getTime() - ms).toISOString()}::timestamptz and ${tasks.createdAt} <= ${new Date(to.getTime() - ms).toISOString()}::timestamptz)`,
  )
  const rows = await db
    .selectDistinctOn([appleEnrollments.id], { enrollment: appleEnrollments })
    .from(appleEnrollments)
    .innerJoin(devices, eq(devices.id, appleEnrollments.deviceId))
    .innerJoin(tasks, and(eq(tasks.deviceId, appleEnrollments.deviceId), eq(tasks.status, 'QUEUED')))
    .where(
      and(
        isNull(appleEnrollments.pushTokenInvalidAt),
        isNull(appleEnrollments.checkedOutAt),
        sql`${appleEnrollments.pushToken} is not null`,
        eq(devices.recycleStatus, false),
        // Not seen since the command was queued: a phone that checked in has had it, or answered NotNow.
        or(isNull(devices.lastCommunicationTime), lt(devices.lastCommunicationTime, tasks.createdAt)),
        gt(tasks.createdAt, new Date(from.getTime() - REPUSH_AFTER_MS[REPUSH_AFTER_MS.length - 1])),
        lte(tasks.createdAt, to),
        or(...crossed),
      ),
    )
    .orderBy(appleEnrollments.id)
    .limit(MAX_PER_RUN)
  await wakeEach(rows.map((r) => r.enrollment), wake)
  return rows.length
}

/**
 * Wakes each phone, `concurrency` pushes under way at once (one HTTP/2 connection multiplexes them); a failed push is
 * left to the re-push job. The re-push job and fleet-wide commands both push this way.
 */
export async function wakeEach(enrollments: readonly Enrollment[], wake: (enrollment: Enrollment) => Promise<void>, concurrency = CONCURRENCY): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < enrollments.length) await wake(enrollments[next++]).catch(() => undefined)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, enrollments.length) }, worker))
}
