import { verifyPassword } from '../../auth/password'
import { LimitRefused, limits, type RateLimiter } from '../../auth/rate-limit'
import type { Db } from '../../db/client'
import type { ApiError } from '../../http/errors'
import { recordAudit, type AuditEntry } from './service'

/**
 * Issue #41 item 4: a password checked inside a session (the login password before the account's passwords change,
 * the secondary password of a command that cannot be undone) is what someone holding a stolen session would guess.
 * Every such check of one account, whichever password and wherever, is an attempt of limits.passwordPerAccount
 * (5 per 15 minutes), taken before the check, so that requests sent at once check no more than that, and given back
 * when the password is right: only failures stay counted. Each failure is recorded as `entry` with `refusal` as its
 * reason, the lock-out once when it begins, never the password; then `refusal` (or the limit's 429) is thrown.
 */
export async function requirePasswordInSession(
  s: { db: Db; limiter: RateLimiter },
  userId: number,
  check: { password: string; hash: string; entry: AuditEntry; refusal: ApiError },
): Promise<void> {
  const subject = String(userId)
  try {
    await s.limiter.take(limits.passwordPerAccount, subject)
  } catch (err) {
    if (err instanceof LimitRefused && err.first) await recordAudit(s.db, { ...check.entry, outcome: 'REFUSED', reason: err.message })
    throw err
  }
  if (!(await verifyPassword(check.password, check.hash))) {
    await recordAudit(s.db, { ...check.entry, outcome: 'REFUSED', reason: check.refusal.message })
    throw check.refusal
  }
  await s.limiter.giveBack(limits.passwordPerAccount, subject)
}
