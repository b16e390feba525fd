import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { X509Certificate } from 'node:crypto'
import { ephemeralCa, fingerprintOf, loadOrCreateCa } from './ca'

let dir = ''
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  vi.restoreAllMocks()
})

describe('the device CA', () => {
  it('is created once in its folder (owner-only files) and read back on the next start', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    dir = mkdtempSync(path.join(tmpdir(), 'mdm-ca-'))
    const first = loadOrCreateCa(path.join(dir, 'secrets'))
    for (const file of ['ca.pem', 'ca.key']) expect(statSync(path.join(dir, 'secrets', file)).mode & 0o777).toBe(0o600)
    const identity = first.issueIdentity('device')
    const second = loadOrCreateCa(path.join(dir, 'secrets'))
    expect(second.certificatePem).toBe(first.certificatePem)
    expect(second.verifyIssued(identity.certificatePem)).not.toBeNull()
    expect(console.warn).toHaveBeenCalledTimes(1)
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
