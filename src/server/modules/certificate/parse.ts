import { createPrivateKey, X509Certificate } from 'node:crypto'
import forge from 'node-forge'
import { certificateText as t } from '../../../shared/messages/ios-detail-b'
import { ApiError } from '../../http/errors'
import { topicOfCertificate } from '../../protocol/apple/apns'

/** An uploaded push certificate, read and checked: a PEM pair whose key is the certificate's, with a topic (UID). */
export interface PushCertificate {
  certificatePem: string
  privateKeyPem: string
  topic: string
  subject: string
  issuer: string
  notBefore: Date
  notAfter: Date
}

/** A distinguished name on one line (X509Certificate gives one attribute per line). */
export const oneLine = (dn: string) => dn.split('\n').filter(Boolean).join(', ')

/** The certificate and key of a PKCS#12 (node-forge), as PEM. Wrong password or damaged file: 400. */
export function pemFromPkcs12(der: Buffer, password: string): { certificatePem: string; privateKeyPem: string } {
  try {
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der.toString('binary')), password)
    const bag = (type: string) => p12.getBags({ bagType: type })[type] ?? []
    const key = bag(forge.pki.oids.pkcs8ShroudedKeyBag)[0]?.key ?? bag(forge.pki.oids.keyBag)[0]?.key
    const certs = bag(forge.pki.oids.certBag).map((b) => b.cert).filter((c): c is forge.pki.Certificate => !!c)
    // The push certificate is the leaf, not a CA that may travel with it.
    const cert = certs.find((c) => !(c.getExtension('basicConstraints') as { cA?: boolean } | null)?.cA) ?? certs[0]
    if (!key || !cert) throw new Error('no key or certificate')
    return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem: forge.pki.privateKeyToPem(key) }
  } catch {
    throw ApiError.badRequest(t.badP12)
  }
}

/** Reads and checks a PEM pair: readable, the key matches, in its validity period now, and carrying a push topic. */
export function readPushCertificate(certificatePem: string, privateKeyPem: string, now: Date): PushCertificate {
  let cert: X509Certificate
  try {
    cert = new X509Certificate(certificatePem)
    if (!cert.checkPrivateKey(createPrivateKey(privateKeyPem))) throw ApiError.badRequest(t.keyMismatch)
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw ApiError.badRequest(t.badPem)
  }
  const notBefore = new Date(cert.validFrom)
  const notAfter = new Date(cert.validTo)
  if (!(notBefore <= now && now < notAfter)) throw ApiError.badRequest(t.expired)
  const topic = topicOfCertificate(certificatePem)
  if (!topic) throw ApiError.badRequest(t.noTopic)
  return { certificatePem: cert.toString(), privateKeyPem, topic, subject: oneLine(cert.subject), issuer: oneLine(cert.issuer), notBefore, notAfter }
}
