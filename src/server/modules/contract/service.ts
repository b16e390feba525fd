import { desc, eq } from 'drizzle-orm'
import type { AgreementResponse } from '../../../shared/contract/contract'
import { agreementMessages as m } from '../../../shared/messages/announcement'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { agreementAcceptances, agreementVersions, companies, users } from '../../db/schema'
import { isUniqueViolation } from '../../db/unique-violation'
import { ApiError } from '../../http/errors'
import { iso } from '../../http/iso'
import { recordAudit } from '../audit/service'

/**
 * The service agreement of /contract (issue #15). One platform-wide text, which only the platform administrator sets;
 * every change is a new version. The agreement binds the top-level company (it owns the quota): its boss accepts
 * a version for the company, and the child companies read that acceptance. An acceptance of an older version is
 * still shown (with its date), marked as not the current one.
 */
export class AgreementService {
  constructor(private readonly db: Db) {}

  private async currentVersion() {
    const [row] = await this.db.select().from(agreementVersions).orderBy(desc(agreementVersions.id)).limit(1)
    return row
  }

  /** The top-level company whose acceptance the user reads: their own company, or its parent for a child company. */
  private topCompanyId(user: CurrentUser): number | null {
    if (user.kind === 'ADMIN' || user.companyId === null) return null
    return user.parentCompanyId ?? user.companyId
  }

  async current(user: CurrentUser): Promise<AgreementResponse> {
    const version = await this.currentVersion()
    const companyId = this.topCompanyId(user)
    let acceptance: AgreementResponse['acceptance'] = null
    let companyName: string | null = null
    if (companyId !== null) {
      const [company] = await this.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId))
      companyName = company?.name ?? null
      const [row] = await this.db
        .select({ versionId: agreementAcceptances.versionId, acceptedAt: agreementAcceptances.acceptedAt, name: users.name, username: users.username })
        .from(agreementAcceptances)
        .innerJoin(users, eq(users.id, agreementAcceptances.userId))
        .where(eq(agreementAcceptances.companyId, companyId))
        .orderBy(desc(agreementAcceptances.id))
        .limit(1)
      if (row) {
        acceptance = {
          versionId: row.versionId,
          acceptedAt: iso(row.acceptedAt),
          acceptedBy: row.name ? `${row.name}（${row.username}）` : row.username,
          current: version !== undefined && row.versionId === version.id,
        }
      }
    }
    return {
      version: version ? { id: version.id, text: version.content, updatedAt: iso(version.createdAt) } : null,
      companyName,
      acceptance,
      canAccept: user.kind === 'BOSS' && version !== undefined && !acceptance?.current,
      canEdit: user.authorities.includes('contract:manage'),
    }
  }

  /** PUT /contract/text: a new version; every company is asked to accept it again. */
  async setText(user: CurrentUser, text: string): Promise<AgreementResponse> {
    const [row] = await this.db.insert(agreementVersions).values({ content: text, createdBy: user.id }).returning({ id: agreementVersions.id })
    await recordAudit(this.db, { action: 'contract.update', targetKind: 'CONTRACT', targetId: row.id })
    return this.current(user)
  }

  /** POST /contract/accept: the boss accepts the version they read, for the company. */
  async accept(user: CurrentUser, versionId: number): Promise<AgreementResponse> {
    if (user.kind !== 'BOSS' || user.companyId === null) throw ApiError.forbidden(m.onlyBossAccepts)
    const version = await this.currentVersion()
    if (!version) throw ApiError.notFound(m.notSet)
    if (version.id !== versionId) throw ApiError.conflict(m.outdated)
    try {
      await this.db.insert(agreementAcceptances).values({ companyId: user.companyId, versionId, userId: user.id })
      await recordAudit(this.db, { action: 'contract.accept', targetKind: 'CONTRACT', targetId: versionId })
    } catch (err) {
      // Accepted a moment ago (a second tap, or another session): the first acceptance stands.
      if (!isUniqueViolation(err, 'agreement_acceptances_company_version_idx')) throw err
    }
    return this.current(user)
  }
}
