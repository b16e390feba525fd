import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { appleEnrollments, devices } from '../../db/schema'
import type { TaskService } from '../../modules/task/service'

/**
 * Issue #44: the prepared statements a check-in at the command endpoint starts with (an idle phone's every 30 s), built
 * and planned once per connection. Both find the enrollment the identity and UDID name and, when it is bound and not
 * checked out, mark its device seen (a data-modifying CTE, run whether or not the SELECT reads it).
 */
function seenCte(db: Db) {
  const seenAt = sql`${sql.placeholder('seenAt')}::timestamptz`
  const named = and(eq(appleEnrollments.identityFingerprint, sql.placeholder('fingerprint')), eq(appleEnrollments.udid, sql.placeholder('udid')))
  const bound = db.select({ deviceId: appleEnrollments.deviceId }).from(appleEnrollments).where(and(named, isNull(appleEnrollments.checkedOutAt)))
  const seen = db.$with('seen').as(
    db.update(devices).set({ lastCommunicationTime: seenAt, updatedAt: seenAt }).where(inArray(devices.id, bound)).returning({ id: devices.id }),
  )
  return { named, seen }
}

/** A check-in that answers a command: the enrollment and its device seen; the answer is recorded next, then the claim. */
export function commandSeenQuery(db: Db) {
  const { named, seen } = seenCte(db)
  return db.with(seen).select().from(appleEnrollments).where(named).prepare('apple_command_seen')
}

/**
 * An idle check-in (and the one an APNs push brings) records nothing, so the claim of its next command joins the same
 * statement (the claim's CTEs, as the agent's poll runs them): one round trip, where it was two. The enrollment row
 * comes back whether or not it may claim (a checked-out one claims nothing, and is answered 401).
 */
export function idleCheckinQuery(db: Db, tasks: TaskService) {
  const { named, seen } = seenCte(db)
  const { expired, claimed } = tasks.claimCtes(sql`(select ${seen.id} from ${seen})`)
  return db.with(seen, expired, claimed).select().from(appleEnrollments).leftJoin(claimed, sql`true`).where(named).prepare('apple_command_idle')
}
