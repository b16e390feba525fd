import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { ResultCode } from '../../shared/contract/envelope'
import { serverMessages } from '../../shared/messages/server'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'
import { ApiError } from '../http/errors'

/** A limit: at most `points` hits per subject in a fixed window of `windowMs`; then `message(minutes left)`. */
export interface LimitRule {
  name: string
  points: number
  windowMs: number
  message: (minutes: number) => string
}

const FIFTEEN_MINUTES = 15 * 60_000

/** Issue #10's limits. Failed attempts are what is counted (a right password or signature costs nothing). */
export const limits = {
  loginPerAccount: { name: 'login:account', points: 5, windowMs: FIFTEEN_MINUTES, message: serverMessages.loginLocked },
  loginPerAddress: { name: 'login:address', points: 20, windowMs: FIFTEEN_MINUTES, message: serverMessages.loginLocked },
  signaturePerKey: { name: 'openapi:key', points: 10, windowMs: FIFTEEN_MINUTES, message: serverMessages.signatureLocked },
  signaturePerAddress: { name: 'openapi:address', points: 30, windowMs: FIFTEEN_MINUTES, message: serverMessages.signatureLocked },
  enrollPerAddress: { name: 'enroll:address', points: 20, windowMs: FIFTEEN_MINUTES, message: serverMessages.enrollLocked },
  /** Codes sent from one address, whichever accounts ask (each account keeps its own limit as well). */
  smsPerAddress: { name: 'sms:address', points: 10, windowMs: 60 * 60_000, message: serverMessages.smsLocked },
} satisfies Record<string, LimitRule>

/**
 * A fixed-window rate limiter whose counters live in the database (table rate_limits), so that every server
 * process — and PGlite and PostgreSQL alike — counts the same attempts. A hit is one atomic upsert.
 *
 * Why not rate-limiter-flexible: its PostgreSQL store talks to a pg Pool (or an ORM) directly and creates its own
 * table at start-up, outside our migrations; our services hold a Drizzle database over either PGlite or node-postgres,
 * and the harness resets and backups copy only the tables of our schema. The window arithmetic below is all we need.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private key(rule: LimitRule, subject: string) {
    return `${rule.name}:${subject.toLowerCase()}`
  }

  /** Refuses (429, the rule's message with the minutes left) when the subject has used up the current window. */
  async check(rule: LimitRule, subject: string): Promise<void> {
    const now = this.now()
    const [row] = await this.db
      .select()
      .from(rateLimits)
      .where(and(eq(rateLimits.key, this.key(rule, subject)), gt(rateLimits.windowStart, new Date(now - rule.windowMs))))
    if (row && row.hits >= rule.points) {
      const minutes = Math.max(1, Math.ceil((row.windowStart.getTime() + rule.windowMs - now) / 60_000))
      throw new ApiError(ResultCode.tooManyRequests, rule.message(minutes))
    }
  }

  async checkAll(...checks: [LimitRule, string][]): Promise<void> {
    for (const [rule, subject] of checks) await this.check(rule, subject)
  }

  /** Counts one attempt; a window that has ended starts again at this hit. */
  async hit(rule: LimitRule, subject: string): Promise<void> {
    const now = new Date(this.now())
    const expired = sql`${rateLimits.windowStart} <= ${new Date(now.getTime() - rule.windowMs)}`
    await this.db
      .insert(rateLimits)
      .values({ key: this.key(rule, subject), windowStart: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
          windowStart: sql`case when ${expired} then ${now} else ${rateLimits.windowStart} end`,
        },
      })
    await this.sweep()
  }

  async hitAll(...hits: [LimitRule, string][]): Promise<void> {
    for (const [rule, subject] of hits) await this.hit(rule, subject)
  }

  /** Forgets the subject's attempts (an account's own failures after it signs in). */
  async reset(rule: LimitRule, subject: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, this.key(rule, subject)))
  }

  /** Drops counters whose window has ended long ago, so the table stays small without a timer. */
  async sweep(olderThanMs = 24 * 3600_000): Promise<void> {
    await this.db.delete(rateLimits).where(lte(rateLimits.windowStart, new Date(this.now() - olderThanMs)))
  }
}
