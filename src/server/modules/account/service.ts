import { and, count, desc, eq, gt, ne, sql } from 'drizzle-orm'
import type { LoginRequest, RegisterRequest } from '../../../shared/contract/account'
import { ResultCode } from '../../../shared/contract/envelope'
import { errorMessages } from '../../../shared/messages/common'
import { serverMessages } from '../../../shared/messages/server'
import type { CaptchaService } from '../../auth/captcha'
import { hashPassword, verifyPassword } from '../../auth/password'
import { loadAccount, type SessionService } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { registrations, users } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { isUniqueViolation } from '../../db/unique-violation'
import { assertUsernameFree } from '../../auth/username'
import { limits, type LimitRule, type RateLimiter } from '../../auth/rate-limit'
import { recordAudit } from '../audit/service'

/**
 * A valid scrypt hash no password is known for. An unknown username is checked against it, so that it costs the same
 * scrypt run as a wrong password and the answer's timing does not reveal which usernames exist.
 */
const UNKNOWN_USER_HASH =
  'scrypt$jmeO2ZFBGRFseB/GlAdD/w==$9s+6jI7dR83+qejV9ZG7xubjk6+WHWeXvRiNI96aOuQsyTuTB6a5FNUFQS+h3DcPMNX4GwzObFchwGHy4Y0xow=='

/** Public registration: at most this many applications per client address an hour (counted in the database). */
export const REGISTRATIONS_PER_IP_PER_HOUR = 5

/** Sign-in, sign-out and public registration. */
export class AccountService {
  constructor(
    private readonly s: { db: Db; captcha: CaptchaService; sessions: SessionService; limiter: RateLimiter },
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Failed sign-ins are limited per account and per client address (issue #10): past the limit even the right
   * password is refused until the window ends, and the refusal costs no scrypt run. Every attempt, successful or
   * not, is in the audit trail with the username tried (never the password).
   */
  async login(req: LoginRequest, clientIp = ''): Promise<{ token: string }> {
    const attempt: [LimitRule, string][] = [
      [limits.loginPerAccount, req.username],
      [limits.loginPerAddress, clientIp],
    ]
    await this.s.limiter.checkAll(...attempt)
    try {
      const { token, user } = await this.signIn(req, attempt)
      await recordAudit(this.s.db, { action: 'auth.login', actor: { id: user.id, username: user.username, kind: user.kind, companyId: user.companyId } })
      return { token }
    } catch (err) {
      if (err instanceof ApiError) {
        const [user] = await this.s.db.select().from(users).where(eq(users.username, req.username)).limit(1)
        const actor = user
          ? { id: user.id, username: user.username, kind: user.kind, companyId: user.companyId }
          : { id: null, username: req.username, kind: 'ANONYMOUS', companyId: null }
        await recordAudit(this.s.db, { action: 'auth.login', actor, outcome: 'REFUSED', reason: err.message })
      }
      throw err
    }
  }

  /** The captcha is consumed first, so a wrong password also uses it up (a new one must be fetched). */
  private async signIn(req: LoginRequest, attempt: [LimitRule, string][]): Promise<{ token: string; user: typeof users.$inferSelect }> {
    const captchaOk = await this.s.captcha.consume(req.captchaId, req.captcha)
    if (!captchaOk) throw ApiError.badRequest(errorMessages.captchaWrong)
    const failed = async () => {
      await this.s.limiter.hitAll(...attempt)
      return ApiError.badRequest(errorMessages.loginFailed)
    }
    const [user] = await this.s.db.select().from(users).where(eq(users.username, req.username)).limit(1)
    // Always the same two lookups and one scrypt run, whether the username is an account, an application or
    // nothing at all: the answer's timing reveals none of them.
    const [application] = await this.s.db
      .select({ status: registrations.status, passwordHash: registrations.passwordHash })
      .from(registrations)
      .where(and(eq(registrations.username, req.username), ne(registrations.status, 'APPROVED')))
      .orderBy(desc(registrations.id))
      .limit(1)
    const passwordOk = await verifyPassword(req.password, user?.passwordHash ?? application?.passwordHash ?? UNKNOWN_USER_HASH)
    if (!user) {
      // An applicant who signs in before the administrator has decided is told so — with the application's password
      // only, so that someone merely trying usernames learns nothing.
      if (application && passwordOk) {
        throw ApiError.badRequest(application.status === 'PENDING' ? errorMessages.registrationUnderReview : errorMessages.registrationRejected)
      }
      throw await failed()
    }
    if (!passwordOk) throw await failed()
    if (!user.available) throw ApiError.forbidden(errorMessages.accountDisabled)
    // The account may be fine while its company (or the company above) is disabled: no session it could not use.
    if (!(await loadAccount(this.s.db, user.id))) throw ApiError.forbidden(errorMessages.companyDisabled)
    // The account's own failures are forgotten; the address's are not (others may be guessing from it).
    await this.s.limiter.reset(limits.loginPerAccount, req.username)
    return { token: await this.s.sessions.create(user.id), user }
  }

  async logout(sessionId: number): Promise<void> {
    await this.s.sessions.revoke(sessionId)
    await recordAudit(this.s.db, { action: 'auth.logout' })
  }

  /**
   * Stores a pending registration; an administrator approves or rejects it (SPEC §6). Applications from one client
   * address are limited per hour; the count lives in the database, so every server process enforces the same limit,
   * and an advisory lock on the address makes the count and the insert one step.
   */
  async register(req: RegisterRequest, clientIp: string): Promise<void> {
    await assertUsernameFree(this.s.db, req.username)
    const [pending] = await this.s.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.username, req.username), eq(registrations.status, 'PENDING')))
      .limit(1)
    if (pending) throw ApiError.conflict(errorMessages.registrationPending)
    const now = this.now()
    const assertBelowLimit = async (tx: Pick<Db, 'select'>) => {
      const [{ recent }] = await tx
        .select({ recent: count() })
        .from(registrations)
        .where(and(eq(registrations.clientIp, clientIp), gt(registrations.createdAt, new Date(now - 3600_000))))
      if (recent >= REGISTRATIONS_PER_IP_PER_HOUR) throw new ApiError(ResultCode.tooManyRequests, serverMessages.registerTooFrequent)
    }
    // Checked before the costly hash too, so that a flood past the limit costs no scrypt runs.
    await assertBelowLimit(this.s.db)
    const passwordHash = await hashPassword(req.password)
    await this.s.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`register:${clientIp}`}))`)
      await assertBelowLimit(tx)
      await tx.insert(registrations).values({
        username: req.username,
        companyName: req.companyName,
        contactName: req.contactName,
        phoneNumber: req.phoneNumber,
        passwordHash,
        clientIp,
        createdAt: new Date(now),
      })
    }).catch((err: unknown) => {
      // The same username submitted twice at the same moment: the unique index lets one through.
      if (isUniqueViolation(err)) throw ApiError.conflict(errorMessages.registrationPending)
      throw err
    })
  }
}
