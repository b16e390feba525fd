import { createHmac, timingSafeEqual } from 'node:crypto'

/** Requests older or newer than this are refused; nonces are remembered long enough to cover the whole window. */
export const TIMESTAMP_WINDOW_MS = 5 * 60_000
export const NONCE_RETENTION_MS = 2 * TIMESTAMP_WINDOW_MS + 60_000

export const signatureHeaders = {
  accessKey: 'x-access-key',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const

export interface SignedParts {
  method: string
  /** Path with the query string, exactly as sent (e.g. /openapi/v1/huawei/device/search?current=1). */
  path: string
  /** Milliseconds since the epoch, as sent in X-Timestamp. */
  timestamp: string
  nonce: string
  /** The raw request body; empty for GET. */
  body: string
}

/** The text that is signed: method, path, timestamp, nonce and body, one per line. */
export function stringToSign(p: SignedParts): string {
  return [p.method.toUpperCase(), p.path, p.timestamp, p.nonce, p.body].join('\n')
}

/** Lower-case hex HMAC-SHA256 of the string to sign, keyed with the access secret. */
export function sign(secret: string, parts: SignedParts): string {
  return createHmac('sha256', secret).update(stringToSign(parts), 'utf8').digest('hex')
}

export function signatureMatches(secret: string, parts: SignedParts, given: string): boolean {
  const expected = Buffer.from(sign(secret, parts), 'hex')
  const actual = Buffer.from(given.toLowerCase(), 'hex')
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
