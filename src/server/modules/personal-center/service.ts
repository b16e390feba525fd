import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type {
  SecurityInfoResponse,
  SendCodeResponse,
  UpdatePasswordRequest,
  UpdatePhoneNumberRequest,
  UpdateSecondaryPasswordRequest,
} from '../../../shared/contract/personal-center'
import { ResultCode } from '../../../shared/contract/envelope'
import { organizationMessages as m } from '../../../shared/messages/organization'
import { serverMessages } from '../../../shared/messages/server'
import { hashPassword } from '../../auth/password'
import { requireStrongPassword, requireStrongSecondaryPassword, type PasswordContext } from '../../auth/password-strength'
import type { CurrentUser, SessionService } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { smsCodes, users } from '../../db/schema'
import { ApiError } from '../../http/errors'
import type { SmsProvider } from '../../sms/provider'
import { requirePasswordInSession } from '../audit/password-check'
import { recordAudit } from '../audit/service'
import { limits, type RateLimiter } from '../../auth/rate-limit'

/** SMS code rules: valid 10 minutes, one send a minute, five an hour per account, five guesses per code. */
export const smsRules = {
  ttlMs: 10 * 60_000,
  resendAfterMs: 60_000,
  maxPerHour: 5,
  maxAttempts: 5,
} as const

/** The code is stored only as a hash bound to the account and the phone number it was sent to. */
function hashCode(userId: number, phoneNumber: string, code: string): string {
  return createHash('sha256').update(`${userId}:${phoneNumber}:${code}`).digest('hex')
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

/** Personal centre (SPEC §2): password, secondary password, phone number with an SMS code. */
export class PersonalCenterService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly sms: SmsProvider | null,
    private readonly limiter: RateLimiter,
    private readonly now: () => number = Date.now,
  ) {}

  private async account(user: CurrentUser) {
    const [row] = await this.db.select().from(users).where(eq(users.id, user.id))
    if (!row) throw ApiError.unauthorized()
    return row
  }

  async security(user: CurrentUser): Promise<SecurityInfoResponse> {
    const u = await this.account(user)
    return { username: u.username, name: u.name, phoneNumber: u.phoneNumber, secondaryPasswordSet: u.secondaryPasswordHash !== null }
  }

  /** What an attacker who knows the account guesses first (issue #41 item 5). */
  private context(user: CurrentUser, u: typeof users.$inferSelect): PasswordContext {
    return { username: u.username, name: u.name, phoneNumber: u.phoneNumber, companyName: user.companyName ?? undefined }
  }

  /** The login password typed inside a session: one of the account's limited, audited checks (issue #41 item 4). */
  private requireLoginPassword(u: typeof users.$inferSelect, password: string, refusal: string): Promise<void> {
    return requirePasswordInSession({ db: this.db, limiter: this.limiter }, u.id, {
      password,
      hash: u.passwordHash,
      entry: { action: 'center.passwordCheck', targetKind: 'USER', targetId: u.id },
      refusal: ApiError.badRequest(refusal),
    })
  }

  /** Checks the old password, stores the new one and ends every other session of the user (this one stays). */
  async updatePassword(user: CurrentUser, req: UpdatePasswordRequest): Promise<void> {
    const u = await this.account(user)
    await this.requireLoginPassword(u, req.oldPassword, m.oldPasswordWrong)
    if (req.oldPassword === req.newPassword) throw ApiError.badRequest(m.samePassword)
    requireStrongPassword(req.newPassword, this.context(user, u))
    await this.db.update(users).set({ passwordHash: await hashPassword(req.newPassword) }).where(eq(users.id, u.id))
    await this.sessions.revokeAllOf(u.id, user.sessionId)
    await recordAudit(this.db, { action: 'center.password', targetKind: 'USER', targetId: u.id })
  }

  /** Sets or changes the secondary password; the login password proves it is the account's owner. */
  async updateSecondaryPassword(user: CurrentUser, req: UpdateSecondaryPasswordRequest): Promise<void> {
    const u = await this.account(user)
    await this.requireLoginPassword(u, req.password, m.loginPasswordWrong)
    requireStrongSecondaryPassword(req.secondaryPassword, { ...this.context(user, u), loginPassword: req.password })
    await this.db.update(users).set({ secondaryPasswordHash: await hashPassword(req.secondaryPassword) }).where(eq(users.id, u.id))
    await recordAudit(this.db, { action: 'center.secondaryPassword', targetKind: 'USER', targetId: u.id })
  }

  /** POST /sms/sendCode: a 6-digit code for the new phone number, rate-limited per account. */
  /** Each account has its own limit (below); codes sent from one client address are limited too (issue #10). */
  async sendCode(user: CurrentUser, phoneNumber: string, clientIp: string): Promise<SendCodeResponse> {
    // Taken before the code is sent (requests at once cannot pass the limit together), given back if none was sent.
    await this.limiter.take(limits.smsPerAddress, clientIp)
    try {
      return await this.sendCodeToAccount(user, phoneNumber)
    } catch (err) {
      await this.limiter.giveBack(limits.smsPerAddress, clientIp)
      throw err
    }
  }

  private async sendCodeToAccount(user: CurrentUser, phoneNumber: string): Promise<SendCodeResponse> {
    const sms = this.sms
    // Without a provider the code could reach no one: refuse before storing or retiring any code.
    if (!sms) throw new ApiError(ResultCode.serviceUnavailable, serverMessages.smsNotConfigured)
    const u = await this.account(user)
    if (u.phoneNumber === phoneNumber) throw ApiError.badRequest(m.samePhone)
    const now = this.now()
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    // The count and the insert are one step under a lock on the account, so that requests sent at the same moment
    // (a double tap, a script) are limited exactly like requests sent one after another.
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${u.id}`}))`)
      const recent = await tx
        .select({ createdAt: smsCodes.createdAt })
        .from(smsCodes)
        .where(and(eq(smsCodes.userId, u.id), gt(smsCodes.createdAt, new Date(now - 3600_000))))
        .orderBy(desc(smsCodes.createdAt))
      const last = recent[0]?.createdAt.getTime()
      if (last !== undefined && now - last < smsRules.resendAfterMs) {
        throw new ApiError(ResultCode.tooManyRequests, m.smsTooFrequent(Math.ceil((smsRules.resendAfterMs - Math.max(0, now - last)) / 1000)))
      }
      if (recent.length >= smsRules.maxPerHour) throw new ApiError(ResultCode.tooManyRequests, m.smsTooMany)
      // Only the newest code counts: earlier ones are retired when a new one is sent.
      await tx
        .update(smsCodes)
        .set({ consumedAt: new Date(now) })
        .where(and(eq(smsCodes.userId, u.id), isNull(smsCodes.consumedAt)))
      await tx.insert(smsCodes).values({
        userId: u.id,
        phoneNumber,
        codeHash: hashCode(u.id, phoneNumber, code),
        expiresAt: new Date(now + smsRules.ttlMs),
        createdAt: new Date(now),
      })
    })
    await sms.send(phoneNumber, m.smsText(code, smsRules.ttlMs / 60_000))
    return { expiresInSeconds: smsRules.ttlMs / 1000, resendAfterSeconds: smsRules.resendAfterMs / 1000 }
  }

  /** PUT /userCenter/updatePhoneNumber: the code sent to that number, unexpired, within five guesses. */
  async updatePhoneNumber(user: CurrentUser, req: UpdatePhoneNumberRequest): Promise<void> {
    const now = new Date(this.now())
    const [pending] = await this.db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.userId, user.id),
          eq(smsCodes.phoneNumber, req.phoneNumber),
          isNull(smsCodes.consumedAt),
          gt(smsCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(smsCodes.id))
      .limit(1)
    if (!pending) throw ApiError.badRequest(m.smsCodeWrong)
    // Each guess is counted atomically before it is checked, so parallel guesses cannot exceed the limit.
    const [counted] = await this.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(and(eq(smsCodes.id, pending.id), lt(smsCodes.attempts, smsRules.maxAttempts)))
      .returning({ id: smsCodes.id })
    if (!counted || !sameHash(pending.codeHash, hashCode(user.id, req.phoneNumber, req.code))) {
      throw ApiError.badRequest(m.smsCodeWrong)
    }
    const consumed = await this.db
      .update(smsCodes)
      .set({ consumedAt: now })
      .where(and(eq(smsCodes.id, pending.id), isNull(smsCodes.consumedAt)))
      .returning({ id: smsCodes.id })
    // Two requests with the same code: only the one that consumed it changes the number.
    if (!consumed.length) throw ApiError.badRequest(m.smsCodeWrong)
    await this.db.update(users).set({ phoneNumber: req.phoneNumber }).where(eq(users.id, user.id))
    await recordAudit(this.db, { action: 'center.phone', targetKind: 'USER', targetId: user.id })
  }
}

