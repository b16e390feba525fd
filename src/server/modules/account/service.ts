import { and, desc, eq, gt, ne } from 'drizzle-orm'
import type { LoginRequest, RegisterRequest } from '../../../shared/contract/account'
import { errorMessages } from '../../../shared/messages/common'
import type { CaptchaService } from '../../auth/captcha'
import { hashPassword, verifyPassword } from '../../auth/password'
import { requireStrongPassword } from '../../auth/password-strength'
import { loadAccount, type SessionService } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { loginAddresses, registrations, users } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { isUniqueViolation } from '../../db/unique-violation'
import { assertUsernameFree } from '../../auth/username'
import { LimitRefused, limits, type LimitRule, type RateLimiter } from '../../auth/rate-limit'
import { recordAudit } from '../audit/service'

/**
 * A valid scrypt hash no password is known for. An unknown username is checked against it, so that it costs the same
 * scrypt run as a wrong password and the answer's timing does not reveal which usernames exist.
 */
const UNKNOWN_USER_HASH =
  'scrypt$jmeO2ZFBGRFseB/GlAdD/w==$9s+6jI7dR83+qejV9ZG7xubjk6+WHWeXvRiNI96aOuQsyTuTB6a5FNUFQS+h3DcPMNX4GwzObFchwGHy4Y0xow=='

/** How long an address the account signed in from spares it the account-wide delays. */
const KNOWN_ADDRESS_MS = 90 * 24 * 3600_000

/** Sign-in, sign-out and public registration. */
export class AccountService {
  constructor(
    private readonly s: { db: Db; captcha: CaptchaService; sessions: SessionService; limiter: RateLimiter },
    private readonly now: () => number = Date.now,
  ) {}

  /** GET /captcha: a new captcha, at most 30 a minute for one client address (issue #41: a script filled the table). */
  async captcha(clientIp: string): Promise<{ id: string; img: string }> {
    // A request handed to the app in-process has no socket and no address to count (the tests' harness).
    if (clientIp) await this.s.limiter.take(limits.captchaPerAddress, clientIp)
    return this.s.captcha.create()
  }

  /**
   * Sign-in attempts are limited (issues #10 and #41, docs/security.md), each taken before the password is checked, so
   * that requests sent at once never check more passwords than the limits allow:
   * - the client address pays for every attempt, a wrong captcha included (20 per 15 minutes);
   * - one account from one address, 5 per 15 minutes: the only hard lock, and it locks that address alone;
   * - one account from addresses it never signed in from: past 10 an hour, slowed (10 s, doubling, at most 10
   *   minutes between attempts), never locked — and the owner's own addresses are spared.
   * A successful sign-in gives its attempts back (only failures stay counted) and remembers the address. Every attempt
   * is in the audit trail with the username tried (never the password); a lock-out once, when it begins.
   */
  async login(req: LoginRequest, clientIp = ''): Promise<{ token: string }> {
    const address: [LimitRule, string] = [limits.loginPerAddress, clientIp]
    const pair: [LimitRule, string] = [limits.loginPerAccountAndAddress, `${req.username}|${clientIp}`]
    const account: [LimitRule, string] = [limits.loginPerAccount, req.username]
    try {
      await this.s.limiter.take(...address)
      // The captcha is consumed first, so a wrong password also uses it up (a new one must be fetched).
      if (!(await this.s.captcha.consume(req.captchaId, req.captcha))) throw ApiError.badRequest(errorMessages.captchaWrong)
      await this.s.limiter.take(...pair)
      const known = await this.knownAddress(req.username, clientIp)
      if (!known) await this.s.limiter.take(...account)
      const { token, user } = await this.signIn(req)
      await this.s.limiter.giveBackAll(address, ...(known ? [] : [account]))
      await this.s.limiter.reset(...pair)
      await this.rememberAddress(user.id, clientIp)
      await recordAudit(this.s.db, { action: 'auth.login', actor: { id: user.id, username: user.username, kind: user.kind, companyId: user.companyId } })
      return { token }
    } catch (err) {
      // A refusal by a limit is recorded when the lock-out begins, not at every attempt it refuses.
      if (err instanceof ApiError && !(err instanceof LimitRefused && !err.first)) {
        const [user] = await this.s.db.select().from(users).where(eq(users.username, req.username)).limit(1)
        const actor = user
          ? { id: user.id, username: user.username, kind: user.kind, companyId: user.companyId }
          : { id: null, username: req.username, kind: 'ANONYMOUS', companyId: null }
        await recordAudit(this.s.db, { action: 'auth.login', actor, outcome: 'REFUSED', reason: err.message })
      }
      throw err
    }
  }

  /** Whether the account signed in from this address in the last 90 days (an empty address is nobody's). */
  private async knownAddress(username: string, address: string): Promise<boolean> {
    if (!address) return false
    const [row] = await this.s.db
      .select({ userId: loginAddresses.userId })
      .from(loginAddresses)
      .innerJoin(users, eq(users.id, loginAddresses.userId))
      .where(and(eq(users.username, username), eq(loginAddresses.address, address), gt(loginAddresses.lastSuccessAt, new Date(this.now() - KNOWN_ADDRESS_MS))))
      .limit(1)
    return row !== undefined
  }

  private async rememberAddress(userId: number, address: string): Promise<void> {
    if (!address) return
    const at = new Date(this.now())
    await this.s.db.insert(loginAddresses).values({ userId, address, lastSuccessAt: at }).onConflictDoUpdate({ target: [loginAddresses.userId, loginAddresses.address], set: { lastSuccessAt: at } })
  }

  /** The password check, once the attempt is taken: the account's session, or the refusal. */
  private async signIn(req: LoginRequest): Promise<{ token: string; user: typeof users.$inferSelect }> {
    const failed = ApiError.badRequest(errorMessages.loginFailed)
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
      throw failed
    }
    if (!passwordOk) throw failed
    if (!user.available) throw ApiError.forbidden(errorMessages.accountDisabled)
    // The account may be fine while its company (or the company above) is disabled: no session it could not use.
    if (!(await loadAccount(this.s.db, user.id))) throw ApiError.forbidden(errorMessages.companyDisabled)
    return { token: await this.s.sessions.create(user.id), user }
  }

  async logout(sessionId: number): Promise<void> {
    await this.s.sessions.revoke(sessionId)
    await recordAudit(this.s.db, { action: 'auth.logout' })
  }

  /**
   * Stores a pending registration; an administrator approves or rejects it (SPEC §6). Every application is first an
   * attempt of its client address (limits.registerPerAddress, five an hour, in the database so that every server
   * process counts the same), whatever comes of it: 用户名已被使用 answers for five usernames an hour, not for a list
   * of them (issue #41 item 6), and a flood past the limit costs no lookup and no scrypt run. The password is estimated
   * with the applicant's own details as the words guessed first (issue #41 item 5).
   */
  async register(req: RegisterRequest, clientIp: string): Promise<void> {
    await this.s.limiter.take(limits.registerPerAddress, clientIp)
    await assertUsernameFree(this.s.db, req.username)
    const [pending] = await this.s.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.username, req.username), eq(registrations.status, 'PENDING')))
      .limit(1)
    if (pending) throw ApiError.conflict(errorMessages.registrationPending)
    requireStrongPassword(req.password, { username: req.username, name: req.contactName, phoneNumber: req.phoneNumber, companyName: req.companyName })
    const passwordHash = await hashPassword(req.password)
    await this.s.db
      .insert(registrations)
      .values({
        username: req.username,
        companyName: req.companyName,
        contactName: req.contactName,
        phoneNumber: req.phoneNumber,
        passwordHash,
        clientIp,
        createdAt: new Date(this.now()),
      })
      .catch((err: unknown) => {
        // The same username submitted twice at the same moment: the unique index lets one through.
        if (isUniqueViolation(err)) throw ApiError.conflict(errorMessages.registrationPending)
        throw err
      })
  }
}
