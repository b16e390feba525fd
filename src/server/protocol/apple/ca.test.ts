import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { X509Certificate } from 'node:crypto'
import forge from 'node-forge'
import { ephemeralCa, fingerprintOf, loadOrCreateCa, serialNumber } from './ca'
import { captureLog } from '../../log'

let dir = ''
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  vi.restoreAllMocks()
})

describe('the device CA', () => {
  it('is created once in its folder (owner-only files) and read back on the next start', () => {
    const log = captureLog()
    dir = mkdtempSync(path.join(tmpdir(), 'mdm-ca-'))
    const first = loadOrCreateCa(path.join(dir, 'secrets'))
    for (const file of ['ca.pem', 'ca.key']) expect(statSync(path.join(dir, 'secrets', file)).mode & 0o777).toBe(0o600)
    const identity = first.issueIdentity('device')
    const second = loadOrCreateCa(path.join(dir, 'secrets'))
    expect(second.certificatePem).toBe(first.certificatePem)
    expect(second.verifyIssued(identity.certificatePem)).not.toBeNull()
    log.restore()
    expect(log.lines()).toHaveLength(1)
  }, 30_000)

  it('accepts only certificates it issued, within their validity', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mdm-ca-'))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const ca = loadOrCreateCa(dir)
    const identity = ca.issueIdentity('device')
    expect(ca.verifyIssued(identity.certificatePem)).not.toBeNull()
    expect(ca.verifyIssued(identity.certificatePem, new Date(Date.now() + 11 * 365 * 86400_000))).toBeNull()
    expect(ca.verifyIssued(ca.certificatePem)).toBeNull()
    expect(ca.verifyIssued('not a certificate')).toBeNull()
  }, 30_000)

  it('verifies an identity once, then checks only its validity each time it is named (PEM or DER alike)', () => {
    const ca = ephemeralCa()
    const other = ephemeralCa()
    const identity = ca.issueIdentity('device')
    const der = new X509Certificate(identity.certificatePem).raw
    const verify = vi.spyOn(X509Certificate.prototype, 'verify')
    const first = ca.verifyIssued(identity.certificatePem)
    expect(first && fingerprintOf(first)).toBe(identity.fingerprint)
    expect(ca.verifyIssued(identity.certificatePem)).toBe(first)
    expect(verify).toHaveBeenCalledTimes(1)
    expect(ca.verifyIssued(der) && fingerprintOf(ca.verifyIssued(der)!)).toBe(identity.fingerprint)
    expect(verify).toHaveBeenCalledTimes(2)
    expect(ca.verifyIssued(der)).not.toBeNull()
    expect(verify).toHaveBeenCalledTimes(2)
    // Remembered, yet refused once expired; and another CA never takes it for its own.
    expect(ca.verifyIssued(identity.certificatePem, new Date(Date.now() + 11 * 365 * 86400_000))).toBeNull()
    expect(other.verifyIssued(identity.certificatePem)).toBeNull()
  }, 30_000)

  it('forgets the oldest verified identity beyond the number it keeps', () => {
    const ca = ephemeralCa(2)
    const [a, b, c] = ['a', 'b', 'c'].map((name) => ca.issueIdentity(name).certificatePem)
    const verify = vi.spyOn(X509Certificate.prototype, 'verify')
    for (const pem of [a, b, c]) expect(ca.verifyIssued(pem)).not.toBeNull()
    expect(verify).toHaveBeenCalledTimes(3)
    // b and c are kept; a was forgotten and is verified again (which forgets b).
    expect(ca.verifyIssued(c)).not.toBeNull()
    expect(verify).toHaveBeenCalledTimes(3)
    expect(ca.verifyIssued(a)).not.toBeNull()
    expect(verify).toHaveBeenCalledTimes(4)
    expect(ca.verifyIssued(b)).not.toBeNull()
    expect(verify).toHaveBeenCalledTimes(5)
  }, 30_000)
})

describe('certificate serial numbers', () => {
  /** A self-signed certificate with this serial, read by OpenSSL (Node's X509Certificate), as the server reads identities. */
  function readBack(serial: string): X509Certificate {
    const keys = forge.pki.rsa.generateKeyPair(512)
    const cert = forge.pki.createCertificate()
    cert.publicKey = keys.publicKey
    cert.serialNumber = serial
    cert.setSubject([{ name: 'commonName', value: 'serial' }])
    cert.setIssuer([{ name: 'commonName', value: 'serial' }])
    cert.sign(keys.privateKey, forge.md.sha256.create())
    return new X509Certificate(forge.pki.certificateToPem(cert))
  }

  it.each([
    ['two zero bytes before one under 0x80', '000001'],
    ['a zero first byte before one under 0x80', '0001'],
    ['a zero first byte before one over 0x80', '0080'],
    ['a first byte with its top bit set', 'ff00'],
    ['a first byte of 0x7f', '7f00'],
  ])('is positive and minimally encoded from %s', (_case, start) => {
    const serial = serialNumber(() => Buffer.from(start.padEnd(32, '1'), 'hex'))
    expect(serial).toMatch(/^[0-7][0-9a-f]{31}$/)
    expect(serial.slice(0, 2)).not.toBe('00')
    expect(readBack(serial).serialNumber).toBe(serial.toUpperCase())
  }, 30_000)

  it('a serial starting with two zero bytes, as the random bytes could give before, is one OpenSSL refuses', () => {
    expect(() => readBack('000001'.padEnd(32, '1'))).toThrow(/padding/i)
    // forge drops a single leading zero byte itself.
    expect(readBack('0001'.padEnd(32, '1')).serialNumber).toBe('01'.padEnd(30, '1'))
  }, 30_000)
})
