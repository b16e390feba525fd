import { z } from 'zod'
import { certificateText as t } from '../messages/ios-detail-b'
import { apnsRequestText } from '../messages/apns-request'
import { access, binaryResponse, endpoint, noRequest } from './endpoint'
import { flexibleBoolean } from './id'

/**
 * The certificate page (/certificate, issue #14): the APNs MDM push certificate the server wakes Apple devices with
 * — what is in use, and the upload of a renewed one (a PEM pair, or a PKCS#12 with its password). Platform
 * administrator only: the certificate is the whole platform's.
 */

/** A warning shows when the certificate ends within this many days. */
export const APNS_EXPIRY_WARNING_DAYS = 30

export const apnsSourceSchema = z.enum(['FILE', 'UPLOADED', 'NONE'])

export const ApnsExpiry = z.object({
  configured: z.boolean(),
  notAfter: z.string().nullable(),
  /** Whole days until notAfter (negative once expired); null without a certificate. */
  daysLeft: z.number().nullable(),
  /** Expires within APNS_EXPIRY_WARNING_DAYS (or already has): the page's and the dashboard's warning. */
  expiringSoon: z.boolean(),
})
export type ApnsExpiry = z.infer<typeof ApnsExpiry>

export const ApnsCertificateInfo = ApnsExpiry.extend({
  source: apnsSourceSchema,
  topic: z.string().nullable(),
  subject: z.string().nullable(),
  issuer: z.string().nullable(),
  notBefore: z.string().nullable(),
  /** The topics enrolled devices were enrolled with (a new certificate must keep it, or they cannot be woken). */
  enrolledTopics: z.array(z.string()),
})
export type ApnsCertificateInfo = z.infer<typeof ApnsCertificateInfo>

const pemText = z.string().trim().min(1).max(20_000, { error: t.tooLarge })

export const ApnsUploadRequest = z.discriminatedUnion('format', [
  z.object({ format: z.literal('PEM'), certificatePem: pemText, privateKeyPem: pemText, confirmTopicChange: flexibleBoolean.optional() }),
  z.object({
    format: z.literal('P12'),
    p12Base64: z.string().min(1).max(40_000, { error: t.tooLarge }).regex(/^[A-Za-z0-9+/\s]*={0,2}\s*$/),
    password: z.string().max(256).default(''),
    confirmTopicChange: flexibleBoolean.optional(),
  }),
  /** Issue #42: Apple's answer to a request the server made — the certificate alone (PEM, or DER as base64); its key is the request's. */
  z.object({ format: z.literal('CERT'), certificate: z.string().trim().min(1, { error: apnsRequestText.badCertificate }).max(20_000, { error: t.tooLarge }), confirmTopicChange: flexibleBoolean.optional() }),
])
export type ApnsUploadRequest = z.input<typeof ApnsUploadRequest>

/** Issue #42: the push key and CSR the server made last (the key stays on the server, sealed). */
export const ApnsPushRequest = z.object({
  id: z.number(),
  createdAt: z.string(),
  /** When a certificate Apple issued for it was uploaded; null while it waits. */
  usedAt: z.string().nullable(),
})
export const ApnsPushRequestState = z.object({
  /** An MDM vendor certificate is configured: the request can be downloaded signed, ready for Apple's portal. */
  vendorConfigured: z.boolean(),
  request: ApnsPushRequest.nullable(),
})
export type ApnsPushRequestState = z.infer<typeof ApnsPushRequestState>

/** Which file of the last request: the CSR (PEM), or the vendor-signed request (base64 property list) Apple's portal takes. */
export const ApnsPushRequestFileQuery = z.object({ kind: z.enum(['CSR', 'SIGNED']) })

const admin = access.authority('certificate')

export const certificateEndpoints = {
  apns: endpoint({ base: 'main', method: 'GET', path: '/certificate/apns', access: admin, request: noRequest, response: ApnsCertificateInfo }),
  /** The expiry alone, for the dashboard's warning. */
  apnsExpiry: endpoint({ base: 'main', method: 'GET', path: '/certificate/apns/expiry', access: admin, request: noRequest, response: ApnsExpiry }),
  upload: endpoint({ base: 'main', method: 'POST', path: '/certificate/apns/upload', access: admin, request: ApnsUploadRequest, response: ApnsCertificateInfo, success: t.uploaded }),
  pushRequest: endpoint({ base: 'main', method: 'GET', path: '/certificate/apns/request', access: admin, request: noRequest, response: ApnsPushRequestState }),
  createPushRequest: endpoint({ base: 'main', method: 'POST', path: '/certificate/apns/request', access: admin, request: noRequest, response: ApnsPushRequestState, success: apnsRequestText.created }),
  pushRequestFile: endpoint({ base: 'main', method: 'GET', path: '/certificate/apns/request/file', access: admin, request: ApnsPushRequestFileQuery, response: binaryResponse, binary: true }),
}
