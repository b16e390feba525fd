import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * OAuth 1.0a (RFC 5849) as Apple's device-assignment service checks it at GET /session: HMAC-SHA1 only, the
 * signature base string over the method, the full URL (scheme, host and port, path) and the sorted parameters
 * (the oauth_* ones of the Authorization header and the query's), keyed with consumer secret & access secret.
 * Apple's answers (Interpreting Automated Device Enrollment error codes): 400 for unsupported or missing or duplicated
 * parameters and an unsupported signature method; 401 for an unknown consumer key, an unknown or expired token, a
 * bad signature, and a reused or stale anti-replay value (nonce, timestamp).
 */

export interface OAuthCredentials {
  consumerKey: string
  consumerSecret: string
  accessToken: string
  accessSecret: string
  expiresAt: Date
}

export type OAuthCheck =
  | { ok: true; consumerKey: string; accessToken: string }
  | { ok: false; status: 400 | 401; reason: string }

/** RFC 3986 percent-encoding (RFC 5849 §3.6): unreserved characters stay, everything else is %XX. */
export function oauthEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

const protocolParams = ['oauth_consumer_key', 'oauth_token', 'oauth_signature_method', 'oauth_signature', 'oauth_timestamp', 'oauth_nonce', 'oauth_version']

/** The Authorization header's parameters, or why it cannot be read. Duplicates are an error (RFC 5849 §3.5.1). */
export function parseAuthorization(header: string | undefined): Map<string, string> | string {
  if (!header || !/^OAuth\s/i.test(header)) return 'missing OAuth authorization'
  const params = new Map<string, string>()
  for (const part of header.replace(/^OAuth\s+/i, '').split(',')) {
    const m = /^\s*([A-Za-z0-9_.~%-]+)="([^"]*)"\s*$/.exec(part)
    if (!m) return `malformed parameter: ${part.trim()}`
    const name = decodeURIComponent(m[1])
    if (params.has(name)) return `duplicated parameter: ${name}`
    params.set(name, decodeURIComponent(m[2]))
  }
  return params
}

/** The signature base string (RFC 5849 §3.4.1). `url` is the full request URL as the client addressed it. */
export function signatureBaseString(method: string, url: URL, oauthParams: Map<string, string>): string {
  const pairs: Array<[string, string]> = []
  for (const [k, v] of url.searchParams) pairs.push([oauthEncode(k), oauthEncode(v)])
  for (const [k, v] of oauthParams) if (k !== 'oauth_signature' && k !== 'realm') pairs.push([oauthEncode(k), oauthEncode(v)])
  pairs.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1))
  const defaultPort = (url.protocol === 'http:' && url.port === '80') || (url.protocol === 'https:' && url.port === '443')
  const base = `${url.protocol}//${url.hostname.toLowerCase()}${url.port && !defaultPort ? `:${url.port}` : ''}${url.pathname}`
  return [method.toUpperCase(), oauthEncode(base), oauthEncode(pairs.map(([k, v]) => `${k}=${v}`).join('&'))].join('&')
}

export function hmacSha1Signature(baseString: string, consumerSecret: string, accessSecret: string): string {
  return createHmac('sha1', `${oauthEncode(consumerSecret)}&${oauthEncode(accessSecret)}`).update(baseString).digest('base64')
}

export interface OAuthVerifier {
  verify(method: string, url: URL, authorization: string | undefined): OAuthCheck
}

/**
 * A verifier over the tokens the simulated ABM issued. Nonces are remembered per consumer key for good (a replay is
 * refused however late); timestamps must be within `windowSeconds` of the simulator's clock.
 */
export function oauthVerifier(
  lookup: (consumerKey: string) => OAuthCredentials | undefined,
  now: () => Date,
  windowSeconds = 300,
): OAuthVerifier {
  const nonces = new Set<string>()
  return {
    verify(method, url, authorization) {
      const params = parseAuthorization(authorization)
      if (typeof params === 'string') return { ok: false, status: 400, reason: params }
      for (const name of params.keys()) {
        if (name !== 'realm' && !protocolParams.includes(name)) return { ok: false, status: 400, reason: `unsupported parameter: ${name}` }
      }
      for (const name of protocolParams.filter((n) => n !== 'oauth_version')) {
        if (!params.get(name)) return { ok: false, status: 400, reason: `missing parameter: ${name}` }
      }
      if (params.get('oauth_signature_method') !== 'HMAC-SHA1') return { ok: false, status: 400, reason: 'unsupported signature method' }
      const version = params.get('oauth_version')
      if (version !== undefined && version !== '1.0') return { ok: false, status: 400, reason: 'unsupported oauth_version' }
      const realm = params.get('realm')
      if (realm !== undefined && realm !== 'ADM') return { ok: false, status: 400, reason: 'unsupported realm' }
      const consumerKey = params.get('oauth_consumer_key') ?? ''
      const creds = lookup(consumerKey)
      if (!creds) return { ok: false, status: 401, reason: 'invalid consumer key' }
      const accessToken = params.get('oauth_token') ?? ''
      if (creds.accessToken !== accessToken) return { ok: false, status: 401, reason: 'invalid token' }
      if (creds.expiresAt.getTime() <= now().getTime()) return { ok: false, status: 401, reason: 'expired token' }
      const expected = hmacSha1Signature(signatureBaseString(method, url, params), creds.consumerSecret, creds.accessSecret)
      const given = Buffer.from(params.get('oauth_signature') ?? '')
      if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
        return { ok: false, status: 401, reason: 'invalid signature' }
      }
      const timestamp = params.get('oauth_timestamp') ?? ''
      if (!/^\d+$/.test(timestamp) || Math.abs(Number(timestamp) - now().getTime() / 1000) > windowSeconds) {
        return { ok: false, status: 401, reason: 'stale timestamp' }
      }
      const nonceKey = `${consumerKey}\u0000${params.get('oauth_nonce')}`
      if (nonces.has(nonceKey)) return { ok: false, status: 401, reason: 'nonce already used' }
      nonces.add(nonceKey)
      return { ok: true, consumerKey, accessToken }
    },
  }
}
