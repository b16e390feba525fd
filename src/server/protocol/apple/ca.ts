import { createHash, generateKeyPairSync, randomBytes, randomUUID, X509Certificate } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import forge from 'node-forge'
import { appleMdmText } from '../../../shared/messages/apple'
import { Lru } from '../../cache/lru'
import { log } from '../../log'

/**
 * The server's own certificate authority. It issues the identity certificate every enrollment profile carries; a
 * check-in or command message is accepted only with a certificate it issued (and bound to the device). The CA's
 * key never leaves the server: it is kept in files beside the secret key, outside the database folder.
 *
 * node-forge builds the certificates and the PKCS#12; Node's own X509Certificate checks who issued a certificate.
 */
export interface DeviceIdentity {
  /** SHA-256 of the certificate's DER, lower-case hex: how the database names an identity. */
  fingerprint: string
  certificatePem: string
  /** PKCS#12 (3DES, SHA-1 MAC: what iOS reads) holding the key, the certificate and the CA, sealed with `password`. */
  pkcs12: Buffer
  password: string
}

export interface CertificateAuthority {
  certificatePem: string
  /** A new identity certificate and key for one profile download. */
  issueIdentity(commonName: string): DeviceIdentity
  /** The certificate (PEM or DER) when this CA issued it and it is in its validity period, else null. */
  verifyIssued(certificate: string | Buffer, now?: Date): X509Certificate | null
}

const CA_YEARS = 20
const IDENTITY_YEARS = 10

const fingerprints = new WeakMap<X509Certificate, string>()

export function fingerprintOf(cert: X509Certificate): string {
  let fingerprint = fingerprints.get(cert)
  if (fingerprint === undefined) fingerprints.set(cert, (fingerprint = createHash('sha256').update(cert.raw).digest('hex')))
  return fingerprint
}

/**
 * How many device identities a CA remembers having verified (issue #16: every MDM message names its identity, and
 * parsing and verifying it cost ~2 ms of a check-in's ~6 ms of server CPU at 1,000 iPhones). A fleet larger than this
 * verifies the oldest again; beyond it the oldest is forgotten first.
 */
export const VERIFIED_IDENTITIES_KEPT = 20_000

function rsaKeyPair(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  // Node generates the key (native, fast); forge only reads it.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()) as forge.pki.rsa.PrivateKey
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) }
}

/**
 * A positive 16-byte serial whose DER encoding is minimal: the leading byte 0x01-0x7f (top bit clear, never zero).
 * forge drops one leading zero byte when it writes an INTEGER, not two: a serial starting 00 00 and then a byte under
 * 0x80 stayed padded, which OpenSSL refuses (ERR_OSSL_ASN1_ILLEGAL_PADDING). About one identity in 65,536 could not be
 * read back, and its profile download answered 500 (seen once in the test suite).
 */
export function serialNumber(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(16)
  bytes[0] = 1 + (bytes[0] % 0x7f)
  return bytes.toString('hex')
}

/**
 * A certificate of `publicKey` with a fresh serial, valid from an hour ago (a device's clock may be behind) for
 * `years`, signed with SHA-256 by `signingKey`: the CA's own (self-signed) and each device identity.
 */
function signedCertificate(o: {
  publicKey: forge.pki.rsa.PublicKey
  years: number
  subject: forge.pki.CertificateField[]
  issuer: forge.pki.CertificateField[]
  extensions: object[]
  signingKey: forge.pki.rsa.PrivateKey
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate()
  cert.publicKey = o.publicKey
  cert.serialNumber = serialNumber()
  cert.validity.notBefore = new Date(Date.now() - 3600_000)
  cert.validity.notAfter = new Date(Date.now() + o.years * 365 * 86400_000)
  cert.setSubject(o.subject)
  cert.setIssuer(o.issuer)
  cert.setExtensions(o.extensions)
  cert.sign(o.signingKey, forge.md.sha256.create())
  return cert
}

function createCa(): { certPem: string; keyPem: string } {
  const keys = rsaKeyPair()
  const subject = [
    { name: 'commonName', value: `MDM Device CA ${randomUUID().slice(0, 8)}` },
    { name: 'organizationName', value: 'MDM Console' },
  ]
  const cert = signedCertificate({
    publicKey: keys.publicKey,
    years: CA_YEARS,
    subject,
    issuer: subject,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ],
    signingKey: keys.privateKey,
  })
  return { certPem: forge.pki.certificateToPem(cert), keyPem: forge.pki.privateKeyToPem(keys.privateKey) }
}

/** `keepVerified`: how many verified identities it remembers (VERIFIED_IDENTITIES_KEPT; tests set a small number). */
export function certificateAuthority(certPem: string, keyPem: string, keepVerified = VERIFIED_IDENTITIES_KEPT): CertificateAuthority {
  const caCert = forge.pki.certificateFromPem(certPem)
  const caKey = forge.pki.privateKeyFromPem(keyPem)
  const caX509 = new X509Certificate(certPem)
  // Identities this CA issued, by their PEM (or DER as base64): whether a certificate was issued by this CA and is no
  // CA itself depends on its bytes alone, so it is checked once; the validity period is checked on every use.
  const verified = new Lru<string, { cert: X509Certificate; from: Date; to: Date }>(keepVerified)
  return {
    certificatePem: certPem,
    issueIdentity(commonName) {
      const keys = rsaKeyPair()
      const cert = signedCertificate({
        publicKey: keys.publicKey,
        years: IDENTITY_YEARS,
        subject: [{ name: 'commonName', value: commonName }],
        issuer: caCert.subject.attributes,
        extensions: [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
          { name: 'extKeyUsage', clientAuth: true },
        ],
        signingKey: caKey,
      })
      const password = randomBytes(18).toString('base64url')
      const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert, caCert], password, { algorithm: '3des', friendlyName: commonName })
      const pem = forge.pki.certificateToPem(cert)
      return {
        fingerprint: fingerprintOf(new X509Certificate(pem)),
        certificatePem: pem,
        pkcs12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'),
        password,
      }
    },
    verifyIssued(certificate, now = new Date()) {
      const key = typeof certificate === 'string' ? certificate : certificate.toString('base64')
      let known = verified.get(key)
      if (!known) {
        let cert: X509Certificate
        try {
          cert = new X509Certificate(certificate)
        } catch {
          return null
        }
        // A device identity, never a CA certificate (the CA's own included).
        if (cert.ca || !cert.checkIssued(caX509) || !cert.verify(caX509.publicKey)) return null
        verified.set(key, (known = { cert, from: new Date(cert.validFrom), to: new Date(cert.validTo) }))
      }
      if (now < known.from || now > known.to) return null
      return known.cert
    },
  }
}

/** A CA of this process only (tests, in-memory databases): its certificates die with it, like the data. */
export function ephemeralCa(keepVerified?: number): CertificateAuthority {
  const { certPem, keyPem } = createCa()
  return certificateAuthority(certPem, keyPem, keepVerified)
}

/**
 * The CA kept in `dir` (ca.pem, ca.key, mode 600), created on first start. Losing it means every enrolled device
 * must enroll again: back it up with the secret key.
 */
export function loadOrCreateCa(dir: string): CertificateAuthority {
  const certFile = path.join(dir, 'ca.pem')
  const keyFile = path.join(dir, 'ca.key')
  if (existsSync(certFile) && existsSync(keyFile)) return certificateAuthority(readFileSync(certFile, 'utf8'), readFileSync(keyFile, 'utf8'))
  const { certPem, keyPem } = createCa()
  mkdirSync(dir, { recursive: true })
  try {
    writeFileSync(keyFile, keyPem, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // Another instance is creating it at this moment: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateCa(dir)
    throw error
  }
  writeFileSync(certFile, certPem, { mode: 0o600 })
  chmodSync(keyFile, 0o600)
  log.warn(appleMdmText.caCreated(dir))
  return certificateAuthority(certPem, keyPem)
}
