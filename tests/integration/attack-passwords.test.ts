import { and, count, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { HUAWEI_BASE, MAIN_BASE } from '../../src/server/app'
import { auditLog, rateLimits, registrations, tasks, users } from '../../src/server/db/schema'
import { demoAccounts } from '../../src/server/demo/seed'
import { loopbackServer } from './loopback'

/**
 * Issue #41 items 4, 5 and 6 played as an attacker would: a real server listening on loopback, real parallel HTTP
 * requests from several source addresses (127.0.0.x), the demo's accounts without its simulated phones.
 */
const loop = loopbackServer()
const { freshAddress } = loop
const send = (from: string, method: string, path: string, body?: unknown, token?: string) => loop.send(from, method, path, body, token ? { authorization: `Bearer ${token}` } : {})

const main = (from: string, method: string, path: string, body?: unknown, token?: string) => send(from, method, `${MAIN_BASE}${path}`, body, token)

/** Signs in from a fresh address (the test configuration's captcha answer is 'test'). */
async function signIn(username: string, password: string = demoAccounts.boss.password): Promise<string> {
  const from = freshAddress()
  const captchaId = (await main(from, 'GET', '/captcha')).body.data.id as string
  const res = await main(from, 'POST', '/login', { username, password, captcha: 'test', captchaId })
  expect(res.body.code, res.body.msg).toBe(200)
  return res.body.data.token as string
}

const idOf = async (username: string) => (await loop.server.services.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id

/** Audit entries of an action by one account so far. */
async function auditCount(action: string, userId: number) {
  const [row] = await loop.server.services.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, userId)))
  return row.n
}

/** As if the account's window of in-session password checks had ended (15 minutes later). */
async function windowEnds(userId: number) {
  await loop.server.services.db
    .update(rateLimits)
    .set({ windowStart: new Date(Date.now() - 16 * 60_000) })
    .where(like(rateLimits.key, `password:account:${userId}`))
}

const locked = expect.stringMatching(/^密码校验失败次数过多，请 \d+ 分钟后再试$/)
const tooGuessable = expect.stringMatching(/^密码太容易被猜到：.+。请使用更长、不含用户名和常见单词的密码/)
const secondaryTooGuessable = expect.stringMatching(/^二级密码太容易被猜到：/)

/** A password no estimator finds a pattern in. */
const STRONG = 'Kq7#vLm2-Tz9'


describe('password checks inside a session are limited and audited (issue #41 item 4)', () => {
  it('checks at most 5 of 20 wrong old passwords sent at once; the right one waits for the window to end', async () => {
    const token = await signIn('demo-east')
    const userId = await idOf('demo-east')
    const before = await auditCount('center.passwordCheck', userId)
    const from = freshAddress()
    const change = (oldPassword: string) => main(from, 'PUT', '/userCenter/updatePassword', { oldPassword, newPassword: STRONG, confirmPassword: STRONG }, token)
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`Wrong#Old${i}`)))
    const checked = answers.filter((a) => a.body.msg === '原密码错误')
    expect(checked.length).toBeLessThanOrEqual(5)
    expect(answers.filter((a) => !checked.includes(a)).map((a) => a.body)).toEqual(Array(20 - checked.length).fill({ code: 429, msg: locked, data: null }))
    // The owner's right password is refused as well while the window lasts: a guess cannot tell it was right.
    expect((await change(demoAccounts.east.password)).body).toMatchObject({ code: 429, msg: locked })
    // Each wrong password once, and the lock-out once when it began: not the 15 refusals, never the passwords.
    expect((await auditCount('center.passwordCheck', userId)) - before).toBe(checked.length + 1)
    const trail = await loop.server.services.db.select().from(auditLog).where(eq(auditLog.action, 'center.passwordCheck'))
    expect(JSON.stringify(trail)).not.toContain('Wrong#Old')
    await windowEnds(userId)
    expect((await change(demoAccounts.east.password)).body.code).toBe(200)
  })

  it('limits the login password that sets the secondary password the same way', async () => {
    const token = await signIn('demo-west')
    const userId = await idOf('demo-west')
    const before = await auditCount('center.passwordCheck', userId)
    const from = freshAddress()
    const set = (password: string) => main(from, 'PUT', '/userCenter/updateSecondaryPassword', { password, secondaryPassword: '730194', confirmSecondaryPassword: '730194' }, token)
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => set(`Wrong#Login${i}`)))
    const checked = answers.filter((a) => a.body.msg === '登录密码错误')
    expect(checked.length).toBeLessThanOrEqual(5)
    expect(answers.filter((a) => a.body.code === 429)).toHaveLength(20 - checked.length)
    expect((await set(demoAccounts.west.password)).body).toMatchObject({ code: 429, msg: locked })
    expect((await auditCount('center.passwordCheck', userId)) - before).toBe(checked.length + 1)
    await windowEnds(userId)
    expect((await set(demoAccounts.west.password)).body.code).toBe(200)
  })

  it('checks at most 5 of 20 secondary passwords sent at once with a command that cannot be undone, and queues nothing', async () => {
    const token = await signIn('demo')
    const userId = await idOf('demo')
    const from = freshAddress()
    const secondary = '730194'
    expect((await main(from, 'PUT', '/userCenter/updateSecondaryPassword', { password: demoAccounts.boss.password, secondaryPassword: secondary, confirmSecondaryPassword: secondary }, token)).body.code).toBe(200)
    const added = await send(from, 'POST', `${HUAWEI_BASE}/device/add`, { serialNumber: 'GUESS0001' }, token)
    expect(added.body.code, added.body.msg).toBe(200)
    const deviceId = added.body.data.id as number
    const before = await auditCount('device.command', userId)
    const erase = (secondaryPassword: string) => send(from, 'POST', `${HUAWEI_BASE}/device/command/restoreSettings`, { deviceId, secondaryPassword }, token)
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => erase(String(100000 + i))))
    const checked = answers.filter((a) => a.body.msg === '二级密码错误')
    expect(checked.length).toBeLessThanOrEqual(5)
    expect(answers.filter((a) => a.body.code === 429).map((a) => a.body.msg)).toEqual(Array(20 - checked.length).fill(locked))
    expect((await erase(secondary)).body).toMatchObject({ code: 429, msg: locked })
    expect(await loop.server.services.db.select().from(tasks).where(eq(tasks.deviceId, deviceId))).toHaveLength(0)
    expect((await auditCount('device.command', userId)) - before).toBe(checked.length + 1)
    // The same account's login password is not checked meanwhile either: one limit for every in-session check.
    const change = await main(from, 'PUT', '/userCenter/updatePassword', { oldPassword: demoAccounts.boss.password, newPassword: STRONG, confirmPassword: STRONG }, token)
    expect(change.body).toMatchObject({ code: 429, msg: locked })
    await windowEnds(userId)
    expect((await erase(secondary)).body.code).toBe(200)
  })
})

describe('passwords are estimated for strength on the server (issue #41 item 5)', () => {
  const application = (username: string, password: string) => ({
    username,
    password,
    confirmPassword: password,
    companyName: 'Zorvex 物流',
    contactName: '王强',
    phoneNumber: '13912345678',
  })
  const register = (username: string, password: string) => main(freshAddress(), 'POST', '/register', application(username, password))

  it.each(['Passw0rd!', 'Password2026', 'Admin@2026', 'zxcvbnm1', 'Qwerty2026!', 'woaini1314'])('refuses %j at registration, saying why and what to do', async (password) => {
    const res = await register('weak-applicant', password)
    expect(res.body).toEqual({ code: 400, msg: tooGuessable, data: null })
    expect(await loop.server.services.db.select().from(registrations).where(eq(registrations.username, 'weak-applicant'))).toHaveLength(0)
  })

  it.each([
    ['built on the username', 'wangqiang', 'Wangqiang@2026'],
    ['built on the phone number', 'applicant-a', 'Pass13912345678'],
    ['built on the company name', 'applicant-b', 'Zorvex@2026!'],
  ])('refuses a password %s', async (_, username, password) => {
    expect((await register(username, password)).body).toEqual({ code: 400, msg: expect.stringMatching(/^密码太容易被猜到：含有用户名、姓名、手机号或公司名/), data: null })
  })

  it('accepts a strong password at registration', async () => {
    expect((await register('strong-applicant', STRONG)).body.code).toBe(200)
  })

  it('refuses weak passwords when a boss adds staff or a company, and when a user changes theirs', async () => {
    const token = await signIn('demo-staff')
    const boss = await signIn('demo')
    const from = freshAddress()
    const staff = await main(from, 'POST', '/company/staff/add', { username: 'field-guess', password: 'Admin@2026', name: '外勤', phoneNumber: '13600000019' }, boss)
    expect(staff.body).toEqual({ code: 400, msg: tooGuessable, data: null })
    const company = await main(from, 'POST', '/company/add', { name: '南区', username: 'south-guess', password: 'Password2026', confirmPassword: 'Password2026', bossName: '王五', phoneNumber: '13600000020' }, boss)
    expect(company.body).toEqual({ code: 400, msg: tooGuessable, data: null })
    const change = await main(from, 'PUT', '/userCenter/updatePassword', { oldPassword: demoAccounts.staff.password, newPassword: 'Demo-staff2026', confirmPassword: 'Demo-staff2026' }, token)
    expect(change.body).toEqual({ code: 400, msg: tooGuessable, data: null })
    expect(await loop.server.services.db.select().from(users).where(eq(users.username, 'field-guess'))).toHaveLength(0)
    expect(await loop.server.services.db.select().from(users).where(eq(users.username, 'south-guess'))).toHaveLength(0)
  })

  it('refuses a secondary password that is guessed at once, or is the login password', async () => {
    const token = await signIn('admin', demoAccounts.admin.password)
    const from = freshAddress()
    const set = (secondaryPassword: string) =>
      main(from, 'PUT', '/userCenter/updateSecondaryPassword', { password: demoAccounts.admin.password, secondaryPassword, confirmSecondaryPassword: secondaryPassword }, token)
    for (const weak of ['111111', '123456', '654321', '121212', 'qwerty', '19900101']) {
      expect((await set(weak)).body, weak).toEqual({ code: 400, msg: secondaryTooGuessable, data: null })
    }
    expect((await set(demoAccounts.admin.password)).body).toEqual({ code: 400, msg: '二级密码不能与登录密码相同', data: null })
    expect((await set('730194')).body.code).toBe(200)
  })
})

describe('registration is limited per address before the username is looked at (issue #41 item 6)', () => {
  it('refuses the 6th application from one address within the hour, whatever the username', async () => {
    const from = freshAddress()
    const apply = (username: string) => main(from, 'POST', '/register', { username, password: STRONG, confirmPassword: STRONG, companyName: '探测公司', contactName: '李四', phoneNumber: '13912340000' })
    for (const taken of ['demo', 'admin', 'demo-east', 'demo-west', 'demo-staff']) expect((await apply(taken)).body.msg).toBe('用户名已被使用')
    const refused = { code: 429, msg: expect.stringMatching(/^注册申请过于频繁，请 \d+ 分钟后再试$/), data: null }
    expect((await apply('demo')).body).toEqual(refused)
    expect((await apply('never-taken')).body).toEqual(refused)
  })

  it('answers at most 5 of 30 usernames, taken or free, sent at once from one address', async () => {
    const from = freshAddress()
    const taken = ['demo', 'admin', 'demo-east', 'demo-west', 'demo-staff']
    const username = (i: number) => (i % 2 ? taken[i % taken.length] : `probe-${i}`)
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => main(from, 'POST', '/register', { username: username(i), password: STRONG, confirmPassword: STRONG, companyName: '探测公司', contactName: '李四', phoneNumber: '13912340000' })),
    )
    expect(answers.filter((a) => a.body.code !== 429).length).toBeLessThanOrEqual(5)
    expect(await loop.server.services.db.select().from(registrations).where(like(registrations.username, 'probe-%'))).toHaveLength(answers.filter((a) => a.body.code === 200).length)
  })
})
