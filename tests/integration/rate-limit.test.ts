import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rateLimits } from '../../src/server/db/schema'
import { issueToken } from './huawei-helpers'
import { CAPTCHA, harnessForFile } from './harness'
import { signOpenApi } from './org-builders'

// Client addresses come from X-Forwarded-For through a trusted proxy (there is no socket here).
const h = harnessForFile({ trustProxy: true })

const locked = (minutes: number) => `登录失败次数过多，请 ${minutes} 分钟后再试`

async function signIn(username: string, password: string, ip: string) {
  const captcha = await h.call('GET', '/captcha', { headers: { 'x-forwarded-for': ip } })
  return h.call('POST', '/login', {
    json: { username, password, captcha: CAPTCHA, captchaId: captcha.body.data.id },
    headers: { 'x-forwarded-for': ip },
  })
}

/** Moves every counter's window back, as if `ms` had passed. */
const age = (ms: number) => h.database.db.update(rateLimits).set({ windowStart: sql`${rateLimits.windowStart} - ${`${ms} milliseconds`}::interval` })

describe('failed sign-ins (issue #10)', () => {
  it('after 5 wrong passwords for an account from one address, even the right one is refused from it, and from no other', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('demo', 'Wrong@2026', '198.51.100.1')).body.msg).toBe('用户名或密码错误')
    const refused = await signIn('demo', 'Demo@2026', '198.51.100.1')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ code: 429, msg: locked(15), data: null })
    // Issue #41: anyone could lock anyone out when the lock held from every address; the owner elsewhere signs in.
    expect((await signIn('demo', 'Demo@2026', '198.51.100.2')).body.code).toBe(200)
    expect((await signIn('demo-east', 'Demo@2026', '198.51.100.3')).body.code).toBe(200)
  })

  it('says how many minutes are left, and lets the account in once the window has passed', async () => {
    for (let i = 0; i < 5; i++) await signIn('demo', 'Wrong@2026', '198.51.100.1')
    await age(10 * 60_000 + 1000)
    expect((await signIn('demo', 'Demo@2026', '198.51.100.1')).body.msg).toBe(locked(5))
    await age(5 * 60_000)
    expect((await signIn('demo', 'Demo@2026', '198.51.100.1')).body.code).toBe(200)
  })

  it('limits one address to 20 failures over any accounts; a success from it does not reset that count', async () => {
    for (let i = 0; i < 19; i++) expect((await signIn(`nobody${i}`, 'Wrong@2026', '198.51.100.7')).body.msg).toBe('用户名或密码错误')
    expect((await signIn('demo-west', 'Demo@2026', '198.51.100.7')).body.code).toBe(200)
    expect((await signIn('nobody-last', 'Wrong@2026', '198.51.100.7')).body.msg).toBe('用户名或密码错误')
    expect((await signIn('demo-east', 'Demo@2026', '198.51.100.7')).body).toEqual({ code: 429, msg: locked(15), data: null })
    expect((await signIn('demo-east', 'Demo@2026', '198.51.100.8')).body.code).toBe(200)
  })

  it('counts in the database, so that another server process sees the same attempts', async () => {
    for (let i = 0; i < 3; i++) await signIn('Demo', 'Wrong@2026', '198.51.100.1')
    const rows = await h.database.db.select().from(rateLimits)
    expect(rows.filter((r) => r.key.startsWith('login:')).map((r) => [r.key, r.hits]).sort()).toEqual([
      ['login:account:demo', 3],
      ['login:address:198.51.100.1', 3],
      ['login:pair:demo|198.51.100.1', 3],
    ])
  })

  it('a wrong captcha is not a password guess: it counts against the address (bounded), never the account', async () => {
    for (let i = 0; i < 6; i++) {
      await h.call('POST', '/login', { json: { username: 'demo', password: 'Wrong@2026', captcha: 'nope', captchaId: 'x' }, headers: { 'x-forwarded-for': '198.51.100.1' } })
    }
    expect((await signIn('demo', 'Demo@2026', '198.51.100.1')).body.code).toBe(200)
  })
})

describe('the same limiter elsewhere', () => {
  it('open API: 10 signature failures for a key from one address refuse its next request from there, even a well-signed one; its owner elsewhere goes on', async () => {
    const token = await h.login('demo')
    const key = (await h.call('POST', '/access/create', { token, json: { name: 'k', remark: '', ipWhiteList: '' } })).body.data as { accessKey: string; accessSecret: string }
    const call = (secret: string, ip: string) => {
      const path = '/openapi/v1/company/info'
      const s = signOpenApi(secret, 'GET', path)
      return h.call('GET', `http://localhost${path}`, {
        headers: { 'x-access-key': key.accessKey, 'x-timestamp': s.timestamp, 'x-nonce': s.nonce, 'x-signature': s.signature, 'x-forwarded-for': ip },
      })
    }
    expect((await call(key.accessSecret, '203.0.113.1')).body.code).toBe(200)
    for (let i = 0; i < 10; i++) expect((await call('wrong-secret', '203.0.113.50')).body.code).toBe(401)
    expect((await call(key.accessSecret, '203.0.113.50')).body).toEqual({ code: 429, msg: '签名校验失败次数过多，请 15 分钟后再试', data: null })
    // Issue #41: bad signatures naming the key from elsewhere no longer block it for everyone.
    for (let i = 0; i < 10; i++) expect((await call('wrong-secret', `203.0.113.${10 + i}`)).body.code).toBe(401)
    expect((await call(key.accessSecret, '203.0.113.1')).body.code).toBe(200)
  })

  it('open API: 30 failures from one address refuse it, for any key', async () => {
    for (let i = 0; i < 30; i++) {
      const s = signOpenApi('x', 'GET', '/openapi/v1/company/info')
      await h.call('GET', 'http://localhost/openapi/v1/company/info', {
        headers: { 'x-access-key': `ak_guess${i}`, 'x-timestamp': s.timestamp, 'x-nonce': s.nonce, 'x-signature': s.signature, 'x-forwarded-for': '203.0.113.99' },
      })
    }
    const s = signOpenApi('x', 'GET', '/openapi/v1/company/info')
    const res = await h.call('GET', 'http://localhost/openapi/v1/company/info', {
      headers: { 'x-access-key': 'ak_other', 'x-timestamp': s.timestamp, 'x-nonce': s.nonce, 'x-signature': s.signature, 'x-forwarded-for': '203.0.113.99' },
    })
    expect(res.body.msg).toBe('签名校验失败次数过多，请 15 分钟后再试')
  })

  it('agent enrollment: 20 refused tokens from one address refuse it; a valid token from another address enrolls', async () => {
    const enroll = (enrollmentToken: string, ip: string) =>
      h.call('POST', 'http://localhost/agent/v1/enroll', { json: { enrollmentToken, serialNumber: 'RATE0001' }, headers: { 'x-forwarded-for': ip } })
    for (let i = 0; i < 20; i++) expect((await enroll(`et_guess${i}`, '192.0.2.1')).body.code).toBe(401)
    const token = await issueToken(h, await h.login('demo'))
    expect((await enroll(token, '192.0.2.1')).body).toEqual({ code: 429, msg: '设备接入失败次数过多，请 15 分钟后再试', data: null })
    expect((await enroll(token, '192.0.2.2')).body.code).toBe(200)
  })
})
