import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, notInArray, or, type SQL } from 'drizzle-orm'
import type {
  ChildrenDeviceQuery,
  ChildrenDeviceResponse,
  CompanyAddRequest,
  CompanyRecord,
  CompanySearchQuery,
  CompanySearchResponse,
  CompanyUpdateRequest,
  ResetPasswordResponse,
} from '../../../shared/contract/company'
import { auditText } from '../../../shared/messages/audit'
import { errorMessages } from '../../../shared/messages/common'
import { organizationMessages as m } from '../../../shared/messages/organization'
import { hashPassword, randomPassword } from '../../auth/password'
import { requireStrongPassword } from '../../auth/password-strength'
import { findVisibleCompany, visibleCompanyIds, visibleDeviceCondition } from '../../auth/scope'
import type { CurrentUser, SessionService } from '../../auth/sessions'
import { isInScope, withinScope, type CompanyScope } from '../../auth/tenant'
import { iso } from '../../http/iso'
import { likePattern } from '../../db/like'
import type { Db } from '../../db/client'
import { companies, devices, quotaAccounts, roles, users } from '../../db/schema'
import { isUniqueViolation, uniqueConstraints } from '../../db/unique-violation'
import { ApiError } from '../../http/errors'
import type { QuotaService } from '../quota/service'
import type { RoleService } from '../role/service'
import { assertUsernameFree } from '../../auth/username'
import { pagedNewestFirst } from '../../db/paging'
import { recordAudit } from '../audit/service'

const accountKinds = ['BOSS', 'COMPANY'] as const

/**
 * Companies (SPEC §2 "Business (company) tree"): the administrator sees every top-level company, a boss sees
 * its own company with its children as the lazily loaded second level. Every query goes through the scope.
 */
export class CompanyService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly roles: RoleService,
    private readonly quota: QuotaService,
  ) {}

  private scope(user: CurrentUser): Promise<CompanyScope> {
    return visibleCompanyIds(this.db, user)
  }

  /** A visible company, or the 404 a missing one gets. */
  visibleCompany(user: CurrentUser, id: number, scope?: CompanyScope) {
    return findVisibleCompany(this.db, user, id, scope)
  }

  /** Builds the tree nodes of these companies: account, role, children count and quota, in four queries. */
  private async describe(rows: (typeof companies.$inferSelect)[]): Promise<CompanyRecord[]> {
    if (!rows.length) return []
    const ids = rows.map((r) => r.id)
    const [childCounts, accounts, quotas] = await Promise.all([
      this.db
        .select({ parentId: companies.parentId, n: count() })
        .from(companies)
        .where(inArray(companies.parentId, ids))
        .groupBy(companies.parentId),
      this.db
        .select({ user: users, roleName: roles.name })
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .where(and(inArray(users.companyId, ids), inArray(users.kind, [...accountKinds])))
        .orderBy(asc(users.id)),
      this.db.select().from(quotaAccounts).where(inArray(quotaAccounts.companyId, ids)),
    ])
    const quotaOf = (companyId: number, type: 'IOS' | 'HUAWEI') => {
      const acc = quotas.find((q) => q.companyId === companyId && q.quotaType === type)
      return { opened: !!acc, remainingQuantity: acc?.remainingQuantity ?? 0, totalConsumedQuantity: acc?.totalConsumedQuantity ?? 0 }
    }
    return rows.map((c) => {
      const account = accounts.find((a) => a.user.companyId === c.id)
      return {
        id: c.id,
        name: c.name,
        available: c.available,
        parentId: c.parentId,
        childrenCount: childCounts.find((x) => x.parentId === c.id)?.n ?? 0,
        bossUserId: account?.user.id ?? null,
        bossName: account?.user.name ?? '',
        username: account?.user.username ?? '',
        phoneNumber: account?.user.phoneNumber ?? '',
        roleId: account?.user.roleId ?? null,
        roleName: account?.roleName ?? null,
        createdAt: iso(c.createdAt),
        quota: { ios: quotaOf(c.id, 'IOS'), huawei: quotaOf(c.id, 'HUAWEI') },
      }
    })
  }

  /** GET /company/search: the roots of what the user sees (top-level companies for the administrator). */
  async search(user: CurrentUser, q: CompanySearchQuery): Promise<CompanySearchResponse> {
    const scope = await this.scope(user)
    const roots: SQL | undefined =
      scope === null
        ? isNull(companies.parentId)
        : and(inArray(companies.id, scope), or(isNull(companies.parentId), notInArray(companies.parentId, scope)))
    const byUsername = q.username
      ? inArray(
          companies.id,
          this.db
            .select({ id: users.companyId })
            .from(users)
            .where(and(inArray(users.kind, [...accountKinds]), ilike(users.username, likePattern(q.username)))),
        )
      : undefined
    const where = and(roots, q.name ? ilike(companies.name, likePattern(q.name)) : undefined, byUsername)
    const page = await pagedNewestFirst(this.db, companies, where, q, this.db.select().from(companies))
    return { records: await this.describe(page.records), total: page.total }
  }

  /** GET /company/listChildren: the second level, loaded when a node opens. */
  async listChildren(user: CurrentUser, companyId: number): Promise<CompanyRecord[]> {
    const scope = await this.scope(user)
    await this.visibleCompany(user, companyId, scope)
    const rows = await this.db
      .select()
      .from(companies)
      .where(and(eq(companies.parentId, companyId), withinScope(companies.id, scope)))
      .orderBy(desc(companies.id))
    return this.describe(rows)
  }

  async get(user: CurrentUser, id: number): Promise<CompanyRecord> {
    const [record] = await this.describe([await this.visibleCompany(user, id)])
    return record
  }

  /**
   * POST /company/add: a boss adds a child company with its account (kind COMPANY); the administrator adds a
   * top-level company with its boss. The Apple quota account opens with the company; Huawei is opened separately.
   */
  async add(user: CurrentUser, req: CompanyAddRequest): Promise<{ id: number }> {
    const parentId = user.kind === 'ADMIN' ? null : user.kind === 'BOSS' ? user.companyId : undefined
    if (parentId === undefined) throw ApiError.forbidden()
    const roleId = req.roleId && parentId !== null ? (await this.roles.assignable(user, req.roleId, 'COMPANY', parentId)).id : null
    await assertUsernameFree(this.db, req.username)
    await this.assertNameFree(req.name, parentId)
    requireStrongPassword(req.password, { username: req.username, name: req.bossName, phoneNumber: req.phoneNumber, companyName: req.name })
    const passwordHash = await hashPassword(req.password)
    try {
      return await this.db.transaction(async (tx) => {
        const [company] = await tx.insert(companies).values({ name: req.name, parentId }).returning({ id: companies.id })
        await tx.insert(users).values({
          companyId: company.id,
          username: req.username,
          kind: parentId === null ? 'BOSS' : 'COMPANY',
          name: req.bossName,
          phoneNumber: req.phoneNumber,
          passwordHash,
          roleId,
        })
        await this.quota.open(company.id, 'IOS', tx)
        await recordAudit(tx, { action: 'company.add', targetKind: 'COMPANY', targetId: company.id, targetCompanyId: company.id, summary: auditText.company(req.name) })
        return company
      })
    } catch (err) {
      // Two adds at the same moment: the constraints let one through.
      if (isUniqueViolation(err, uniqueConstraints.siblingCompanyName)) throw ApiError.conflict(m.companyNameTaken(req.name))
      if (isUniqueViolation(err)) throw ApiError.conflict(errorMessages.usernameTaken)
      throw err
    }
  }

  private async assertNameFree(name: string, parentId: number | null, exceptId?: number) {
    await assertCompanyNameFree(this.db, name, parentId, exceptId)
  }

  /** PUT /company/update: name and availability of the company, name, phone and role of its account. */
  async update(user: CurrentUser, req: CompanyUpdateRequest): Promise<void> {
    const company = await this.visibleCompany(user, req.id)
    if (req.available === false && company.id === user.companyId) throw ApiError.badRequest(m.cannotDisableOwnCompany)
    let roleId: number | null | undefined
    // The company's account: its role and phone are compared with what is sent, and it is what gets updated.
    const [account] = await this.db
      .select({ id: users.id, roleId: users.roleId, phoneNumber: users.phoneNumber })
      .from(users)
      .where(and(eq(users.companyId, company.id), inArray(users.kind, [...accountKinds])))
      .orderBy(asc(users.id))
      .limit(1)
    // A role is checked when it changes: an edit that keeps the current one (the form always sends it) is no grant.
    if (req.roleId !== undefined && req.roleId !== (account?.roleId ?? null)) {
      // Only a child company's account holds a COMPANY role; a boss always holds every company authority.
      if (company.parentId === null || company.id === user.companyId) throw ApiError.badRequest(m.companyRoleBossOnly)
      roleId = req.roleId === null ? null : (await this.roles.assignable(user, req.roleId, 'COMPANY', company.parentId)).id
    }
    // A phone number is where SMS codes go: one's own changes only with a code, in the personal centre.
    if (account?.id === user.id && req.phoneNumber !== undefined && req.phoneNumber !== account.phoneNumber) {
      throw ApiError.badRequest(m.changeOwnPhoneInCenter)
    }
    // Top-level companies are separate tenants and may share a name: only siblings are compared, and a boss renaming
    // its own company learns nothing of the other tenants' names (issue #10). The administrator sees them all.
    const comparable = company.parentId !== null || user.kind === 'ADMIN'
    if (comparable && req.name !== undefined && req.name !== company.name) await this.assertNameFree(req.name, company.parentId, company.id)
    await this.db.transaction(async (tx) => {
      if (req.name !== undefined || req.available !== undefined) {
        await tx.update(companies).set({ name: req.name, available: req.available }).where(eq(companies.id, company.id))
      }
      if (account && (req.bossName !== undefined || req.phoneNumber !== undefined || roleId !== undefined)) {
        await tx.update(users).set({ name: req.bossName, phoneNumber: req.phoneNumber, roleId }).where(eq(users.id, account.id))
      }
      await recordAudit(tx, { action: 'company.update', targetKind: 'COMPANY', targetId: company.id, targetCompanyId: company.id, summary: auditText.company(req.name ?? company.name) })
    }).catch((err: unknown) => {
      // A sibling took the name a moment ago.
      if (isUniqueViolation(err, uniqueConstraints.siblingCompanyName)) throw ApiError.conflict(m.companyNameTaken(req.name ?? company.name))
      throw err
    })
  }

  /** PUT /company/resetPassword: a new random password for a company's account; its sessions end. */
  async resetPassword(user: CurrentUser, bossId: number): Promise<ResetPasswordResponse> {
    const scope = await this.scope(user)
    const [account] = await this.db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(and(eq(users.id, bossId), inArray(users.kind, [...accountKinds])))
    if (!account || !isInScope(scope, account.companyId)) throw ApiError.notFound(m.accountNotFound)
    if (account.id === user.id) throw ApiError.badRequest(m.cannotResetSelf)
    const password = randomPassword()
    await this.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, account.id))
    await this.sessions.revokeAllOf(account.id)
    await recordAudit(this.db, { action: 'company.resetPassword', targetKind: 'USER', targetId: account.id, targetCompanyId: account.companyId })
    return { password }
  }

  /** GET /company/searchChildrenDevice: the devices of one visible company (read straight from the devices table). */
  async devices(user: CurrentUser, q: ChildrenDeviceQuery): Promise<ChildrenDeviceResponse> {
    const company = await this.visibleCompany(user, q.companyId)
    const where = and(
      eq(devices.companyId, company.id),
      await visibleDeviceCondition(this.db, user),
      eq(devices.recycleStatus, false),
      q.platform ? eq(devices.platform, q.platform) : undefined,
      q.serialNumber ? ilike(devices.serialNumber, likePattern(q.serialNumber)) : undefined,
    )
    const query = this.db.select({ device: devices, staffName: users.name }).from(devices).leftJoin(users, eq(users.id, devices.staffId))
    const { records: rows, total } = await pagedNewestFirst(this.db, devices, where, q, query)
    return {
      total,
      records: rows.map(({ device: d, staffName }) => ({
        id: d.id,
        platform: d.platform,
        serialNumber: d.serialNumber,
        name: d.name,
        model: d.model,
        staffId: d.staffId,
        staffName,
        renterName: d.renterName,
        lastCommunicationTime: iso(d.lastCommunicationTime),
        createdAt: iso(d.createdAt),
      })),
    }
  }
}

/**
 * Companies side by side (children of one company, or the top-level ones) have distinct names, so that lists and
 * transfer targets never show two identical entries.
 */
export async function assertCompanyNameFree(db: Pick<Db, 'select'>, name: string, parentId: number | null, exceptId?: number) {
  const [taken] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.name, name), parentId === null ? isNull(companies.parentId) : eq(companies.parentId, parentId), exceptId ? ne(companies.id, exceptId) : undefined))
    .limit(1)
  if (taken) throw ApiError.conflict(m.companyNameTaken(name))
}
