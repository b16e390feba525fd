import { and, eq, ilike } from 'drizzle-orm'
import type {
  StaffAddRequest,
  StaffSearchQuery,
  StaffSearchResponse,
  StaffUpdateRequest,
} from '../../../shared/contract/staff'
import type { ResetPasswordResponse } from '../../../shared/contract/company'
import { auditText } from '../../../shared/messages/audit'
import { errorMessages } from '../../../shared/messages/common'
import { organizationMessages as m } from '../../../shared/messages/organization'
import { hashPassword, randomPassword } from '../../auth/password'
import { requireStrongPassword } from '../../auth/password-strength'
import { visibleCompanyIds } from '../../auth/scope'
import { heldAuthorities, type CurrentUser, type SessionService } from '../../auth/sessions'
import { isInScope, withinScope } from '../../auth/tenant'
import { iso } from '../../http/iso'
import { likePattern } from '../../db/like'
import type { Db } from '../../db/client'
import { accessKeys, companies, devices, roles, sessions, smsCodes, tasks, users } from '../../db/schema'
import { isUniqueViolation } from '../../db/unique-violation'
import { ApiError } from '../../http/errors'
import type { RoleService } from '../role/service'
import { assertUsernameFree } from '../../auth/username'
import { pagedNewestFirst } from '../../db/paging'
import { recordAudit } from '../audit/service'

/** Staff of the companies a user sees (SPEC §2 "Staff list, add/edit, removal"). New staff join the user's own company. */
export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly roles: RoleService,
  ) {}

  /**
   * A visible staff member, or the 404 a missing id gets. Anyone but a boss (who holds every company authority)
   * may only act on staff holding nothing beyond their own authorities: otherwise resetting a stronger
   * colleague's password would hand over that colleague's rights. This holds for a child company's account too.
   */
  private async visibleStaff(user: CurrentUser, id: number) {
    const scope = await visibleCompanyIds(this.db, user)
    const [found] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.kind, 'STAFF')))
    if (!found || !isInScope(scope, found.companyId)) throw ApiError.notFound(m.staffNotFound)
    if (user.kind !== 'BOSS' && user.kind !== 'ADMIN' && found.id !== user.id) {
      const held = await heldAuthorities(this.db, found.id)
      if (held.some((a) => !user.authorities.includes(a))) throw ApiError.forbidden(m.targetBeyondOwn)
    }
    return found
  }

  async search(user: CurrentUser, q: StaffSearchQuery): Promise<StaffSearchResponse> {
    const scope = await visibleCompanyIds(this.db, user)
    if (q.companyId !== undefined && !isInScope(scope, q.companyId)) return { records: [], total: 0 }
    const where = and(
      eq(users.kind, 'STAFF'),
      withinScope(users.companyId, scope),
      q.companyId !== undefined ? eq(users.companyId, q.companyId) : undefined,
      q.username ? ilike(users.username, likePattern(q.username)) : undefined,
      q.name ? ilike(users.name, likePattern(q.name)) : undefined,
      q.phoneNumber ? ilike(users.phoneNumber, likePattern(q.phoneNumber)) : undefined,
    )
    const query = this.db
      .select({ user: users, roleName: roles.name, companyName: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(roles, eq(roles.id, users.roleId))
    const { records: rows, total } = await pagedNewestFirst(this.db, users, where, q, query)
    return {
      total,
      records: rows.map(({ user: u, roleName, companyName }) => ({
        id: u.id,
        username: u.username,
        name: u.name,
        phoneNumber: u.phoneNumber,
        roleId: u.roleId,
        roleName,
        available: u.available,
        companyId: u.companyId!,
        companyName,
        createdAt: iso(u.createdAt),
      })),
    }
  }

  async add(user: CurrentUser, req: StaffAddRequest): Promise<{ id: number }> {
    if (user.companyId === null) throw ApiError.forbidden()
    const roleId = req.roleId ? (await this.roles.assignable(user, req.roleId, 'STAFF', user.companyId)).id : null
    await assertUsernameFree(this.db, req.username)
    requireStrongPassword(req.password, { username: req.username, name: req.name, phoneNumber: req.phoneNumber, companyName: user.companyName ?? undefined })
    try {
      const [row] = await this.db
        .insert(users)
        .values({
          companyId: user.companyId,
          username: req.username,
          kind: 'STAFF',
          name: req.name,
          phoneNumber: req.phoneNumber,
          passwordHash: await hashPassword(req.password),
          roleId,
        })
        .returning({ id: users.id })
      await recordAudit(this.db, { action: 'staff.add', targetKind: 'STAFF', targetId: row.id, summary: auditText.staff(req.username) })
      return row
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict(errorMessages.usernameTaken)
      throw err
    }
  }

  async update(user: CurrentUser, req: StaffUpdateRequest): Promise<void> {
    const staff = await this.visibleStaff(user, req.id)
    if (req.available === false && staff.id === user.id) throw ApiError.badRequest(m.cannotChangeSelf)
    let roleId: number | null | undefined
    // A role is checked when it changes: an edit that keeps the current one (the form always sends it) is no grant.
    if (req.roleId !== undefined && req.roleId !== staff.roleId) {
      roleId = req.roleId === null ? null : (await this.roles.assignable(user, req.roleId, 'STAFF', staff.companyId!)).id
    }
    // A phone number is where SMS codes go: one's own changes only with a code, in the personal centre.
    if (staff.id === user.id && req.phoneNumber !== undefined && req.phoneNumber !== staff.phoneNumber) {
      throw ApiError.badRequest(m.changeOwnPhoneInCenter)
    }
    if (req.name === undefined && req.phoneNumber === undefined && roleId === undefined && req.available === undefined) return
    await this.db
      .update(users)
      .set({ name: req.name, phoneNumber: req.phoneNumber, roleId, available: req.available })
      .where(eq(users.id, staff.id))
    // A disabled account is signed out at once (sessions also refuse disabled users on every request).
    if (req.available === false) await this.sessions.revokeAllOf(staff.id)
    await recordAudit(this.db, { action: 'staff.update', targetKind: 'STAFF', targetId: staff.id, targetCompanyId: staff.companyId, summary: auditText.staff(staff.username) })
  }

  /**
   * Removes the account. Its sessions, SMS codes and keys go with it; its devices become unassigned; tasks it
   * created keep their history without the author.
   */
  async remove(user: CurrentUser, id: number): Promise<void> {
    const staff = await this.visibleStaff(user, id)
    if (staff.id === user.id) throw ApiError.badRequest(m.cannotChangeSelf)
    await this.db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.userId, staff.id))
      await tx.delete(smsCodes).where(eq(smsCodes.userId, staff.id))
      await tx.delete(accessKeys).where(eq(accessKeys.userId, staff.id))
      await tx.update(devices).set({ staffId: null }).where(eq(devices.staffId, staff.id))
      await tx.update(tasks).set({ createdBy: null }).where(eq(tasks.createdBy, staff.id))
      await tx.delete(users).where(eq(users.id, staff.id))
    })
    await recordAudit(this.db, { action: 'staff.delete', targetKind: 'STAFF', targetId: staff.id, targetCompanyId: staff.companyId, summary: auditText.staff(staff.username) })
  }

  async resetPassword(user: CurrentUser, staffId: number): Promise<ResetPasswordResponse> {
    // Visibility of devices is per staff member: a colleague's new password would be a way into their devices.
    if (user.kind === 'STAFF') throw ApiError.forbidden(m.resetPasswordCompanyOnly)
    const staff = await this.visibleStaff(user, staffId)
    if (staff.id === user.id) throw ApiError.badRequest(m.cannotResetSelf)
    const password = randomPassword()
    await this.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, staff.id))
    await this.sessions.revokeAllOf(staff.id)
    await recordAudit(this.db, { action: 'staff.resetPassword', targetKind: 'STAFF', targetId: staff.id, targetCompanyId: staff.companyId, summary: auditText.staff(staff.username) })
    return { password }
  }
}
