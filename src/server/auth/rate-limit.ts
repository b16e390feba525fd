import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { ResultCode } from '../../shared/contract/envelope'
import { serverMessages } from '../../shared/messages/server'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'
import { ApiError } from '../http/errors'

/**
 * A limit: at most `points` attempts per subject in a fixed window of `windowMs`; past them, `message(minutes left)`.
 * With `delay`, the attempts past `points` are not refused outright but spaced: each must wait `firstMs`, doubled
 * with every further attempt, at most `maxMs`, after the one before (`slowMessage(seconds left)`).
 */
export interface LimitRule {
  name: string
  points: number
  windowMs: number
  message: (minutes: number) => string
  delay?: { firstMs: number; maxMs: number; slowMessage: (seconds: number) => string }
}

const MINUTE = 60_000
const FIFTEEN_MINUTES = 15 * MINUTE

/**
 * The limits of issues #10 and #41 (docs/security.md). Every attempt is taken before it is evaluated, so that N
 * requests at once never evaluate more than `points`; an attempt that succeeds gives its place back (`giveBack`), so
 * what remains counted is failures.
 */
export const limits = {
  /** One account from one address: the owner's own typing errors, or one attacker at one account. */
  loginPerAccountAndAddress: { name: 'login:pair', points: 5, windowMs: FIFTEEN_MINUTES, message: serverMessages.loginLocked },
  /** One address, whichever accounts it tries. */
  loginPerAddress: { name: 'login:address', points: 20, windowMs: FIFTEEN_MINUTES, message: serverMessages.loginLocked },
  /**
   * One account from addresses it never signed in from: guesses spread over many addresses are slowed, never a lock,
   * and the owner's own addresses are spared (AccountService.login).
   */
  loginPerAccount: {
    name: 'login:account',
    points: 10,
    windowMs: 60 * MINUTE,
    message: serverMessages.loginLocked,
    delay: { firstMs: 10_000, maxMs: 10 * MINUTE, slowMessage: serverMessages.loginSlowed },
  },
  /** Password checks inside a session (updatePassword, the secondary password of commands that cannot be undone). */
  passwordPerAccount: { name: 'password:account', points: 5, windowMs: FIFTEEN_MINUTES, message: serverMessages.passwordLocked },
  /** Open API signatures: one access key id from one address, and one address whichever keys it names. */
  signaturePerKeyAndAddress: { name: 'openapi:pair', points: 10, windowMs: FIFTEEN_MINUTES, message: serverMessages.signatureLocked },
  signaturePerAddress: { name: 'openapi:address', points: 30, windowMs: FIFTEEN_MINUTES, message: serverMessages.signatureLocked },
  enrollPerAddress: { name: 'enroll:address', points: 20, windowMs: FIFTEEN_MINUTES, message: serverMessages.enrollLocked },
  /** Codes sent from one address, whichever accounts ask (each account keeps its own limit as well). */
  smsPerAddress: { name: 'sms:address', points: 10, windowMs: 60 * MINUTE, message: serverMessages.smsLocked },
  /**
   * The audit trail's budget for refused device-side requests of one address (Apple's endpoints have no limit of their
   * own: a check-in must not cost a counter): past it, refusals are not recorded until the window ends.
   */
  refusalAuditPerAddress: { name: 'audit:refused', points: 20, windowMs: FIFTEEN_MINUTES, message: serverMessages.enrollLocked },
  /** Captchas drawn for one address: a sign-in needs one, a script filling the table needs thousands. */
  captchaPerAddress: { name: 'captcha:address', points: 30, windowMs: MINUTE, message: serverMessages.captchaLocked },
  /**
   * Applications from one address, whatever their outcome (issue #41 item 6): counted before the username is looked
   * at, so that 用户名已被使用 cannot list the accounts beyond it.
   */
  registerPerAddress: { name: 'register:address', points: 5, windowMs: 60 * MINUTE, message: serverMessages.registerLocked },
} satisfies Record<string, LimitRule>

/** What taking an attempt found: `first` is true on the one attempt that crossed the limit (worth one audit entry). */
export class LimitRefused extends ApiError {
  constructor(
    message: string,
    readonly rule: LimitRule,
    readonly first: boolean,
  ) {
    super(ResultCode.tooManyRequests, message)
  }
}

/**
 * A rate limiter whose counters live in the database (table rate_limits), so that every server process — and PGlite
 * and PostgreSQL alike — counts the same attempts. Taking an attempt is one atomic upsert that answers the count it
 * made: concurrent requests each get a count of their own, and only the first `points` go on.
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

  /**
   * Takes one attempt of the subject's window, before the attempt is made; refuses it (429, LimitRefused) when the
   * window has none left, or, for a rule with delays, when it comes sooner than the delay its count has reached.
   */
  async take(rule: LimitRule, subject: string): Promise<void> {
    const now = new Date(this.now())
    const key = this.key(rule, subject)
    const expired = sql`${rateLimits.windowStart} <= ${new Date(now.getTime() - rule.windowMs)}`
    // The wait after the attempt before: nothing within `points`, then firstMs doubled per attempt past them.
    const waitMs = rule.delay
      ? sql`least(${rule.delay.firstMs}::float8 * power(2, greatest(${rateLimits.hits} - ${rule.points}, 0)), ${rule.delay.maxMs}::float8)`
      : undefined
    const allowed = waitMs
      ? sql`${expired} or ${rateLimits.hits} < ${rule.points} or ${rateLimits.lastHitAt} + ${waitMs} * interval '1 millisecond' <= ${now}`
      : sql`true`
    const [taken] = await this.db
      .insert(rateLimits)
      .values({ key, windowStart: now, hits: 1, lastHitAt: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
          windowStart: sql`case when ${expired} then ${now} else ${rateLimits.windowStart} end`,
          lastHitAt: now,
        },
        setWhere: allowed,
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
    if (taken && (rule.delay || taken.hits <= rule.points)) {
      await this.sweepNow()
      return
    }
    if (taken) {
      // A fixed window used up: refused until it ends.
      const minutes = Math.max(1, Math.ceil((taken.windowStart.getTime() + rule.windowMs - now.getTime()) / MINUTE))
      throw new LimitRefused(rule.message(minutes), rule, taken.hits === rule.points + 1)
    }
    // A delay not yet over (the upsert's condition held the row as it was).
    const [row] = await this.db.select().from(rateLimits).where(eq(rateLimits.key, key))
    const wait = Math.min(rule.delay!.firstMs * 2 ** Math.max(row.hits - rule.points, 0), rule.delay!.maxMs)
    const seconds = Math.max(1, Math.ceil((row.lastHitAt.getTime() + wait - now.getTime()) / 1000))
    throw new LimitRefused(rule.delay!.slowMessage(seconds), rule, false)
  }

  /** Takes an attempt of each rule in turn; the first refusal ends it (the attempts already taken stay counted). */
  async takeAll(...rules: [LimitRule, string][]): Promise<void> {
    for (const [rule, subject] of rules) await this.take(rule, subject)
  }

  /** Gives an attempt back: it succeeded, and only failures are to be counted. */
  async giveBack(rule: LimitRule, subject: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(and(eq(rateLimits.key, this.key(rule, subject)), gt(rateLimits.windowStart, new Date(this.now() - rule.windowMs))))
  }

  async giveBackAll(...rules: [LimitRule, string][]): Promise<void> {
    for (const [rule, subject] of rules) await this.giveBack(rule, subject)
  }

  /** Forgets the subject's attempts (an account's own failures after it signs in). */
  async reset(rule: LimitRule, subject: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, this.key(rule, subject)))
  }

  private lastSweep = 0

  /** At most once a minute: counters whose window ended a day ago go, so the table stays small without a timer. */
  private async sweepNow(): Promise<void> {
    const now = this.now()
    if (now - this.lastSweep < MINUTE) return
    this.lastSweep = now
    await this.sweep().catch(() => undefined)
  }

  /** Drops counters whose window has ended long ago. */
  async sweep(olderThanMs = 24 * 3600_000): Promise<void> {
    await this.db.delete(rateLimits).where(lte(rateLimits.windowStart, new Date(this.now() - olderThanMs)))
  }
}
