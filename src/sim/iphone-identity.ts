import forge from 'node-forge'
import { parse } from 'plist'

/**
 * The simulated iPhone's identity (src/sim/iphone.ts): the one its enrollment profile carries as a PKCS#12 payload, and
 * the Mdm-Signature (CMS, detached) it signs every message with. node-forge reads the PKCS#12 and signs.
 */
type Dict = Record<string, unknown>

export interface PayloadIdentity {
  certificate: forge.pki.Certificate
  key: forge.pki.PrivateKey
  certificates: forge.pki.Certificate[]
}

/** The identity inside a profile's com.apple.security.pkcs12 payload, opened with its password. */
export function identityFromProfile(profile: string): { identity: PayloadIdentity; mdm: Dict } {
  const root = parse(profile) as Dict
  const payloads = (root.PayloadContent as Dict[]) ?? []
  const mdm = payloads.find((p) => p.PayloadType === 'com.apple.mdm')
  if (!mdm) throw new Error('profile has no com.apple.mdm payload')
  const pkcs = payloads.find((p) => p.PayloadType === 'com.apple.security.pkcs12' && p.PayloadUUID === mdm.IdentityCertificateUUID)
  if (!pkcs) throw new Error('profile has no identity payload for IdentityCertificateUUID')
  return { identity: openPkcs12(Buffer.from(pkcs.PayloadContent as Uint8Array), String(pkcs.Password)), mdm }
}

export function openPkcs12(der: Buffer, password: string): PayloadIdentity {
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der.toString('binary')), password)
  const keyBags = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []
  const certBags = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []
  const key = keyBags[0]?.key
  const certificates = certBags.map((b) => b.cert).filter((c): c is forge.pki.Certificate => !!c)
  const certificate = certificates.find((c) => !(c.getExtension('basicConstraints') as { cA?: boolean } | null)?.cA)
  if (!key || !certificate) throw new Error('PKCS#12 without key or certificate')
  return { certificate, key, certificates }
}

/**
 * CMS SignedData (DER) over `content`, signed with SHA-256 by `signer` (content type, digest and signing time as
 * signed attributes), the signer's certificate and `chain` among the certificates; `detached` leaves the content out.
 */
export function cmsSignedData(content: string, signer: Pick<PayloadIdentity, 'certificate' | 'key'>, o: { chain?: forge.pki.Certificate[]; detached?: boolean } = {}): Buffer {
  const p7 = forge.pkcs7.createSignedData()
  p7.content = forge.util.createBuffer(content, 'utf8')
  for (const cert of [signer.certificate, ...(o.chain ?? [])]) p7.addCertificate(cert)
  p7.addSigner({
    key: signer.key as forge.pki.rsa.PrivateKey,
    certificate: signer.certificate,
    digestAlgorithm: forge.pki.oids.sha256,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest },
      { type: forge.pki.oids.signingTime, value: new Date() as unknown as string },
    ],
  })
  p7.sign({ detached: o.detached ?? false })
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary')
}

/** Mdm-Signature: base64 of a CMS SignedData over the body, detached, signed with the identity. */
export function mdmSignature(identity: Pick<PayloadIdentity, 'certificate' | 'key'>, body: string): string {
  return cmsSignedData(body, identity, { detached: true }).toString('base64')
}
