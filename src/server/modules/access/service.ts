import { randomBytes } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { AccessKeyResponse } from '../../../shared/contract/access'
import { organizationMessages as m } from '../../../shared/messages/organization'
import type { CurrentUser } from '../../auth/sessions'
import { iso } from '../../http/iso'
import type { SecretBox } from '../../crypto/secret-box'
import type { Db } from '../../db/client'
import { accessKeys } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { isUniqueViolation, uniqueConstraints } from '../../db/unique-violation'
import { recordAudit } from '../audit/service'

/**
 * A stored secret in plain, or null when it cannot be opened (the server's key was replaced since it was sealed):
 * the key then works nowhere, and the console offers to regenerate it rather than failing.
 */
export function openSecret(secrets: SecretBox, stored: string): string | null {
  try {
    return secrets.open(stored)
  } catch {
    return null
  }
}

/** A new key pair: the access key names the caller, the secret signs its requests (HMAC-SHA256). */
function newKeyPair() {
  return { accessKey: `AK${randomBytes(12).toString('hex').toUpperCase()}`, accessSecret: randomBytes(32).toString('base64url') }
}

/**
 * The open-API access key of the user's company (SPEC §3, §4): one per company. The secret is kept, sealed,
 * because signatures are verified with it; deleting clears it, which disables the key.
 */
export class AccessKeyService {
  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
  ) {}

  /** A new pair, with the secret sealed for storage and in plain for the one answer that shows it. */
  private newPair() {
    const pair = newKeyPair()
    return { accessKey: pair.accessKey, accessSecret: this.secrets.seal(pair.accessSecret) }
  }

  private companyId(user: CurrentUser): number {
    if (user.companyId === null) throw ApiError.forbidden()
    return user.companyId
  }

  private async current(user: CurrentUser) {
    const [row] = await this.db
      .select()
      .from(accessKeys)
      .where(eq(accessKeys.companyId, this.companyId(user)))
      .orderBy(desc(accessKeys.id))
      .limit(1)
    return row
  }

  async get(user: CurrentUser): Promise<AccessKeyResponse> {
    const row = await this.current(user)
    if (!row) return null
    return {
      accessKey: row.accessKey,
      accessSecret: row.accessSecret === null ? null : openSecret(this.secrets, row.accessSecret),
      gmtCreate: iso(row.gmtCreate),
      ipWhiteList: row.ipWhiteList,
      name: row.name,
      remark: row.remark,
    }
  }

  /** Creates the key; a deleted key (no secret) is replaced, a live one must be regenerated or deleted first. */
  async create(user: CurrentUser, req: { name: string; remark: string; ipWhiteList: string }): Promise<AccessKeyResponse> {
    const companyId = this.companyId(user)
    const existing = await this.current(user)
    if (existing?.accessSecret) throw ApiError.conflict(m.accessKeyExists)
    const values = { ...this.newPair(), name: req.name, remark: req.remark, ipWhiteList: req.ipWhiteList, userId: user.id, gmtCreate: new Date() }
    if (existing) await this.db.update(accessKeys).set(values).where(eq(accessKeys.id, existing.id))
    else {
      await this.db
        .insert(accessKeys)
        .values({ ...values, companyId })
        .catch((err: unknown) => {
          // Created a moment ago by a second tap or another session: one key per company.
          if (isUniqueViolation(err, uniqueConstraints.oneAccessKeyPerCompany)) throw ApiError.conflict(m.accessKeyExists)
          throw err
        })
    }
    await recordAudit(this.db, { action: 'access.create', targetKind: 'ACCESS_KEY', summary: req.name })
    return this.get(user)
  }

  /** PUT /access/refresh: new accessKey, accessSecret and gmtCreate; name, remark and whitelist stay. */
  async refresh(user: CurrentUser): Promise<AccessKeyResponse> {
    const existing = await this.current(user)
    if (!existing) throw ApiError.notFound(m.accessKeyMissing)
    await this.db
      .update(accessKeys)
      .set({ ...this.newPair(), gmtCreate: new Date(), userId: user.id })
      .where(eq(accessKeys.id, existing.id))
    await recordAudit(this.db, { action: 'access.refresh', targetKind: 'ACCESS_KEY', targetId: existing.id, summary: existing.name })
    return this.get(user)
  }

  /** POST /access/delete: clears the secret; requests signed with the old one are refused from now on. */
  async remove(user: CurrentUser): Promise<void> {
    const existing = await this.current(user)
    if (!existing) throw ApiError.notFound(m.accessKeyMissing)
    await this.db.update(accessKeys).set({ accessSecret: null }).where(eq(accessKeys.id, existing.id))
    await recordAudit(this.db, { action: 'access.delete', targetKind: 'ACCESS_KEY', targetId: existing.id, summary: existing.name })
  }
}
