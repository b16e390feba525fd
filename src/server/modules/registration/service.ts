import { and, eq, ilike, ne } from 'drizzle-orm'
import type {
  RegistrationRecord,
  RegistrationSearchQuery,
  RegistrationSearchResponse,
  RegistrationUpdateRequest,
} from '../../../shared/contract/registration'
import { auditText } from '../../../shared/messages/audit'
import { errorMessages } from '../../../shared/messages/common'
import { organizationMessages as m } from '../../../shared/messages/organization'
import { iso } from '../../http/iso'
import type { Db } from '../../db/client'
import { companies, registrations, users } from '../../db/schema'
import { isUniqueViolation, uniqueConstraints } from '../../db/unique-violation'
import { ApiError } from '../../http/errors'
import type { QuotaService } from '../quota/service'
import { assertCompanyNameFree } from '../company/service'
import { likePattern } from '../../db/like'
import { assertUsernameFree } from '../../auth/username'
import { pagedNewestFirst } from '../../db/paging'
import { recordAudit } from '../audit/service'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

function toRecord(r: typeof registrations.$inferSelect): RegistrationRecord {
  return {
    id: r.id,
    username: r.username,
    companyName: r.companyName,
    contactName: r.contactName,
    phoneNumber: r.phoneNumber,
    status: r.status,
    createdAt: iso(r.createdAt),
    reviewedAt: iso(r.reviewedAt),
  }
}

/**
 * Registration review (platform administrator only, SPEC §6). Status moves PENDING → APPROVED or REJECTED once;
 * the row is locked while it is reviewed, so two reviewers cannot both act on it.
 */
export class RegistrationService {
  constructor(
    private readonly db: Db,
    private readonly quota: QuotaService,
  ) {}

  async search(q: RegistrationSearchQuery): Promise<RegistrationSearchResponse> {
    const where = and(
      q.username ? ilike(registrations.username, likePattern(q.username)) : undefined,
      q.status ? eq(registrations.status, q.status) : undefined,
    )
    const page = await pagedNewestFirst(this.db, registrations, where, q, this.db.select().from(registrations))
    return { records: page.records.map(toRecord), total: page.total }
  }

  private async lockPending(tx: Tx, id: number) {
    const [row] = await tx.select().from(registrations).where(eq(registrations.id, id)).for('update')
    if (!row) throw ApiError.notFound(m.registrationNotFound)
    if (row.status !== 'PENDING') throw ApiError.badRequest(m.registrationReviewed)
    return row
  }

  /**
   * Creates the applicant's top-level company and boss account. The stored scrypt hash of the password they
   * registered with becomes the account's hash, so they sign in with it; the Apple quota account opens with it.
   */
  async approve(id: number): Promise<void> {
    let companyName: string | undefined
    try {
      await this.db.transaction(async (tx) => {
        const reg = await this.lockPending(tx, id)
        companyName = reg.companyName
        await assertUsernameFree(tx, reg.username)
        await assertCompanyNameFree(tx, reg.companyName, null)
        const [company] = await tx.insert(companies).values({ name: reg.companyName }).returning({ id: companies.id })
        await tx.insert(users).values({
          companyId: company.id,
          username: reg.username,
          kind: 'BOSS',
          name: reg.contactName,
          phoneNumber: reg.phoneNumber,
          passwordHash: reg.passwordHash,
        })
        await this.quota.open(company.id, 'IOS', tx)
        await tx.update(registrations).set({ status: 'APPROVED', reviewedAt: new Date() }).where(eq(registrations.id, reg.id))
        await recordAudit(tx, { action: 'registration.approve', targetKind: 'REGISTRATION', targetId: reg.id, targetCompanyId: company.id, summary: auditText.registration(reg.username, reg.companyName) })
      })
    } catch (err) {
      if (isUniqueViolation(err, uniqueConstraints.siblingCompanyName)) throw ApiError.conflict(m.companyNameTaken(companyName ?? ''))
      if (isUniqueViolation(err)) throw ApiError.conflict(errorMessages.usernameTaken)
      throw err
    }
  }

  async reject(id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const reg = await this.lockPending(tx, id)
      await tx.update(registrations).set({ status: 'REJECTED', reviewedAt: new Date() }).where(eq(registrations.id, reg.id))
      await recordAudit(tx, { action: 'registration.reject', targetKind: 'REGISTRATION', targetId: reg.id, summary: auditText.registration(reg.username, reg.companyName) })
    })
  }

  async update(req: RegistrationUpdateRequest): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(registrations).where(eq(registrations.id, req.id)).for('update')
      if (!row) throw ApiError.notFound(m.registrationNotFound)
      if (row.status !== 'PENDING') throw ApiError.badRequest(m.registrationNotEditable)
      if (req.username !== undefined && req.username !== row.username) {
        await assertUsernameFree(tx, req.username)
        const [pending] = await tx
          .select({ id: registrations.id })
          .from(registrations)
          .where(and(eq(registrations.username, req.username), eq(registrations.status, 'PENDING'), ne(registrations.id, row.id)))
          .limit(1)
        if (pending) throw ApiError.conflict(errorMessages.registrationPending)
      }
      const { id: _id, ...changes } = req
      if (Object.values(changes).every((v) => v === undefined)) return
      await tx.update(registrations).set(changes).where(eq(registrations.id, row.id))
      await recordAudit(tx, { action: 'registration.update', targetKind: 'REGISTRATION', targetId: row.id, summary: auditText.registration(req.username ?? row.username, req.companyName ?? row.companyName) })
    }).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw ApiError.conflict(errorMessages.registrationPending)
      throw err
    })
  }

  /** Removes the application; a company already created from it stays. */
  async remove(id: number): Promise<void> {
    const deleted = await this.db.delete(registrations).where(eq(registrations.id, id)).returning({ id: registrations.id })
    if (!deleted.length) throw ApiError.notFound(m.registrationNotFound)
    await recordAudit(this.db, { action: 'registration.delete', targetKind: 'REGISTRATION', targetId: id })
  }
}
