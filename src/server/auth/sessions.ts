import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { companies, roles, sessions, users } from '../db/schema'
import { companyAuthorities, effectiveAuthorities, type UserKind } from '../../shared/domain/authorities'

/** The signed-in user as every guarded route sees it. */
export interface CurrentUser {
  id: number
  sessionId: number
  username: string
  name: string
  kind: UserKind
  companyId: number | null
  /** The company's parent (null for a top-level company). */
  parentCompanyId: number | null
  companyName: string | null
  phoneNumber: string
  authorities: string[]
}

const parentCompanies = alias(companies, 'parent_companies')

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** An account with what decides whether it may act and what it may do. */
async function accountRow(db: Db, userId: number) {
  const [row] = await db
    .select({
      user: users,
      companyName: companies.name,
      companyAvailable: companies.available,
      parentCompanyId: companies.parentId,
      parentAvailable: parentCompanies.available,
      roleAuthorities: roles.authorities,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(parentCompanies, eq(parentCompanies.id, companies.parentId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
    .limit(1)
  return row
}

type AccountRow = NonNullable<Awaited<ReturnType<typeof accountRow>>>

/**
 * What the account holds. Staff hold their role's authorities within what their company's own account holds
 * (a top-level company: every company authority; a child company: its COMPANY role's), so narrowing a child
 * company narrows its staff at once.
 */
async function authoritiesOf(db: Db, row: AccountRow): Promise<string[]> {
  const u = row.user
  if (u.kind !== 'STAFF') return effectiveAuthorities(u.kind, row.roleAuthorities)
  if (u.companyId === null) return []
  const topLevel = row.parentCompanyId === null
  let companyRole: string[] | null = null
  if (!topLevel) {
    const [account] = await db
      .select({ authorities: roles.authorities })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.companyId, u.companyId), eq(users.kind, 'COMPANY')))
      .orderBy(asc(users.id))
      .limit(1)
    companyRole = account?.authorities ?? null
  }
  return effectiveAuthorities('STAFF', row.roleAuthorities, companyAuthorities(topLevel, companyRole))
}

/**
 * An account as a signed-in user (sessions, open-API keys), or null when it may not act: the user disabled, its
 * company disabled, or a child company's top-level company disabled.
 */
export async function loadAccount(db: Db, userId: number, sessionId = 0): Promise<CurrentUser | null> {
  const row = await accountRow(db, userId)
  if (!row || !row.user.available || row.companyAvailable === false || row.parentAvailable === false) return null
  const u = row.user
  return {
    id: u.id,
    sessionId,
    username: u.username,
    name: u.name,
    kind: u.kind,
    companyId: u.companyId,
    parentCompanyId: row.parentCompanyId,
    companyName: row.companyName,
    phoneNumber: u.phoneNumber,
    authorities: await authoritiesOf(db, row),
  }
}

/** What an account holds whether or not it may act now (a disabled colleague can still be managed). */
export async function heldAuthorities(db: Db, userId: number): Promise<string[]> {
  const row = await accountRow(db, userId)
  return row ? authoritiesOf(db, row) : []
}

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

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
    const [session] = await this.db
      .select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .where(
        and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(this.now()))),
      )
      .limit(1)
    return session ? loadAccount(this.db, session.userId, session.id) : null
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
