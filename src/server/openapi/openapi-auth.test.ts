import { describe, expect, it } from 'vitest'
import { ipWhiteListSchema } from '../../shared/contract/access'
import { ipAllowed } from './ip-whitelist'
import { normalizeIp } from '../http/client-ip'
import { sign, signatureMatches, stringToSign } from './signature'

describe('ipAllowed', () => {
  it('allows any address when the whitelist is empty', () => {
    expect(ipAllowed('', '203.0.113.9')).toBe(true)
  })

  it('matches single addresses and CIDR ranges of both families', () => {
    const list = '198.51.100.7,10.20.0.0/16,2001:db8::/32'
    expect(ipAllowed(list, '198.51.100.7')).toBe(true)
    expect(ipAllowed(list, '198.51.100.8')).toBe(false)
    expect(ipAllowed(list, '10.20.255.1')).toBe(true)
    expect(ipAllowed(list, '10.21.0.1')).toBe(false)
    expect(ipAllowed(list, '2001:db8:1::5')).toBe(true)
    expect(ipAllowed(list, '2001:db9::5')).toBe(false)
    expect(ipAllowed(list, '::ffff:10.20.1.1')).toBe(true)
  })

  it('refuses an unknown or malformed address when a whitelist is set', () => {
    expect(ipAllowed('10.0.0.0/8', '')).toBe(false)
    expect(ipAllowed('10.0.0.0/8', 'not-an-ip')).toBe(false)
  })

  it('normalises IPv4-mapped IPv6 addresses', () => {
    expect(normalizeIp(' ::FFFF:192.0.2.1 ')).toBe('192.0.2.1')
    expect(normalizeIp('::1')).toBe('::1')
  })
})

describe('ipWhiteListSchema', () => {
  it('normalises separators and drops duplicates', () => {
    expect(ipWhiteListSchema.parse(' 10.0.0.1，10.0.0.1  192.168.0.0/16,')).toBe('10.0.0.1,192.168.0.0/16')
  })

  it('names the first bad entry', () => {
    const result = ipWhiteListSchema.safeParse('10.0.0.1, 999.1.1.1')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toBe('IP 白名单中的“999.1.1.1”不是有效的 IP 地址或网段')
  })
})

describe('signature', () => {
  const parts = { method: 'post', path: '/openapi/v1/x?a=1', timestamp: '1700000000000', nonce: 'abcdefgh', body: '{"a":1}' }

  it('signs method, path, timestamp, nonce and body, one per line', () => {
    expect(stringToSign(parts)).toBe('POST\n/openapi/v1/x?a=1\n1700000000000\nabcdefgh\n{"a":1}')
    expect(sign('secret', parts)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('accepts the right signature in either case and refuses any change', () => {
    const signature = sign('secret', parts)
    expect(signatureMatches('secret', parts, signature)).toBe(true)
    expect(signatureMatches('secret', parts, signature.toUpperCase())).toBe(true)
    expect(signatureMatches('other', parts, signature)).toBe(false)
    expect(signatureMatches('secret', { ...parts, body: '{"a":2}' }, signature)).toBe(false)
    expect(signatureMatches('secret', parts, 'zz')).toBe(false)
  })
})
