import { createHash, randomBytes } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import { myDeviceExtraEndpoints } from '../../../shared/contract/my-device-extras'
import { endpointUrl } from '../../../shared/contract/routes'
import { appleMdmText } from '../../../shared/messages/apple'
import { enrollmentLinkText as t } from '../../../shared/messages/ios-device'
import type { CurrentUser } from '../../auth/sessions'
import type { SecretBox } from '../../crypto/secret-box'
import type { Db } from '../../db/client'
import { apiNonces } from '../../db/schema'
import { ApiError } from '../../http/errors'
import type { MyDeviceService } from './service'

/** How long a link opens the profile: long enough to pick up a phone and scan, short enough to leak little. */
export const ENROLLMENT_LINK_TTL_MS = 15 * 60_000
/** Spent tickets are remembered (as hashes) in api_nonces under this key until they would have expired anyway. */
const SPENT = 'apple-enrollment-link'

interface Claims {
  companyId: number
  userId: number
  expiresAt: number
}

/**
 * One-time links to a company's enrollment profile (the 设备接入 QR code): an iPhone that opens the link carries no
 * console token, so the link is the permission. It is sealed with the server's secret box (nobody can forge or
 * alter one), names the company and the account that asked, expires after ENROLLMENT_LINK_TTL_MS and is spent by
 * its first download. Every refusal says the same, so a guess learns nothing.
 */
export class EnrollmentLinks {
  constructor(
    private readonly services: { db: Db; secrets: SecretBox; myDevices: MyDeviceService },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** POST /myDevice/enrollmentLink: company accounts only, as the profile download itself. */
  issue(user: CurrentUser): { path: string; expiresAt: string } {
    if (user.kind === 'STAFF' || user.kind === 'ADMIN' || user.companyId === null) throw ApiError.forbidden(appleMdmText.profileCompanyOnly)
    const expiresAt = this.now().getTime() + ENROLLMENT_LINK_TTL_MS
    const claims: Claims & { nonce: string } = { companyId: user.companyId, userId: user.id, expiresAt, nonce: randomBytes(12).toString('base64url') }
    const ticket = this.services.secrets.seal(JSON.stringify(claims))
    return { path: `${endpointUrl(myDeviceExtraEndpoints.enrollmentByTicket)}?ticket=${ticket}`, expiresAt: new Date(expiresAt).toISOString() }
  }

  /** GET /myDevice/enrollmentProfile/byTicket: the profile, once, while the link is fresh. */
  async redeem(ticket: string): Promise<string> {
    const claims = this.open(ticket)
    const now = this.now().getTime()
    if (!claims || claims.expiresAt <= now) throw ApiError.notFound(t.invalid)
    const db = this.services.db
    await db.delete(apiNonces).where(and(eq(apiNonces.accessKey, SPENT), lt(apiNonces.createdAt, new Date(now - ENROLLMENT_LINK_TTL_MS))))
    const spent = await db
      .insert(apiNonces)
      .values({ accessKey: SPENT, nonce: createHash('sha256').update(ticket).digest('base64url') })
      .onConflictDoNothing()
      .returning({ nonce: apiNonces.nonce })
    if (spent.length === 0) throw ApiError.notFound(t.invalid)
    return this.services.myDevices.issueProfile(claims.companyId, claims.userId)
  }

  private open(ticket: string): Claims | null {
    try {
      const claims = JSON.parse(this.services.secrets.open(ticket)) as Partial<Claims>
      if (typeof claims.companyId !== 'number' || typeof claims.userId !== 'number' || typeof claims.expiresAt !== 'number') return null
      return { companyId: claims.companyId, userId: claims.userId, expiresAt: claims.expiresAt }
    } catch {
      return null
    }
  }
}
