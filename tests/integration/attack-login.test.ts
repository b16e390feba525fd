import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../src/server/db/schema'
import { demoAccounts } from '../../src/server/demo/seed'
import { loopbackServer } from './loopback'
import { signOpenApi } from './org-builders'

/**
 * Issue #41 items 1, 3, 11, 12, 13 played as an attacker would: a real server listening on loopback, real parallel
 * HTTP requests, sent from several source addresses (127.0.0.x: every address of 127/8 is this machine's, and the
 * server sees each as a client of its own). The demo's accounts, without its simulated phones.
 */
const loop = loopbackServer()
const { freshAddress, send } = loop

/** A request whose answer is not the envelope (Apple's endpoints): its status only. */
const sendRaw = async (from: string, method: string, path: string, body: string) => (await loop.raw(from, method, path, body)).status

const captcha = async (from: string) => (await send(from, 'GET', '/mdm/api/v1/captcha')).body.data.id as string

async function login(from: string, username: string, password: string, captchaId?: string) {
  return send(from, 'POST', '/mdm/api/v1/login', { username, password, captcha: 'test', captchaId: captchaId ?? (await captcha(from)) })
}

/** Sends every login at once (captchas fetched first); answers how many had their password checked. */
async function burst(attempts: { from: string; username: string; password: string }[]) {
  const ids = await Promise.all(attempts.map((a) => captcha(a.from)))
  const answers = await Promise.all(attempts.map((a, i) => login(a.from, a.username, a.password, ids[i])))
  const checked = answers.filter((a) => a.body.code === 200 || a.body.msg === '用户名或密码错误')
  return { answers, checked, succeeded: answers.filter((a) => a.body.code === 200) }
}

const wrong = (i: number) => `Wrong#Guess${i}`

/** Sign-in entries of the audit trail so far. */
async function loginEntries() {
  const [row] = await loop.server.services.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'auth.login'))
  return row.n
}


describe('sign-in limits under attack (issue #41)', () => {
  it('checks no more than 5 passwords of 30 guesses sent at once from one address, the right one among them', async () => {
    const from = freshAddress()
    const attempts = Array.from({ length: 30 }, (_, i) => ({ from, username: 'demo-west', password: i === 17 ? demoAccounts.boss.password : wrong(i) }))
    const { answers, checked } = await burst(attempts)
    expect(checked.length).toBeLessThanOrEqual(5)
    for (const a of answers.filter((x) => !checked.includes(x))) expect(a.body).toMatchObject({ code: 429, msg: expect.stringMatching(/登录失败次数过多，请 \d+ 分钟后再试/) })
  })

  it('checks no more than 10 passwords of 100 guesses at one account from 10 addresses at once, and slows the next', async () => {
    const addresses = Array.from({ length: 10 }, freshAddress)
    const attempts = Array.from({ length: 100 }, (_, i) => ({ from: addresses[i % 10], username: 'demo-east', password: wrong(i) }))
    const { checked } = await burst(attempts)
    expect(checked.length).toBeLessThanOrEqual(10)
    // A new address with the right password is slowed, not let in: the guesses cost the attacker time, not the owner.
    const next = await login(freshAddress(), 'demo-east', demoAccounts.boss.password)
    expect(next.body).toMatchObject({ code: 429, msg: expect.stringMatching(/请 \d+ 秒后再试（在常用网络下登录不受影响）/) })
  })

  it('keeps the owner signing in from their own address while others guess, admin included', async () => {
    const home = freshAddress()
    expect((await login(home, 'admin', demoAccounts.admin.password)).body.code).toBe(200)
    // Five anonymous wrong passwords from one address lock that address out of the account, and no other.
    const guesser = freshAddress()
    for (let i = 0; i < 5; i++) expect((await login(guesser, 'admin', wrong(i))).body.msg).toBe('用户名或密码错误')
    expect((await login(guesser, 'admin', demoAccounts.admin.password)).body.code).toBe(429)
    expect((await login(freshAddress(), 'admin', demoAccounts.admin.password)).body.code).toBe(200)
    // Guesses from many addresses at once: the owner's address is spared the delays they bring on.
    const addresses = Array.from({ length: 8 }, freshAddress)
    await burst(Array.from({ length: 40 }, (_, i) => ({ from: addresses[i % 8], username: 'admin', password: wrong(i) })))
    expect((await login(freshAddress(), 'admin', demoAccounts.admin.password)).body.code).toBe(429)
    expect((await login(home, 'admin', demoAccounts.admin.password)).body.code).toBe(200)
  })

  it('records a lock-out once when it begins, not every refused attempt', async () => {
    const from = freshAddress()
    const before = await loginEntries()
    for (let i = 0; i < 5; i++) await login(from, 'demo-staff', wrong(i))
    await burst(Array.from({ length: 20 }, (_, i) => ({ from, username: 'demo-staff', password: wrong(i) })))
    // Five wrong passwords, and two refusals: when the account's lock from this address began (the 6th attempt), and
    // when the address's own began (the 21st) — not the 19 refusals of the burst.
    expect((await loginEntries()) - before).toBe(7)
  })

  it('draws at most 30 captchas a minute for one address, and goes on drawing for others', async () => {
    const from = freshAddress()
    const answers = await Promise.all(Array.from({ length: 40 }, () => send(from, 'GET', '/mdm/api/v1/captcha')))
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(30)
    expect(answers.filter((a) => a.body.code === 429).map((a) => a.body.msg)).toEqual(Array(10).fill('获取验证码过于频繁，请 1 分钟后再试'))
    expect((await send(freshAddress(), 'GET', '/mdm/api/v1/captcha')).body.code).toBe(200)
  })
})

describe('the audit trail under a flood of refused device-side requests (issue #41 item 12)', () => {
  const entries = async (action: string) => {
    const [row] = await loop.server.services.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action))
    return row.n
  }

  it('records refused open API, agent enrollment and Apple requests, at most 20 of each kind per address and window', async () => {
    const from = freshAddress()
    const path = '/openapi/v1/company/info'
    const s = () => signOpenApi('no-such-secret', 'GET', path)
    const openApi = await Promise.all(
      Array.from({ length: 40 }, () => {
        const sig = s()
        return send(from, 'GET', path, undefined, { 'x-access-key': 'ak_nobody', 'x-timestamp': sig.timestamp, 'x-nonce': sig.nonce, 'x-signature': sig.signature })
      }),
    )
    expect(openApi.every((a) => a.status === 401 || a.status === 429)).toBe(true)
    const enroll = await Promise.all(Array.from({ length: 40 }, (_, i) => send(from, 'POST', '/agent/v1/enroll', { enrollmentToken: `et_guess${i}`, serialNumber: 'FLOOD0001' })))
    expect(enroll.every((a) => a.status === 401 || a.status === 429)).toBe(true)
    const apple = await Promise.all(Array.from({ length: 40 }, () => sendRaw(from, 'PUT', '/mdm/apple/checkin', '<plist/>')))
    expect(apple.every((status) => status === 401)).toBe(true)

    for (const action of ['openapi.refused', 'agent.enrollRefused', 'apple.refused']) {
      const n = await entries(action)
      expect(n, action).toBeGreaterThan(0)
      expect(n, action).toBeLessThanOrEqual(20)
    }
  })
})

describe('open API keys under attack (issue #41 item 11)', () => {
  it('does not lock a key for its owner when others send bad signatures naming it', async () => {
    const home = freshAddress()
    const token = (await login(home, 'demo', demoAccounts.boss.password)).body.data.token as string
    const auth = { authorization: `Bearer ${token}` }
    await send(home, 'POST', '/mdm/api/v1/access/delete', {}, auth)
    const key = (await send(home, 'POST', '/mdm/api/v1/access/create', { name: 'attack', remark: '', ipWhiteList: '' }, auth)).body.data as { accessKey: string; accessSecret: string }
    const path = '/openapi/v1/company/info'
    const call = (from: string, secret: string) => {
      const s = signOpenApi(secret, 'GET', path)
      return send(from, 'GET', path, undefined, { 'x-access-key': key.accessKey, 'x-timestamp': s.timestamp, 'x-nonce': s.nonce, 'x-signature': s.signature })
    }
    // Thirty bad signatures at once from one address: ten are checked, the rest refused before any work.
    const attacker = freshAddress()
    const bad = await Promise.all(Array.from({ length: 30 }, () => call(attacker, 'not-the-secret')))
    expect(bad.filter((a) => a.body.code === 429)).toHaveLength(20)
    expect((await call(attacker, key.accessSecret)).body.code).toBe(429)
    // The owner's servers go on working.
    expect((await call(home, key.accessSecret)).body.code).toBe(200)
  })
})
