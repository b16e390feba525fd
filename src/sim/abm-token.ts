import { constants, createCipheriv, publicEncrypt, randomBytes, X509Certificate } from 'node:crypto'

/**
 * The server token file ABM's "Download Token" gives (a .p7m): MIME headers, then base64 of a CMS EnvelopedData
 * (RFC 5652) encrypted to the MDM server's token-exchange certificate: the content key by RSA (PKCS #1 v1.5 key
 * transport), the content by AES-256-CBC. Apple's files are BER with indefinite lengths (streamed, as
 * `openssl smime -encrypt -aes256 -stream` writes them), so a reader that only takes DER fails on real tokens; this
 * one is made the same way. The decrypted content is itself a small MIME part whose text holds the OAuth credentials
 * between -----BEGIN MESSAGE----- and -----END MESSAGE-----.
 */

export interface ServerTokenJson {
  consumer_key: string
  consumer_secret: string
  access_token: string
  access_secret: string
  access_token_expiry: string
}

// Object identifiers, DER content bytes.
const oidEnvelopedData = Buffer.from('2a864886f70d010703', 'hex') // 1.2.840.113549.1.7.3
const oidData = Buffer.from('2a864886f70d010701', 'hex') // 1.2.840.113549.1.7.1
const oidRsaEncryption = Buffer.from('2a864886f70d010101', 'hex') // 1.2.840.113549.1.1.1
const oidAes256Cbc = Buffer.from('60864801650304012a', 'hex') // 2.16.840.1.101.3.4.1.42

function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n])
  const bytes: number[] = []
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff)
  return Buffer.from([0x80 | bytes.length, ...bytes])
}

/** A definite-length element. */
function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content)
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body])
}

/** A constructed element with indefinite length (0x80 … end-of-contents 00 00), as streamed BER writes it. */
function indefinite(tag: number, ...content: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from([tag, 0x80]), ...content, Buffer.from([0, 0])])
}

/** The elements inside one DER element (tbsCertificate's fields): each child's whole encoding. */
function derChildren(element: Buffer): Buffer[] {
  const [headerLength, length] = readHeader(element, 0)
  const children: Buffer[] = []
  for (let at = headerLength; at < headerLength + length; ) {
    const [h, l] = readHeader(element, at)
    children.push(element.subarray(at, at + h + l))
    at += h + l
  }
  return children
}

function readHeader(buf: Buffer, at: number): [headerLength: number, length: number] {
  const first = buf[at + 1]
  if (first < 0x80) return [2, first]
  const count = first & 0x7f
  let length = 0
  for (let i = 0; i < count; i += 1) length = length * 256 + buf[at + 2 + i]
  return [2 + count, length]
}

/** The recipient's IssuerAndSerialNumber, from the certificate's own bytes (re-encoding a name can change it). */
function issuerAndSerial(cert: X509Certificate): Buffer {
  const tbs = derChildren(cert.raw)[0]
  const fields = derChildren(tbs)
  const offset = fields[0][0] === 0xa0 ? 1 : 0 // [0] version is present in v3 certificates
  return tlv(0x30, fields[offset + 2], fields[offset])
}

/** The decrypted content of a token file: a MIME text part around the JSON (what Apple's files hold). */
export function serverTokenText(token: ServerTokenJson): string {
  return [
    'Content-Type: text/plain;charset=UTF8',
    'Content-Transfer-Encoding: 7bit',
    '',
    `-----BEGIN MESSAGE-----${JSON.stringify(token)}-----END MESSAGE-----`,
    '',
  ].join('\r\n')
}

/** CMS EnvelopedData of `content` for `certPem`'s RSA key, BER with indefinite lengths. */
export function envelopeFor(certPem: string, content: Buffer): Buffer {
  const cert = new X509Certificate(certPem)
  const key = randomBytes(32)
  const iv = randomBytes(16)
  const cipher = createCipheriv('aes-256-cbc', key, iv)
  const encrypted = Buffer.concat([cipher.update(content), cipher.final()])
  const encryptedKey = publicEncrypt({ key: cert.publicKey, padding: constants.RSA_PKCS1_PADDING }, key)
  const recipientInfo = tlv(
    0x30,
    tlv(0x02, Buffer.from([0])),
    issuerAndSerial(cert),
    tlv(0x30, tlv(0x06, oidRsaEncryption), tlv(0x05)),
    tlv(0x04, encryptedKey),
  )
  // The encrypted content streamed as a constructed [0] of OCTET STRING pieces, as streaming encoders write it.
  const pieces: Buffer[] = []
  for (let at = 0; at < encrypted.length; at += 1024) pieces.push(tlv(0x04, encrypted.subarray(at, at + 1024)))
  const encryptedContentInfo = indefinite(
    0x30,
    tlv(0x06, oidData),
    tlv(0x30, tlv(0x06, oidAes256Cbc), tlv(0x04, iv)),
    indefinite(0xa0, ...pieces),
  )
  const envelopedData = indefinite(0x30, tlv(0x02, Buffer.from([0])), tlv(0x31, recipientInfo), encryptedContentInfo)
  return indefinite(0x30, tlv(0x06, oidEnvelopedData), indefinite(0xa0, envelopedData))
}

/** The whole .p7m file's text, as ABM serves it. */
export function serverTokenFile(certPem: string, token: ServerTokenJson): string {
  const der = envelopeFor(certPem, Buffer.from(serverTokenText(token), 'utf8'))
  const base64 = der.toString('base64').replace(/.{1,76}/g, '$&\r\n')
  return [
    'Content-Type: application/pkcs7-mime; name="smime.p7m"; smime-type=enveloped-data',
    'Content-Transfer-Encoding: base64',
    'Content-Disposition: attachment; filename="smime.p7m"',
    'Content-Description: S/MIME Encrypted Message',
    '',
    base64,
  ].join('\r\n')
}
