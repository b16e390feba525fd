import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { companies, roles, sessions, users } from '../db/schema'
import type { CurrentUser } from './current-user'
import { knowChildCompanies } from './scope'
import { companyAuthorities, effectiveAuthorities } from '../../shared/domain/authorities'

export type { CurrentUser } from './current-user'

const parentCompanies = alias(companies, 'parent_companies')

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A jsonb value computed in SQL (PGlite parses it, node-postgres may hand over its text). */
function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T
}

/**
 * An account with everything that decides whether it may act, what it may do and what it may see, in one statement
 * (issue #16: every request resolves its user, so this is paid on every call): the user, its company and top-level
 * company, its role; for staff of a child company, the company account's role (it bounds theirs); for a boss, the
 * child companies (the scope, auth/scope.ts).
 */
function accountQuery(db: Db, sessionId: SQL | typeof sessions.id = sql`null`) {
  return db
    .select({
      sessionId: sql<number | null>`${sessionId}`.mapWith(Number),
      user: users,
      companyName: companies.name,
      companyAvailable: companies.available,
      parentCompanyId: companies.parentId,
      parentAvailable: parentCompanies.available,
      roleAuthorities: roles.authorities,
      companyRoleAuthorities: sql<string[] | null>`case when ${users.kind} = 'STAFF' and ${companies.parentId} is not null then (
        select r.authorities from users a left join roles r on r.id = a.role_id
        where a.company_id = ${users.companyId} and a.kind = 'COMPANY' order by a.id limit 1) end`.mapWith(
        roles.authorities,
      ),
      childCompanyIds: sql<number[] | null>`case when ${users.kind} = 'BOSS' then (
        select coalesce(jsonb_agg(c.id order by c.id), '[]'::jsonb) from ${companies} c where c.parent_id = ${users.companyId}) end`.mapWith(jsonValue<number[]>),
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(parentCompanies, eq(parentCompanies.id, companies.parentId))
    .leftJoin(roles, eq(roles.id, users.roleId))
}

async function accountRow(db: Db, userId: number) {
  const [row] = await accountQuery(db).where(eq(users.id, userId)).limit(1)
  return row
}

type AccountRow = NonNullable<Awaited<ReturnType<typeof accountRow>>>

/**
 * What the account holds. Staff hold their role's authorities within what their company's own account holds
 * (a top-level company: every company authority; a child company: its COMPANY role's), so narrowing a child
 * company narrows its staff at once.
 */
function authoritiesOf(row: AccountRow): string[] {
  const u = row.user
  if (u.kind !== 'STAFF') return effectiveAuthorities(u.kind, row.roleAuthorities)
  if (u.companyId === null) return []
  const topLevel = row.parentCompanyId === null
  return effectiveAuthorities('STAFF', row.roleAuthorities, companyAuthorities(topLevel, topLevel ? null : row.companyRoleAuthorities))
}

/** The signed-in user of an account row, or null when it may not act (see loadAccount). */
function currentUser(row: AccountRow | undefined, sessionId: number): CurrentUser | null {
  if (!row || !row.user.available || row.companyAvailable === false || row.parentAvailable === false) return null
  const u = row.user
  const user: CurrentUser = {
    id: u.id,
    sessionId,
    username: u.username,
    name: u.name,
    kind: u.kind,
    companyId: u.companyId,
    parentCompanyId: row.parentCompanyId,
    companyName: row.companyName,
    phoneNumber: u.phoneNumber,
    authorities: authoritiesOf(row),
  }
  if (row.childCompanyIds) knowChildCompanies(user, row.childCompanyIds)
  return user
}

/**
 * An account as a signed-in user (sessions, open-API keys), or null when it may not act: the user disabled, its
 * company disabled, or a child company's top-level company disabled.
 */
export async function loadAccount(db: Db, userId: number, sessionId = 0): Promise<CurrentUser | null> {
  return currentUser(await accountRow(db, userId), sessionId)
}

/** What an account holds whether or not it may act now (a disabled colleague can still be managed). */
export async function heldAuthorities(db: Db, userId: number): Promise<string[]> {
  const row = await accountRow(db, userId)
  return row ? authoritiesOf(row) : []
}

export class SessionService {
  /**
   * Every signed-in request runs this one statement, so it is built once and prepared by name (issue #16): its SQL is
   * not assembled again per request, and on PostgreSQL each connection parses and plans it once.
   */
  private readonly sessionAccount

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.sessionAccount = accountQuery(db, sessions.id)
      .innerJoin(sessions, eq(sessions.userId, users.id))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare('session_account')
  }

  /** Issues a random bearer token; only its SHA-256 is stored. */
  async create(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url')
    await this.db.insert(sessions).values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(this.now() + this.ttlMs),
    })
    return token
  }

  /** The user behind a token, or null when the token is unknown, expired, revoked or the account may not act. */
  async resolve(token: string): Promise<CurrentUser | null> {
    const [row] = await this.sessionAccount.execute({ tokenHash: hashToken(token), now: new Date(this.now()).toISOString() })
    return row ? currentUser(row, row.sessionId ?? 0) : null
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date(this.now()) }).where(eq(sessions.id, sessionId))
  }

  /** Ends every session of a user but one (password change ends the others). */
  async revokeAllOf(userId: number, exceptSessionId?: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(this.now()) })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
        ),
      )
  }
}
