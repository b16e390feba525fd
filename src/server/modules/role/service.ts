import { and, count, eq, ilike, ne, sql } from 'drizzle-orm'
import type {
  RoleAddRequest,
  RoleDetailResponse,
  RoleOption,
  RoleRecord,
  RoleSearchQuery,
  RoleSearchResponse,
  RoleType,
  RoleUpdateRequest,
} from '../../../shared/contract/role'
import { assignableAuthorities, authorityTreeFor, type AuthorityNode } from '../../../shared/domain/authorities'
import { auditText } from '../../../shared/messages/audit'
import { organizationMessages as m } from '../../../shared/messages/organization'
import { visibleCompanyIds } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import { isInScope, withinScope } from '../../auth/tenant'
import { iso } from '../../http/iso'
import { likePattern } from '../../db/like'
import type { Db } from '../../db/client'
import { companies, roles, users } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { pagedNewestFirst } from '../../db/paging'
import { recordAudit } from '../audit/service'

function roleRecord(r: { role: typeof roles.$inferSelect; companyName: string; userCount: number | null }): RoleRecord {
  return {
    id: r.role.id,
    name: r.role.name,
    roleType: r.role.roleType,
    authorityIdList: r.role.authorities,
    companyId: r.role.companyId,
    companyName: r.companyName,
    userCount: Number(r.userCount ?? 0),
    createdAt: iso(r.role.createdAt),
  }
}

function pruneTo(nodes: AuthorityNode[], keep: ReadonlySet<string>): AuthorityNode[] {
  return nodes.flatMap((n) => {
    if (!n.children) return keep.has(n.id) ? [n] : []
    const children = pruneTo(n.children, keep)
    return children.length ? [{ ...n, children }] : []
  })
}

/**
 * Roles (SPEC §3, §6): COMPANY roles narrow what a child company may do, STAFF roles grant staff their authorities.
 * Only a boss manages COMPANY roles; anyone else may only grant authorities they hold themselves, so the role
 * screen cannot be used to raise one's own rights.
 */
export class RoleService {
  constructor(
    private readonly db: Db,
  ) {}

  private grantable(user: CurrentUser, type: RoleType): string[] {
    const all = assignableAuthorities(type)
    return user.kind === 'BOSS' ? all : all.filter((a) => user.authorities.includes(a))
  }

  private assertTypeAllowed(user: CurrentUser, type: RoleType) {
    if (type === 'COMPANY' && user.kind !== 'BOSS') throw ApiError.forbidden(m.companyRoleBossOnly)
  }

  /** GET /authority/tree — the tree a role of this type chooses from, limited to what the user may grant. */
  tree(user: CurrentUser, type: RoleType): AuthorityNode[] {
    this.assertTypeAllowed(user, type)
    return pruneTo(authorityTreeFor(type), new Set(this.grantable(user, type)))
  }

  private checkAuthorities(user: CurrentUser, type: RoleType, list: string[]) {
    const assignable = new Set(assignableAuthorities(type))
    const invalid = list.find((a) => !assignable.has(a))
    if (invalid !== undefined) throw ApiError.badRequest(m.roleAuthorityInvalid(invalid))
    const grantable = new Set(this.grantable(user, type))
    if (list.some((a) => !grantable.has(a))) throw ApiError.forbidden(m.authorityBeyondOwn)
  }

  private async scope(user: CurrentUser) {
    return visibleCompanyIds(this.db, user)
  }

  /** Roles with their company's name and how many users hold each (roleRecord's rows). */
  private selectRoles() {
    const userCount = this.db
      .select({ roleId: users.roleId, n: count().as('n') })
      .from(users)
      .groupBy(users.roleId)
      .as('role_users')
    return this.db
      .select({ role: roles, companyName: companies.name, userCount: userCount.n })
      .from(roles)
      .innerJoin(companies, eq(companies.id, roles.companyId))
      .leftJoin(userCount, eq(userCount.roleId, roles.id))
  }

  /** A role the user may see, or the same 404 a missing id gets (ARCHITECTURE: tenancy). */
  async get(user: CurrentUser, id: number): Promise<RoleRecord> {
    const scope = await this.scope(user)
    const [row] = await this.selectRoles().where(and(eq(roles.id, id), withinScope(roles.companyId, scope)))
    if (!row) throw ApiError.notFound(m.roleNotFound)
    return roleRecord(row)
  }

  async search(user: CurrentUser, q: RoleSearchQuery): Promise<RoleSearchResponse> {
    const scope = await this.scope(user)
    const where = and(
      withinScope(roles.companyId, scope),
      q.name ? ilike(roles.name, likePattern(q.name)) : undefined,
      q.roleType ? eq(roles.roleType, q.roleType) : undefined,
    )
    const page = await pagedNewestFirst(this.db, roles, where, q, this.selectRoles())
    return { ...page, records: page.records.map(roleRecord) }
  }

  async detail(user: CurrentUser, id: number): Promise<RoleDetailResponse> {
    const record = await this.get(user, id)
    return { ...record, authorityTree: authorityTreeFor(record.roleType) }
  }

  /**
   * The roles of one type defined by `companyId` (default: the user's own company) — the ones `assignable` accepts
   * for its accounts; none for a company outside the scope. The administrator, without a company, sees every one.
   */
  async list(user: CurrentUser, type: RoleType, companyId: number | undefined = user.companyId ?? undefined): Promise<RoleOption[]> {
    const scope = await this.scope(user)
    if (companyId !== undefined && !isInScope(scope, companyId)) return []
    return this.db
      .select({ id: roles.id, name: roles.name, roleType: roles.roleType, authorityCount: sql<number>`jsonb_array_length(${roles.authorities})::int` })
      .from(roles)
      .where(and(withinScope(roles.companyId, scope), eq(roles.roleType, type), companyId !== undefined ? eq(roles.companyId, companyId) : undefined))
      .orderBy(roles.name)
  }

  private async assertNameFree(companyId: number, name: string, exceptId?: number) {
    const [dup] = await this.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.name, name), exceptId ? ne(roles.id, exceptId) : undefined))
      .limit(1)
    if (dup) throw ApiError.conflict(m.roleNameTaken)
  }

  async add(user: CurrentUser, req: RoleAddRequest): Promise<{ id: number }> {
    if (user.companyId === null) throw ApiError.forbidden()
    this.assertTypeAllowed(user, req.roleType)
    this.checkAuthorities(user, req.roleType, req.authorityIdList)
    await this.assertNameFree(user.companyId, req.name)
    const [row] = await this.db
      .insert(roles)
      .values({ companyId: user.companyId, name: req.name, roleType: req.roleType, authorities: req.authorityIdList })
      .returning({ id: roles.id })
    await recordAudit(this.db, { action: 'role.add', targetKind: 'ROLE', targetId: row.id, summary: auditText.role(req.name) })
    return row
  }

  /** Non-bosses may change only roles that grant nothing beyond their own authorities. */
  private assertWithinOwn(user: CurrentUser, role: RoleRecord) {
    if (user.kind !== 'BOSS' && role.authorityIdList.some((a) => !user.authorities.includes(a))) {
      throw ApiError.forbidden(m.targetBeyondOwn)
    }
  }

  async update(user: CurrentUser, req: RoleUpdateRequest): Promise<void> {
    const role = await this.get(user, req.id)
    this.assertTypeAllowed(user, role.roleType)
    this.assertWithinOwn(user, role)
    this.checkAuthorities(user, role.roleType, req.authorityIdList)
    await this.assertNameFree(role.companyId, req.name, role.id)
    await this.db.update(roles).set({ name: req.name, authorities: req.authorityIdList }).where(eq(roles.id, role.id))
    await recordAudit(this.db, { action: 'role.update', targetKind: 'ROLE', targetId: role.id, targetCompanyId: role.companyId, summary: auditText.role(req.name) })
  }

  /** A role some account still holds cannot be deleted (issue #5). */
  async remove(user: CurrentUser, id: number): Promise<void> {
    const role = await this.get(user, id)
    this.assertTypeAllowed(user, role.roleType)
    this.assertWithinOwn(user, role)
    await this.db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.roleId, role.id))
      if (n > 0) throw ApiError.badRequest(m.roleInUse(n))
      await tx.delete(roles).where(eq(roles.id, role.id))
    })
    await recordAudit(this.db, { action: 'role.delete', targetKind: 'ROLE', targetId: role.id, targetCompanyId: role.companyId, summary: auditText.role(role.name) })
  }

  /**
   * A role the user may give an account of the given kind: visible, of the right type, defined by the company whose
   * roles that account may hold (`ownerCompanyId`: a staff member's own company; for a child company's account, its
   * parent), and (for non-bosses) granting nothing the user lacks. Foreign and missing roles get the same 404.
   * Holding another company's role would let that company widen the account's authorities by editing its role.
   */
  async assignable(user: CurrentUser, roleId: number, type: RoleType, ownerCompanyId: number): Promise<{ id: number; authorities: string[] }> {
    const scope = await this.scope(user)
    const [role] = await this.db
      .select({ id: roles.id, roleType: roles.roleType, authorities: roles.authorities, companyId: roles.companyId })
      .from(roles)
      .where(eq(roles.id, roleId))
    if (!role || !isInScope(scope, role.companyId)) throw ApiError.notFound(m.roleNotFound)
    if (role.roleType !== type) throw ApiError.badRequest(m.roleTypeMismatch(type))
    if (role.companyId !== ownerCompanyId) throw ApiError.badRequest(m.roleOfOtherCompany)
    if (user.kind !== 'BOSS' && role.authorities.some((a) => !user.authorities.includes(a))) {
      throw ApiError.forbidden(m.authorityBeyondOwn)
    }
    return role
  }
}

