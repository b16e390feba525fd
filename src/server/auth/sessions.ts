import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { companies, roles, sessions, users } from '../db/schema'
import { effectiveAuthorities, type UserKind } from '../../shared/domain/authorities'

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

  /** The user behind a token, or null when the token is unknown, expired, revoked or the user disabled. */
  async resolve(token: string): Promise<CurrentUser | null> {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        user: users,
        companyName: companies.name,
        companyAvailable: companies.available,
        parentCompanyId: companies.parentId,
        parentAvailable: parentCompanies.available,
        roleAuthorities: roles.authorities,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(parentCompanies, eq(parentCompanies.id, companies.parentId))
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(this.now()))),
      )
      .limit(1)
    // A disabled company disables its users, and a disabled top-level company its child companies too.
    if (!row || !row.user.available || row.companyAvailable === false || row.parentAvailable === false) return null
    const u = row.user
    return {
      id: u.id,
      sessionId: row.sessionId,
      username: u.username,
      name: u.name,
      kind: u.kind,
      companyId: u.companyId,
      parentCompanyId: row.parentCompanyId,
      companyName: row.companyName,
      phoneNumber: u.phoneNumber,
      authorities: effectiveAuthorities(u.kind, row.roleAuthorities),
    }
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
