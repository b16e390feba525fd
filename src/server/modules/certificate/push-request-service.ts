import type { X509Certificate } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { ApnsPushRequestState } from '../../../shared/contract/certificate'
import type { FileAnswer } from '../../../shared/contract/endpoint'
import { apnsRequestText as t } from '../../../shared/messages/apns-request'
import type { CurrentUser } from '../../auth/sessions'
import type { SecretBox } from '../../crypto/secret-box'
import type { Db } from '../../db/client'
import { apnsCertificateRequests } from '../../db/schema-abm'
import { ApiError } from '../../http/errors'
import { recordAudit } from '../audit/service'
import { newPushKeyRequest, publicKeyHashOf, vendorSignedRequest, type VendorIdentity } from './push-request'

/** The CSR's subject names the request only (Apple writes the certificate's subject itself). */
const CSR_SUBJECT = { commonName: 'MDM Push Certificate Request', country: 'CN' }

/**
 * The push certificate's requests (issue #42): the server makes the key (sealed in apns_certificate_requests) and the
 * CSR; the console downloads the CSR, or the vendor-signed request when an MDM vendor certificate is configured; the
 * certificate Apple answers with finds its key here by its public key. Platform-wide, as the certificate is.
 */
export class PushRequestService {
  constructor(private readonly deps: { db: Db; secrets: SecretBox; vendor: VendorIdentity | null }) {}

  private async latest() {
    const [row] = await this.deps.db.select().from(apnsCertificateRequests).orderBy(desc(apnsCertificateRequests.id)).limit(1)
    return row ?? null
  }

  /** GET /certificate/apns/request: the last request, and whether it can be downloaded vendor-signed. */
  async state(): Promise<ApnsPushRequestState> {
    const row = await this.latest()
    return {
      vendorConfigured: this.deps.vendor !== null,
      request: row ? { id: row.id, createdAt: row.createdAt.toISOString(), usedAt: row.usedAt?.toISOString() ?? null } : null,
    }
  }

  /** POST /certificate/apns/request: a new key and CSR. Older requests keep their keys: Apple may still answer one. */
  async create(user: CurrentUser): Promise<ApnsPushRequestState> {
    const made = newPushKeyRequest(CSR_SUBJECT)
    const [row] = await this.deps.db
      .insert(apnsCertificateRequests)
      .values({ privateKeySealed: this.deps.secrets.seal(made.privateKeyPem), csrPem: made.csrPem, publicKeyHash: made.publicKeyHash, createdBy: user.id })
      .returning({ id: apnsCertificateRequests.id })
    await recordAudit(this.deps.db, { action: 'certificate.request', targetKind: 'apnsCertificateRequest', targetId: String(row.id), summary: made.publicKeyHash.slice(0, 16) })
    return this.state()
  }

  /** GET /certificate/apns/request/file: the last request's CSR, or its vendor-signed form. */
  async file(kind: 'CSR' | 'SIGNED'): Promise<FileAnswer> {
    const row = await this.latest()
    if (!row) throw ApiError.notFound(t.noRequest)
    if (kind === 'CSR') return { bytes: new TextEncoder().encode(row.csrPem), fileName: t.csrFileName, contentType: 'application/pkcs10' }
    if (!this.deps.vendor) throw ApiError.badRequest(t.notSigned)
    return { bytes: new TextEncoder().encode(vendorSignedRequest(row.csrPem, this.deps.vendor)), fileName: t.signedFileName, contentType: 'application/octet-stream' }
  }

  /** The stored key of the request `certificate` was issued for (by its public key), or null. */
  async keyOf(certificate: X509Certificate): Promise<{ requestId: number; privateKeyPem: string } | null> {
    const hash = publicKeyHashOf(certificate.publicKey)
    const [row] = await this.deps.db.select().from(apnsCertificateRequests).where(eq(apnsCertificateRequests.publicKeyHash, hash))
    return row ? { requestId: row.id, privateKeyPem: this.deps.secrets.open(row.privateKeySealed) } : null
  }

  /** The request's certificate was taken into use. */
  async markUsed(requestId: number, at: Date): Promise<void> {
    await this.deps.db.update(apnsCertificateRequests).set({ usedAt: at }).where(eq(apnsCertificateRequests.id, requestId))
  }
}
