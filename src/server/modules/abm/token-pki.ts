import { constants, createDecipheriv, createHash, generateKeyPair, privateDecrypt, randomBytes, X509Certificate } from 'node:crypto'
import { promisify } from 'node:util'
import * as asn1js from 'asn1js'
import forge from 'node-forge'

/**
 * The token exchange with Apple Business Manager (issue #42; nanodep's tokenpki read, not copied): the company's
 * self-signed RSA certificate is uploaded in ABM's MDM server settings, and the server token ABM then offers for
 * download (a .p7m) is an S/MIME enveloped message to that certificate's key. Its MIME text part holds the OAuth
 * credentials as JSON between -----BEGIN MESSAGE----- and -----END MESSAGE-----.
 */

/** The OAuth 1.0a credentials of a server token, as ABM writes them. */
export interface ServerToken {
  consumer_key: string
  consumer_secret: string
  access_token: string
  access_secret: string
  /** ISO 8601, as Apple writes it (2027-01-01T00:00:00Z). */
  access_token_expiry: string
}

export interface TokenKeyPair {
  certificatePem: string
  privateKeyPem: string
}

/** Why a .p7m was refused: not a token at all, a token for another key, or a token missing credentials. */
export class TokenFileError extends Error {
  constructor(readonly reason: 'damaged' | 'otherKey' | 'incomplete') {
    super(reason)
  }
}

/** ABM only encrypts to it; it is never checked for validity, so it may outlive a few renewals of the token. */
const CERTIFICATE_YEARS = 10

/** A new 2048-bit RSA key and its self-signed certificate (key encipherment), as nanodep's SelfSignedRSAKeypair. */
export async function createTokenExchangeCertificate(commonName: string, now = new Date()): Promise<TokenKeyPair> {
  // The key is made by node (OpenSSL, off the event loop: the prime search can take a second); node-forge, which
  // would take many seconds in JavaScript, only signs.
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })
  const privateKeyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
  const key = forge.pki.privateKeyFromPem(privateKeyPem)
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e)
  // A positive random serial: a recipient is found by issuer and serial, so each certificate's must differ.
  cert.serialNumber = '01' + randomBytes(15).toString('hex')
  cert.validity.notBefore = new Date(now.getTime() - 10 * 60_000)
  cert.validity.notAfter = new Date(now.getTime() + CERTIFICATE_YEARS * 365 * 24 * 3600_000)
  const name = [{ name: 'commonName', value: commonName }]
  cert.setSubject(name)
  cert.setIssuer(name)
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'subjectKeyIdentifier' },
  ])
  cert.sign(key, forge.md.sha256.create())
  return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem }
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the .p7m
// ---------------------------------------------------------------------------------------------------------------

const OID = {
  envelopedData: '1.2.840.113549.1.7.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  rsaOaep: '1.2.840.113549.1.1.7',
} as const

/** Content-encryption algorithms a CMS envelope may name, as OpenSSL cipher names. */
const CONTENT_CIPHERS: Record<string, string> = {
  '2.16.840.1.101.3.4.1.2': 'aes-128-cbc',
  '2.16.840.1.101.3.4.1.22': 'aes-192-cbc',
  '2.16.840.1.101.3.4.1.42': 'aes-256-cbc',
  '1.2.840.113549.3.7': 'des-ede3-cbc',
}

type Block = asn1js.AsnType & { idBlock: { tagClass: number; tagNumber: number; isConstructed: boolean }; valueBlock: { value?: Block[]; valueHexView?: Uint8Array } }

const damaged = () => new TokenFileError('damaged')

function children(b: Block | undefined): Block[] {
  const value = b?.valueBlock.value
  if (!Array.isArray(value)) throw damaged()
  return value
}

const isContext = (b: Block, n: number) => b.idBlock.tagClass === 3 && b.idBlock.tagNumber === n
const oidOf = (b: Block | undefined) => (b instanceof asn1js.ObjectIdentifier ? b.valueBlock.toString() : '')

/** An OCTET STRING's bytes, primitive or (BER, as a streamed encryption writes it) constructed of chunks. */
function octets(b: Block): Buffer {
  if (b.idBlock.isConstructed) return Buffer.concat(children(b).map(octets))
  const view = b.valueBlock.valueHexView
  if (!view) throw damaged()
  return Buffer.from(view)
}

/** The body of the file ABM serves: MIME headers, a blank line, base64 of the CMS (a bare base64 body is taken too). */
export function unwrapSmime(text: string): Buffer {
  const normalized = text.replace(/\r\n?/g, '\n').trim()
  const blank = normalized.indexOf('\n\n')
  const hasHeaders = /^[A-Za-z-]+:/.test(normalized) && blank > 0
  const body = (hasHeaders ? normalized.slice(blank + 2) : normalized).replace(/\s+/g, '')
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw damaged()
  return Buffer.from(body, 'base64')
}

interface Recipient {
  serialHex: string | null
  keyId: string | null
  algorithm: string
  encryptedKey: Buffer
}

interface Envelope {
  recipients: Recipient[]
  cipher: string
  iv: Buffer
  encrypted: Buffer
}

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').replace(/^(00)+(?=.)/, '').toUpperCase()

/** ContentInfo { envelopedData, [0] EnvelopedData }, in BER (indefinite lengths and chunked strings allowed). */
function readEnvelope(der: Buffer): Envelope {
  const parsed = asn1js.fromBER(new Uint8Array(der))
  if (parsed.offset === -1) throw damaged()
  const [type, explicit] = children(parsed.result as Block)
  if (oidOf(type) !== OID.envelopedData || !explicit || !isContext(explicit, 0)) throw damaged()
  const fields = children(children(explicit)[0])
  // version, [0] originatorInfo OPTIONAL, recipientInfos SET, encryptedContentInfo, [1] unprotectedAttrs OPTIONAL
  const rest = fields.slice(1).filter((f) => !isContext(f, 0))
  const [recipientSet, contentInfo] = rest
  const recipients = children(recipientSet).flatMap((ri): Recipient[] => {
    // Only KeyTransRecipientInfo (a SEQUENCE); key agreement and the others are not what ABM sends.
    if (!(ri instanceof asn1js.Sequence)) return []
    const [, rid, algorithm, encryptedKey] = children(ri as Block)
    if (!rid || !algorithm || !encryptedKey) throw damaged()
    const serial = rid instanceof asn1js.Sequence ? children(rid as Block)[1] : undefined
    return [
      {
        serialHex: serial ? hexOf(serial.valueBlock.valueHexView ?? new Uint8Array()) : null,
        keyId: isContext(rid, 0) ? octets(rid).toString('hex').toUpperCase() : null,
        algorithm: oidOf(children(algorithm)[0]),
        encryptedKey: octets(encryptedKey),
      },
    ]
  })
  const [, algorithm, encrypted] = children(contentInfo)
  const [cipherOid, params] = children(algorithm)
  const cipher = CONTENT_CIPHERS[oidOf(cipherOid)]
  if (!cipher || !params || !encrypted || !isContext(encrypted, 0)) throw damaged()
  return { recipients, cipher, iv: octets(params), encrypted: octets(encrypted) }
}

function subjectKeyId(cert: X509Certificate): string | null {
  const fc = forge.pki.certificateFromPem(cert.toString())
  const ext = fc.getExtension('subjectKeyIdentifier') as { subjectKeyIdentifier?: string } | null
  return ext?.subjectKeyIdentifier ? ext.subjectKeyIdentifier.toUpperCase() : null
}

/**
 * The content-encryption key. PKCS#1 v1.5 (what ABM and `openssl smime` use) is decrypted with node-forge: Node 20
 * refuses that padding for private decryption (CVE-2023-46809). A padding failure is not reported as such: a key of
 * the content's length derived from the private key and the ciphertext is used instead (implicit rejection), so that
 * an answer never tells whether the padding was right (Bleichenbacher) — the content then fails to decrypt like any
 * damaged file.
 */
function contentKey(recipient: Recipient, privateKeyPem: string, keyBytes: number): Buffer {
  if (recipient.algorithm === OID.rsaOaep) {
    try {
      return privateDecrypt({ key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING }, recipient.encryptedKey)
    } catch {
      throw damaged()
    }
  }
  if (recipient.algorithm !== OID.rsaEncryption) throw damaged()
  try {
    const key = forge.pki.privateKeyFromPem(privateKeyPem)
    const plain = Buffer.from(key.decrypt(recipient.encryptedKey.toString('binary'), 'RSAES-PKCS1-V1_5'), 'binary')
    if (plain.length === keyBytes) return plain
  } catch {
    // implicit rejection below
  }
  return createHash('sha256').update(privateKeyPem).update(recipient.encryptedKey).digest().subarray(0, keyBytes)
}

const KEY_BYTES: Record<string, number> = { 'aes-128-cbc': 16, 'aes-192-cbc': 24, 'aes-256-cbc': 32, 'des-ede3-cbc': 24 }

/** The decrypted MIME text part: its -----BEGIN MESSAGE----- JSON. */
function tokenFromText(text: string): ServerToken {
  const match = /-----BEGIN MESSAGE-----([\s\S]*?)-----END MESSAGE-----/.exec(text)
  if (!match) throw damaged()
  let json: unknown
  try {
    json = JSON.parse(match[1].trim())
  } catch {
    throw damaged()
  }
  const t = json as Partial<Record<keyof ServerToken, unknown>>
  const fields = ['consumer_key', 'consumer_secret', 'access_token', 'access_secret'] as const
  if (!fields.every((f) => typeof t[f] === 'string' && t[f] !== '')) throw new TokenFileError('incomplete')
  const expiry = typeof t.access_token_expiry === 'string' ? t.access_token_expiry : ''
  if (!expiry || Number.isNaN(Date.parse(expiry))) throw new TokenFileError('incomplete')
  return {
    consumer_key: t.consumer_key as string,
    consumer_secret: t.consumer_secret as string,
    access_token: t.access_token as string,
    access_secret: t.access_secret as string,
    access_token_expiry: expiry,
  }
}

/**
 * Decrypts a server token (.p7m text) with whichever of `keys` it was made for (the recipient's issuer serial or key
 * identifier names it). Throws TokenFileError: `otherKey` when no recipient is one of `keys`, `damaged` when it is not
 * an enveloped message or does not decrypt, `incomplete` when the message lacks credentials.
 */
export function decryptServerToken(p7mText: string, keys: TokenKeyPair[]): { token: ServerToken; key: TokenKeyPair } {
  let envelope: Envelope
  try {
    envelope = readEnvelope(unwrapSmime(p7mText))
  } catch (error) {
    if (error instanceof TokenFileError) throw error
    throw damaged()
  }
  for (const pair of keys) {
    const cert = new X509Certificate(pair.certificatePem)
    const serial = cert.serialNumber.replace(/^(00)+(?=.)/, '').toUpperCase()
    const keyId = subjectKeyId(cert)
    const recipient = envelope.recipients.find((r) => r.serialHex === serial || (keyId !== null && r.keyId === keyId))
    if (!recipient) continue
    const key = contentKey(recipient, pair.privateKeyPem, KEY_BYTES[envelope.cipher])
    let text: string
    try {
      const decipher = createDecipheriv(envelope.cipher, key, envelope.iv)
      text = Buffer.concat([decipher.update(envelope.encrypted), decipher.final()]).toString('utf8')
    } catch {
      throw damaged()
    }
    return { token: tokenFromText(text), key: pair }
  }
  throw new TokenFileError('otherKey')
}
