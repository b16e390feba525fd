import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { logMessages } from '../../shared/messages/server'
import { log } from '../log'

/**
 * Secrets the server must be able to read back (the open API's access secrets: HMAC is verified with the secret
 * itself, so it cannot be hashed) are sealed with AES-256-GCM before they reach the database. A copy of the
 * database alone — a backup, a dump, a replica — does not reveal them.
 */
export interface SecretBox {
  seal(plain: string): string
  /** The plain text; a value stored before sealing existed (no prefix) is returned as it is. */
  open(stored: string): string
  /**
   * A keyed digest (HMAC-SHA256, hex) of a value that must be matched but never read back — a renter's ID-card
   * number on the blacklist. Keyed with a subkey of the secret key, so a copy of the database cannot be searched by
   * trying every plausible number.
   */
  digest(plain: string): string
}

const PREFIX = 'v1.'
const IV_BYTES = 12
const TAG_BYTES = 16
export const SECRET_KEY_BYTES = 32

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SECRET_KEY_BYTES) throw new Error(logMessages.secretKeyInvalid)
  const digestKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'mdm digest v1', 32))
  return {
    digest(plain) {
      return createHmac('sha256', digestKey).update(plain, 'utf8').digest('hex')
    },
    seal(plain) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
    },
  }
}

/** MDM_SECRET_KEY: 64 hexadecimal digits, or 32 bytes in base64. */
export function parseSecretKey(text: string): Buffer | null {
  const value = text.trim()
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex')
  const bytes = Buffer.from(value, 'base64')
  return bytes.length === SECRET_KEY_BYTES && /^[A-Za-z0-9+/_-]+=*$/.test(value) ? bytes : null
}

/**
 * The key of a server: MDM_SECRET_KEY when set; for an in-memory database a key of this process (its data dies
 * with it); otherwise the key file (created on first start, readable by its owner only), kept beside — not in —
 * the database.
 */
export function resolveSecretKey(options: { key: Buffer | null; keyFile: string; databaseUrl: string | undefined }): Buffer {
  if (options.key) return options.key
  if (options.databaseUrl === 'memory://') return randomBytes(SECRET_KEY_BYTES)
  if (existsSync(options.keyFile)) {
    const key = parseSecretKey(readFileSync(options.keyFile, 'utf8'))
    if (!key) throw new Error(logMessages.secretKeyFileInvalid(options.keyFile))
    return key
  }
  const key = randomBytes(SECRET_KEY_BYTES)
  mkdirSync(path.dirname(options.keyFile), { recursive: true })
  try {
    writeFileSync(options.keyFile, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // Another instance created it a moment ago: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return resolveSecretKey(options)
    throw error
  }
  chmodSync(options.keyFile, 0o600)
  log.warn(logMessages.secretKeyCreated(options.keyFile))
  return key
}
