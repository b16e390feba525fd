import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { X509Certificate } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { serverTokenFile, serverTokenText } from '../../../sim/abm-token'
import { createTokenExchangeCertificate, decryptServerToken, TokenFileError } from './token-pki'

const token = {
  consumer_key: 'CK_48dd68d198350f51258e885ce9a5c37ab7f98543c4a697323d75682a6c10a32501cb247e3db08105db868f73f2c972bdb6ae77112aea803b9219eb52689d42e6',
  consumer_secret: 'CS_34c7b2b531a600d99a0e4edcf4a78135d16e6a7d',
  access_token: 'AT_927696831c59ba510cfe4ec1a69e5267c19881257d4bca2906a99d0785b785a6f6fdeb09774954fdd5e2d0ad952e3af52c6d8d2f21c924ba0caf4a031c158b89',
  access_secret: 'AS_c31afd7a09691d83548489336e8ff1cb11b82b6b',
  access_token_expiry: '2027-11-28T09:00:00Z',
}

const [pair, other] = await Promise.all([createTokenExchangeCertificate('mdm-abm-test'), createTokenExchangeCertificate('mdm-abm-other')])
const dir = mkdtempSync(path.join(tmpdir(), 'abm-token-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const reason = (fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    return e instanceof TokenFileError ? e.reason : `other: ${String(e)}`
  }
  return 'accepted'
}

describe('token-exchange certificate and server token', () => {

  it('makes a self-signed RSA 2048 certificate for key encipherment', () => {
    const cert = new X509Certificate(pair.certificatePem)
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048)
    expect(cert.subject).toBe('CN=mdm-abm-test')
    expect(cert.verify(cert.publicKey)).toBe(true)
    expect(cert.serialNumber).not.toBe(new X509Certificate(other.certificatePem).serialNumber)
  })

  it('decrypts a token made by OpenSSL as ABM makes it (S/MIME, AES-256-CBC, streamed BER)', () => {
    writeFileSync(path.join(dir, 'cert.pem'), pair.certificatePem)
    writeFileSync(path.join(dir, 'token.txt'), serverTokenText(token))
    const p7m = execFileSync('openssl', ['smime', '-encrypt', '-aes256', '-stream', '-in', path.join(dir, 'token.txt'), path.join(dir, 'cert.pem')]).toString()
    expect(p7m).toMatch(/^MIME-Version|^Content-Type/m)
    // Indefinite lengths: the base64 starts with SEQUENCE 0x30 0x80.
    const body = p7m.split(/\r?\n\r?\n/)[1].replace(/\s+/g, '')
    expect(Buffer.from(body, 'base64').subarray(0, 2)).toEqual(Buffer.from([0x30, 0x80]))
    expect(decryptServerToken(p7m, [other, pair])).toEqual({ token, key: pair })
  })

  it('decrypts the simulated ABM token file, with the current or the previous key', () => {
    expect(decryptServerToken(serverTokenFile(pair.certificatePem, token), [pair]).token).toEqual(token)
    expect(decryptServerToken(serverTokenFile(other.certificatePem, token), [pair, other]).key).toBe(other)
  })

  it('refuses another key, a damaged file and a token without credentials', () => {
    const file = serverTokenFile(other.certificatePem, token)
    expect(reason(() => decryptServerToken(file, [pair]))).toBe('otherKey')
    expect(reason(() => decryptServerToken('hello', [pair]))).toBe('damaged')
    expect(reason(() => decryptServerToken('', [pair]))).toBe('damaged')
    const good = serverTokenFile(pair.certificatePem, token)
    const [headers, body] = good.split('\r\n\r\n')
    expect(reason(() => decryptServerToken(`${headers}\r\n\r\n${body.slice(0, body.length / 2)}`, [pair]))).toBe('damaged')
    // A changed byte in the encrypted content: it decrypts to garbage or fails its padding.
    const der = Buffer.from(body.replace(/\s+/g, ''), 'base64')
    der[der.length - 40] ^= 0xff
    expect(reason(() => decryptServerToken(`${headers}\r\n\r\n${der.toString('base64')}`, [pair]))).toBe('damaged')
    const { access_secret: _, ...partial } = token
    expect(reason(() => decryptServerToken(serverTokenFile(pair.certificatePem, partial as typeof token), [pair]))).toBe('incomplete')
  })
})
