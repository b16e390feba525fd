import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { oauthVerifier } from '../../../sim/abm-oauth'
import { oauthEncode, oauthHeader, retryAfterMs } from './client'

const token = {
  consumer_key: 'CK_1',
  consumer_secret: 'CS secret/+=',
  access_token: 'AT_1',
  access_secret: 'AS!*',
  access_token_expiry: '2030-01-01T00:00:00Z',
}

describe('OAuth 1.0a at GET /session', () => {
  const now = new Date('2026-11-28T09:00:00Z')
  const seconds = Math.floor(now.getTime() / 1000)

  it('signs as RFC 5849 says: HMAC-SHA1 over method, full URL with its port and sorted parameters; realm ADM', () => {
    const url = new URL('http://127.0.0.1:43210/session')
    const header = oauthHeader('GET', url, token, seconds, 'nonce-1')
    expect(header).toMatch(/^OAuth realm="ADM", /)
    const params = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], decodeURIComponent(m[2])]))
    expect(params).toMatchObject({ oauth_signature_method: 'HMAC-SHA1', oauth_timestamp: String(seconds), oauth_nonce: 'nonce-1', oauth_version: '1.0' })
    const base = [
      'GET',
      oauthEncode('http://127.0.0.1:43210/session'),
      oauthEncode(`oauth_consumer_key=CK_1&oauth_nonce=nonce-1&oauth_signature_method=HMAC-SHA1&oauth_timestamp=${seconds}&oauth_token=AT_1&oauth_version=1.0`),
    ].join('&')
    const expected = createHmac('sha1', `${oauthEncode(token.consumer_secret)}&${oauthEncode(token.access_secret)}`).update(base).digest('base64')
    expect(params.oauth_signature).toBe(expected)
  })

  it('is accepted by the simulated ABM, which refuses a reused nonce, another port and an old timestamp', () => {
    const creds = { consumerKey: 'CK_1', consumerSecret: token.consumer_secret, accessToken: 'AT_1', accessSecret: token.access_secret, expiresAt: new Date('2030-01-01') }
    const verifier = oauthVerifier((k) => (k === 'CK_1' ? creds : undefined), () => now)
    const url = new URL('http://127.0.0.1:43210/session')
    const header = oauthHeader('GET', url, token, seconds, 'n-2')
    expect(verifier.verify('GET', url, header)).toMatchObject({ ok: true })
    expect(verifier.verify('GET', url, header)).toMatchObject({ ok: false, status: 401 })
    expect(verifier.verify('GET', new URL('http://127.0.0.1:43211/session'), oauthHeader('GET', url, token, seconds, 'n-3'))).toMatchObject({ ok: false })
    expect(verifier.verify('GET', url, oauthHeader('GET', url, token, seconds - 3600, 'n-4'))).toMatchObject({ ok: false, status: 401 })
  })

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('3', now)).toBe(3000)
    expect(retryAfterMs(new Date(now.getTime() + 5000).toUTCString(), now)).toBe(5000)
    expect(retryAfterMs(null, now)).toBeNull()
    expect(retryAfterMs('soon', now)).toBeNull()
  })
})
