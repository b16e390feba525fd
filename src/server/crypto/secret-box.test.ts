import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { logMessages } from '../../shared/messages/server'
import { createSecretBox, parseSecretKey, resolveSecretKey } from './secret-box'
import { captureLog } from '../log'

afterEach(() => vi.restoreAllMocks())

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32))

  it('seals to a different text every time and opens back to the secret', () => {
    const a = box.seal('s3cret-密钥')
    const b = box.seal('s3cret-密钥')
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain('s3cret')
    expect(box.open(a)).toBe('s3cret-密钥')
    expect(box.open(b)).toBe('s3cret-密钥')
  })

  it('refuses a sealed value that was altered or sealed with another key', () => {
    const sealed = box.seal('secret')
    // The second-to-last character (six bits of the sealed text's last byte) replaced by another one. The choice was
    // made on the last character, so when the replaced one was already 'A' (one seal in 64) nothing was altered.
    const replaced = sealed.at(-2)
    const flipped = sealed.slice(0, -2) + (replaced === 'A' ? 'B' : 'A') + sealed.slice(-1)
    expect(flipped).not.toBe(sealed)
    expect(() => box.open(flipped)).toThrow()
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow()
  })

  it('returns a value stored before sealing existed as it is', () => {
    expect(box.open('plainSecretFromBefore')).toBe('plainSecretFromBefore')
  })

  it('wants a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(logMessages.secretKeyInvalid)
  })
})

describe('MDM_SECRET_KEY', () => {
  it.each([
    ['64 hex digits', 'ab'.repeat(32), true],
    ['base64 of 32 bytes', Buffer.alloc(32, 7).toString('base64'), true],
    ['base64url of 32 bytes', Buffer.alloc(32, 250).toString('base64url'), true],
    ['63 hex digits', 'a'.repeat(63), false],
    ['base64 of 16 bytes', Buffer.alloc(16, 7).toString('base64'), false],
    ['a passphrase', 'correct horse battery staple', false],
  ])('%s', (_name, text, valid) => {
    const key = parseSecretKey(text)
    if (valid) expect(key?.length).toBe(32)
    else expect(key).toBeNull()
  })
})

describe('resolveSecretKey', () => {
  const dir = () => mkdtempSync(path.join(tmpdir(), 'mdm-key-'))

  it('uses MDM_SECRET_KEY when set', () => {
    const key = randomBytes(32)
    expect(resolveSecretKey({ key, keyFile: path.join(dir(), 'k'), databaseUrl: undefined })).toBe(key)
  })

  it('creates the key file once, owner-only, and reads the same key on the next start', () => {
    const log = captureLog()
    try {
      const keyFile = path.join(dir(), 'nested', 'secret.key')
      const first = resolveSecretKey({ key: null, keyFile, databaseUrl: undefined })
      expect(statSync(keyFile).mode & 0o777).toBe(0o600)
      expect(readFileSync(keyFile, 'utf8').trim()).toBe(first.toString('hex'))
      expect(resolveSecretKey({ key: null, keyFile, databaseUrl: 'postgres://db/mdm' }).equals(first)).toBe(true)
      expect(log.lines().map((l) => l.msg)).toEqual([logMessages.secretKeyCreated(keyFile)])
    } finally {
      log.restore()
    }
  })

  it('refuses a damaged key file instead of replacing it', () => {
    const keyFile = path.join(dir(), 'secret.key')
    writeFileSync(keyFile, 'not a key')
    expect(() => resolveSecretKey({ key: null, keyFile, databaseUrl: undefined })).toThrow(logMessages.secretKeyFileInvalid(keyFile))
    expect(readFileSync(keyFile, 'utf8')).toBe('not a key')
  })

  it('keeps an in-memory database\'s key in the process, writing nothing', () => {
    const keyFile = path.join(dir(), 'secret.key')
    expect(resolveSecretKey({ key: null, keyFile, databaseUrl: 'memory://' })).toHaveLength(32)
    expect(() => statSync(keyFile)).toThrow()
  })
})
