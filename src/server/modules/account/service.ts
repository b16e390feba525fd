import { and, eq } from 'drizzle-orm'
import type { LoginRequest, RegisterRequest } from '../../../shared/contract/account'
import { errorMessages } from '../../../shared/messages'
import type { Services } from '../../context'
import { hashPassword, verifyPassword } from '../../auth/password'
import { registrations, users } from '../../db/schema'
import { ApiError } from '../../http/errors'

/** Sign-in, sign-out and public registration. */
export class AccountService {
  constructor(private readonly s: Pick<Services, 'db' | 'captcha' | 'sessions'>) {}

  /** The captcha is consumed first, so a wrong password also uses it up (a new one must be fetched). */
  async login(req: LoginRequest): Promise<{ token: string }> {
    const captchaOk = await this.s.captcha.consume(req.captchaId, req.captcha)
    if (!captchaOk) throw ApiError.badRequest(errorMessages.captchaWrong)
    const [user] = await this.s.db.select().from(users).where(eq(users.username, req.username)).limit(1)
    // Same answer for an unknown user and a wrong password: do not reveal which usernames exist.
    if (!user || !(await verifyPassword(req.password, user.passwordHash))) {
      throw ApiError.badRequest(errorMessages.loginFailed)
    }
    if (!user.available) throw ApiError.forbidden(errorMessages.accountDisabled)
    return { token: await this.s.sessions.create(user.id) }
  }

  async logout(sessionId: number): Promise<void> {
    await this.s.sessions.revoke(sessionId)
  }

  /** Stores a pending registration; an administrator approves or rejects it (SPEC §6). */
  async register(req: RegisterRequest): Promise<void> {
    const [existing] = await this.s.db.select({ id: users.id }).from(users).where(eq(users.username, req.username)).limit(1)
    if (existing) throw ApiError.conflict(errorMessages.usernameTaken)
    const [pending] = await this.s.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.username, req.username), eq(registrations.status, 'PENDING')))
      .limit(1)
    if (pending) throw ApiError.conflict(errorMessages.registrationPending)
    await this.s.db.insert(registrations).values({
      username: req.username,
      companyName: req.companyName,
      contactName: req.contactName,
      phoneNumber: req.phoneNumber,
      passwordHash: await hashPassword(req.password),
    })
  }
}
