import { generateKeyPairSync, randomUUID } from 'node:crypto'
import forge from 'node-forge'

const UID = '0.9.2342.19200300.100.1.1'

/**
 * A push certificate as Apple issues one (subject UID = the topic), signed by a test CA, with its key; or, given a
 * CSR (`csrPem`, issue #42), for the CSR's public key, as Apple's portal answers a request (no key then).
 */
export function pushCertificate(options: { topic?: string; days?: number; csrPem?: string } = {}) {
  const topic = options.topic ?? `com.apple.mgmt.External.${randomUUID()}`
  const own = options.csrPem
    ? { publicKey: forge.pki.publicKeyToPem(forge.pki.certificationRequestFromPem(options.csrPem).publicKey!), privateKey: '' }
    : generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
  const { publicKey, privateKey } = own
  const ca = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey)
  cert.serialNumber = '0' + randomUUID().replace(/-/g, '').slice(0, 15)
  cert.validity.notBefore = new Date(Date.now() - 60_000)
  cert.validity.notAfter = new Date(Date.now() + (options.days ?? 365) * 24 * 3600_000)
  cert.setSubject([{ type: UID, value: topic }, { name: 'commonName', value: `APSP:${topic}` }, { name: 'countryName', value: 'CN' }])
  cert.setIssuer([{ name: 'commonName', value: 'Test Apple Application Integration 2 CA' }, { name: 'countryName', value: 'US' }])
  cert.sign(forge.pki.privateKeyFromPem(ca.privateKey), forge.md.sha256.create())
  return { topic, certificatePem: forge.pki.certificateToPem(cert), privateKeyPem: privateKey, forgeCert: cert }
}

export type PushCertificatePair = ReturnType<typeof pushCertificate>

/** The pair as a PKCS#12 (3DES, as a Mac's Keychain exports it), its ASN.1 before encoding (`edit`), in base64. */
export function p12Of(pair: PushCertificatePair, password: string, options: { count?: number; useMac?: boolean; edit?: (p12: forge.asn1.Asn1) => void } = {}): string {
  const asn1 = forge.pkcs12.toPkcs12Asn1(forge.pki.privateKeyFromPem(pair.privateKeyPem), [pair.forgeCert], password, {
    algorithm: '3des',
    ...(options.count ? { count: options.count } : {}),
    ...(options.useMac === false ? { useMac: false } : {}),
  })
  options.edit?.(asn1)
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary').toString('base64')
}
