import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { Lru } from '../cache/lru'
import { embeddedClient, type Db } from '../db/client'
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
function accountQuery(db: Db, session?: typeof sessions) {
  return db
    .select({
      sessionId: sql<number | null>`${session ? session.id : sql`null`}`.mapWith(Number),
      sessionExpiresAt: sql<Date | null>`${session ? session.expiresAt : sql`null`}`.mapWith(sessions.expiresAt),
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

/** The channel of migration 0017's notices: a session, account, company or role changed. */
const AUTH_CHANGED = 'mdm_auth_changed'
/** How many resolved sessions the embedded database's server keeps (each a few hundred bytes). */
const SESSIONS_KEPT = 10_000

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

/** The account behind a session token (placeholders tokenHash and now), prepared by name. */
function sessionAccountQuery(db: Db) {
  return accountQuery(db, sessions)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_account')
}

export class SessionService {
  /**
   * Every signed-in request runs this one statement, so it is built once and prepared by name (issue #16): its SQL is
   * not assembled again per request, and on PostgreSQL each connection parses and plans it once.
   */
  private sessionAccountStatement?: ReturnType<typeof sessionAccountQuery>
  /**
   * Sessions already resolved, kept only by a server on the embedded database (issue #16: there every statement is
   * planned in WebAssembly, and resolving the session was a third of a device search). PGlite's data folder belongs
   * to this process alone, and migration 0017 announces every change to sessions, accounts, companies and roles as it
   * commits (before the writing statement returns): the notice drops them all. `changes` counts notices, so that a
   * resolve that read the database before a change and would store after it stores nothing.
   */
  private readonly resolved = new Lru<string, AccountRow>(SESSIONS_KEPT)
  private changes = 0
  private keeping = false

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    const embedded = embeddedClient(db)
    if (embedded) {
      const dropAll = () => {
        this.changes++
        this.resolved.clear()
      }
      // Kept only once the notices are heard; a database closed before that keeps nothing.
      embedded.listen(AUTH_CHANGED, dropAll).then(
        () => (this.keeping = true),
        () => undefined,
      )
    }
  }

  /** Built on first use: a service is made before anything is asked of its database. */
  private get sessionAccount() {
    return (this.sessionAccountStatement ??= sessionAccountQuery(this.db))
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
    const tokenHash = hashToken(token)
    const now = this.now()
    const kept = this.resolved.get(tokenHash)
    if (kept && kept.sessionExpiresAt && kept.sessionExpiresAt.getTime() > now) return currentUser(kept, kept.sessionId ?? 0)
    if (kept) this.resolved.delete(tokenHash)
    const changesBefore = this.changes
    const [row] = await this.sessionAccount.execute({ tokenHash, now: new Date(now).toISOString() })
    if (!row) return null
    if (this.keeping && this.changes === changesBefore) {
      this.resolved.set(tokenHash, row)
    }
    return currentUser(row, row.sessionId ?? 0)
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
