import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, X509Certificate, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'
import forge from 'node-forge'
import { build } from 'plist'
import { apnsRequestText as t } from '../../../shared/messages/apns-request'

/**
 * The APNs push certificate's request made by the server (issue #42), so that its key never leaves it: a new RSA key
 * and a certificate signing request, downloaded from the console and taken to Apple — through an MDM vendor, or, when
 * this server has a vendor certificate of its own, as the vendor-signed request Apple's Push Certificates Portal
 * (identity.apple.com) takes. Apple's answer is a certificate without key; it finds its key by its public key.
 */
export interface PushKeyRequest {
  privateKeyPem: string
  csrPem: string
  /** SHA-256 of the public key's SubjectPublicKeyInfo (DER), hex. */
  publicKeyHash: string
}

/** SHA-256 of a public key's SubjectPublicKeyInfo (DER), hex: the same for the key, its CSR and the certificate Apple issues. */
export function publicKeyHashOf(key: KeyObject): string {
  return createHash('sha256').update(key.export({ type: 'spki', format: 'der' })).digest('hex')
}

/**
 * A new 2,048-bit RSA push key (Node makes it; forge only writes the CSR) and its CSR, signed with SHA-256. Apple
 * writes the certificate's subject itself (the topic as UID), so the CSR's subject only names the request, as
 * Keychain Access's does (common name, e-mail, country).
 */
export function newPushKeyRequest(subject: { commonName: string; email?: string; country?: string }): PushKeyRequest {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()) as forge.pki.rsa.PrivateKey
  const csr = forge.pki.createCertificationRequest()
  csr.publicKey = forge.pki.setRsaPublicKey(key.n, key.e)
  csr.setSubject([
    { name: 'commonName', value: subject.commonName },
    ...(subject.email ? [{ name: 'emailAddress', value: subject.email }] : []),
    { name: 'countryName', value: subject.country ?? 'CN' },
  ])
  csr.sign(key, forge.md.sha256.create())
  return { privateKeyPem, csrPem: forge.pki.certificationRequestToPem(csr), publicKeyHash: publicKeyHashOf(createPublicKey(privateKey)) }
}

/** A CSR's DER, from its PEM. */
export function csrDerOf(csrPem: string): Buffer {
  const body = /-----BEGIN CERTIFICATE REQUEST-----([\s\S]+?)-----END CERTIFICATE REQUEST-----/.exec(csrPem)?.[1]
  if (!body) throw new Error('not a PEM certificate request')
  return Buffer.from(body.replace(/\s+/g, ''), 'base64')
}

/**
 * The MDM vendor's identity (MDM_APNS_VENDOR_CERT_FILE, MDM_APNS_VENDOR_KEY_FILE): the "MDM CSR" certificate Apple's
 * developer portal issued to the vendor, and its key. The certificate file holds the vendor certificate first, then
 * the chain to Apple's root (Apple WWDR intermediate, Apple Inc. Root), all PEM; a single DER .cer is read too.
 */
export interface VendorIdentity {
  /** The certificates as PEM, vendor first: the request's PushCertCertificateChain. */
  chainPem: string
  key: KeyObject
}

/** Reads and checks the vendor's files; throws (at start-up) when they cannot be read or the key is not the certificate's. */
export function readVendorIdentity(certFile: string, keyFile: string): VendorIdentity {
  const raw = readFileSync(certFile)
  const text = raw.toString('utf8')
  const pems = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)
  const certificates = pems ? pems.map((pem) => new X509Certificate(pem)) : [new X509Certificate(raw)]
  const key = createPrivateKey(readFileSync(keyFile))
  if (!certificates[0].checkPrivateKey(key)) throw new Error(t.vendorKeyMismatch)
  return { chainPem: certificates.map((c) => c.toString().trim() + '\n').join(''), key }
}

/**
 * The push certificate request as Apple's Push Certificates Portal takes it from an MDM vendor (Apple's "Setting up
 * push notifications for your MDM customers", micromdm's mdmctl mdmcert): an XML property list of the customer's CSR
 * (DER, base64), the vendor's certificate chain (PEM) and the vendor's signature over the CSR's DER (RSA PKCS#1 v1.5
 * with SHA-256, base64), the whole list base64-encoded.
 */
export function vendorSignedRequest(csrPem: string, vendor: VendorIdentity): string {
  const der = csrDerOf(csrPem)
  const xml = build({
    PushCertRequestCSR: der.toString('base64'),
    PushCertCertificateChain: vendor.chainPem,
    PushCertSignature: sign('sha256', der, vendor.key).toString('base64'),
  })
  return Buffer.from(xml, 'utf8').toString('base64')
}

/**
 * An uploaded certificate (PEM text, or DER as base64), read; null when it is neither. Apple's portal gives a .pem,
 * a Mac's Keychain may export a .cer (DER).
 */
export function readUploadedCertificate(text: string): X509Certificate | null {
  try {
    if (text.includes('-----BEGIN CERTIFICATE-----')) return new X509Certificate(text)
    const der = Buffer.from(text.replace(/\s+/g, ''), 'base64')
    return der.length > 0 ? new X509Certificate(der) : null
  } catch {
    return null
  }
}

/** The configured vendor identity (config.apple), read once at start-up; null when none is configured. */
export function vendorIdentityOf(apple: { apnsVendorCertFile?: string; apnsVendorKeyFile?: string }): VendorIdentity | null {
  return apple.apnsVendorCertFile && apple.apnsVendorKeyFile ? readVendorIdentity(apple.apnsVendorCertFile, apple.apnsVendorKeyFile) : null
}
