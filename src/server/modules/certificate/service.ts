import { X509Certificate } from 'node:crypto'
import { and, isNull, ne } from 'drizzle-orm'
import type { z } from 'zod'
import { APNS_EXPIRY_WARNING_DAYS, ApnsUploadRequest, type ApnsCertificateInfo, type ApnsExpiry } from '../../../shared/contract/certificate'
import { apnsRequestText } from '../../../shared/messages/apns-request'
import { certificateText as t } from '../../../shared/messages/ios-detail-b'
import type { CurrentUser } from '../../auth/sessions'
import type { SecretBox } from '../../crypto/secret-box'
import type { Db } from '../../db/client'
import { apnsCertificates, appleEnrollments } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { PLACEHOLDER_TOPIC } from '../../protocol/apple/apns'
import { recordAudit } from '../audit/service'
import { oneLine, pemFromPkcs12, readPushCertificate } from './parse'
import { readUploadedCertificate, type VendorIdentity } from './push-request'
import { PushRequestService } from './push-request-service'
import type { ReloadableApns } from './reloadable-apns'

const DAY_MS = 24 * 60 * 60 * 1000

/** Days from `now` to `notAfter`, whole days rounded down (negative once expired), and whether to warn. */
export function expiryOf(notAfter: Date | null, now: Date): ApnsExpiry {
  if (!notAfter) return { configured: false, notAfter: null, daysLeft: null, expiringSoon: false }
  const daysLeft = Math.floor((notAfter.getTime() - now.getTime()) / DAY_MS)
  return { configured: true, notAfter: notAfter.toISOString(), daysLeft, expiringSoon: daysLeft <= APNS_EXPIRY_WARNING_DAYS }
}

/**
 * The certificate page (issue #14): the APNs push certificate in use and its renewal. A new certificate whose topic
 * differs from the one devices enrolled with would leave them unreachable by push (their profile names the old
 * topic), so it is refused unless the administrator confirms it.
 */
export class CertificateService {
  /** Issue #42: push keys and CSRs made on the certificate page. */
  readonly pushRequests: PushRequestService

  constructor(
    private readonly services: { db: Db; secrets: SecretBox; apns: ReloadableApns; vendor?: VendorIdentity | null },
    private readonly now: () => Date = () => new Date(),
  ) {
    this.pushRequests = new PushRequestService({ db: services.db, secrets: services.secrets, vendor: services.vendor ?? null })
  }

  /** At start-up: the newest uploaded certificate replaces the configured one; later, one another process took. */
  async loadStored(): Promise<void> {
    await this.services.apns.loadStored(this.services.db, this.services.secrets)
    await this.services.apns.fresh()
  }

  private async enrolledTopics(): Promise<string[]> {
    const rows = await this.services.db
      .selectDistinct({ topic: appleEnrollments.topic })
      .from(appleEnrollments)
      .where(and(isNull(appleEnrollments.checkedOutAt), ne(appleEnrollments.topic, ''), ne(appleEnrollments.topic, PLACEHOLDER_TOPIC)))
    return rows.map((r) => r.topic).sort()
  }

  /** GET /certificate/apns. */
  async info(): Promise<ApnsCertificateInfo> {
    await this.loadStored()
    const { apns } = this.services
    const enrolledTopics = await this.enrolledTopics()
    if (!apns.certificatePem) return { ...expiryOf(null, this.now()), source: 'NONE', topic: null, subject: null, issuer: null, notBefore: null, enrolledTopics }
    const cert = new X509Certificate(apns.certificatePem)
    return {
      ...expiryOf(new Date(cert.validTo), this.now()),
      source: apns.source,
      topic: apns.topic,
      subject: oneLine(cert.subject),
      issuer: oneLine(cert.issuer),
      notBefore: new Date(cert.validFrom).toISOString(),
      enrolledTopics,
    }
  }

  /** GET /certificate/apns/expiry: the dashboard's warning. */
  async expiry(): Promise<ApnsExpiry> {
    const { configured, notAfter, daysLeft, expiringSoon } = await this.info()
    return { configured, notAfter, daysLeft, expiringSoon }
  }

  /** POST /certificate/apns/upload: checked, stored (key sealed), and pushed with from now on. */
  async upload(user: CurrentUser, req: z.output<typeof ApnsUploadRequest>): Promise<ApnsCertificateInfo> {
    await this.loadStored()
    const { requestId, ...pair } = await this.pairOf(req)
    const cert = readPushCertificate(pair.certificatePem, pair.privateKeyPem, this.now())
    const other = (await this.enrolledTopics()).find((topic) => topic !== cert.topic)
    if (other !== undefined && req.confirmTopicChange !== true) throw ApiError.conflict(t.topicChanged(other, cert.topic))
    const [stored] = await this.services.db
      .insert(apnsCertificates)
      .values({
        certificatePem: cert.certificatePem,
        privateKeySealed: this.services.secrets.seal(cert.privateKeyPem),
        topic: cert.topic,
        notAfter: cert.notAfter,
        uploadedBy: user.id,
      })
      .returning({ id: apnsCertificates.id })
    this.services.apns.useStored(stored.id, cert.certificatePem, cert.privateKeyPem)
    if (requestId !== undefined) await this.pushRequests.markUsed(requestId, this.now())
    await recordAudit(this.services.db, {
      action: 'certificate.upload',
      targetKind: 'apnsCertificate',
      targetId: cert.topic,
      summary: `${cert.topic} ${cert.notAfter.toISOString().slice(0, 10)}`,
    })
    return this.info()
  }

  /** The certificate and key of an upload: as given, from a PKCS#12, or (Apple's answer to our request) the certificate with the request's key. */
  private async pairOf(req: z.output<typeof ApnsUploadRequest>): Promise<{ certificatePem: string; privateKeyPem: string; requestId?: number }> {
    if (req.format === 'PEM') return req
    if (req.format === 'P12') return pemFromPkcs12(Buffer.from(req.p12Base64.replace(/\s+/g, ''), 'base64'), req.password)
    const certificate = readUploadedCertificate(req.certificate)
    if (!certificate) throw ApiError.badRequest(apnsRequestText.badCertificate)
    const key = await this.pushRequests.keyOf(certificate)
    if (!key) throw ApiError.badRequest(apnsRequestText.noMatchingRequest)
    return { certificatePem: certificate.toString(), privateKeyPem: key.privateKeyPem, requestId: key.requestId }
  }
}
