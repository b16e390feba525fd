import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp, createServices, MAIN_BASE } from '../../src/server/app'
import { testConfig } from '../../src/server/config'
import { smsCodes, users } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { captureLog } from '../../src/server/log'

const h = harnessForFile()
let token: string
let log: ReturnType<typeof captureLog>
beforeEach(async () => {
  token = await h.login('demo')
  log = captureLog()
})
afterEach(() => log.restore())
/** The SMS provider's lines of the log ('log' provider: the message sent). */
const smsLines = () => log.lines().map((l) => String(l.msg)).filter((m) => m.startsWith('[短信]'))

/** The default SMS provider writes the message to the server log; read the code from there. */
function loggedCode(phoneNumber: string): string {
  const line = smsLines().reverse().find((l) => l.includes(phoneNumber))
  const code = line?.match(/验证码是 (\d{6})/)?.[1]
  if (!code) throw new Error(`no SMS code logged for ${phoneNumber}`)
  return code
}

async function age(userId: number, ms: number) {
  const rows = await h.database.db.select().from(smsCodes).where(eq(smsCodes.userId, userId))
  for (const r of rows) {
    await h.database.db
      .update(smsCodes)
      .set({ createdAt: new Date(r.createdAt.getTime() - ms), expiresAt: new Date(r.expiresAt.getTime() - ms) })
      .where(eq(smsCodes.id, r.id))
  }
}

describe('PUT /userCenter/updatePassword', () => {
  const change = { oldPassword: 'Demo@2026', newPassword: 'Vt4!rNq8-Hx2', confirmPassword: 'Vt4!rNq8-Hx2' }

  it('checks the old password, changes it and ends all other sessions of the user', async () => {
    const other = await h.login('demo')
    const bystander = await h.login('demo-east')
    const res = await h.call('PUT', '/userCenter/updatePassword', { token, json: change })
    expect(res.body).toMatchObject({ code: 200, msg: '修改密码成功' })
    expect((await h.call('POST', '/userCenter/info', { token })).body.code).toBe(200)
    expect((await h.call('POST', '/userCenter/info', { token: other })).status).toBe(401)
    expect((await h.call('POST', '/userCenter/info', { token: bystander })).body.code).toBe(200)
    await expect(h.login('demo')).rejects.toThrow()
    await h.login('demo', 'Vt4!rNq8-Hx2')
  })

  it('answers the spec’s and the field messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...change, confirmPassword: 'Other2026' }, '新密码与确认密码不一致'],
      [{ ...change, oldPassword: 'Wrong2026' }, '原密码错误'],
      [{ ...change, newPassword: 'Demo@2026', confirmPassword: 'Demo@2026' }, '新密码不能与原密码相同'],
      [{ ...change, newPassword: 'short1', confirmPassword: 'short1' }, '密码长度不能少于8个字符'],
      [{ ...change, oldPassword: '' }, '原密码不能为空'],
    ]
    for (const [json, msg] of cases) {
      const res = await h.call('PUT', '/userCenter/updatePassword', { token, json })
      expect(res.body).toEqual({ code: 400, msg, data: null })
    }
    await h.login('demo')
  })
})

describe('PUT /userCenter/updateSecondaryPassword', () => {
  it('sets and changes the secondary password after the login password is confirmed', async () => {
    expect((await h.call('GET', '/userCenter/security', { token })).body.data).toEqual({ username: 'demo', name: '演示老板', phoneNumber: '13800000000', secondaryPasswordSet: false })
    const wrong = await h.call('PUT', '/userCenter/updateSecondaryPassword', { token, json: { password: 'nope', secondaryPassword: '730194', confirmSecondaryPassword: '730194' } })
    expect(wrong.body).toEqual({ code: 400, msg: '登录密码错误', data: null })
    const mismatch = await h.call('PUT', '/userCenter/updateSecondaryPassword', { token, json: { password: 'Demo@2026', secondaryPassword: '730194', confirmSecondaryPassword: '730195' } })
    expect(mismatch.body.msg).toBe('新密码与确认密码不一致')
    const short = await h.call('PUT', '/userCenter/updateSecondaryPassword', { token, json: { password: 'Demo@2026', secondaryPassword: '123', confirmSecondaryPassword: '123' } })
    expect(short.body.msg).toBe('二级密码长度不能少于6个字符')
    const res = await h.call('PUT', '/userCenter/updateSecondaryPassword', { token, json: { password: 'Demo@2026', secondaryPassword: '730194', confirmSecondaryPassword: '730194' } })
    expect(res.body).toMatchObject({ code: 200, msg: '修改密码成功' })
    const [row] = await h.database.db.select().from(users).where(eq(users.id, h.demo.bossId))
    expect(row.secondaryPasswordHash).toMatch(/^scrypt\$/)
    expect((await h.call('GET', '/userCenter/security', { token })).body.data.secondaryPasswordSet).toBe(true)
  })
})

describe('POST /sms/sendCode and PUT /userCenter/updatePhoneNumber', () => {
  it('with MDM_SMS_PROVIDER=none answers that SMS is not configured, logs no code and stores none', async () => {
    const app = createApp(createServices(testConfig({ smsProvider: 'none' }), h.database.db))
    const res = await app.request(`${MAIN_BASE}/sms/sendCode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ phoneNumber: '13911112222' }),
    })
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ code: 503, msg: '短信服务未配置，请联系管理员', data: null })
    expect(smsLines()).toEqual([])
    expect(await h.database.db.select().from(smsCodes)).toHaveLength(0)
  })

  it('sends a code through the SMS provider (the server log), stores only its hash, and changes the number with it', async () => {
    const send = await h.call('POST', '/sms/sendCode', { token, json: { phoneNumber: '13911112222' } })
    expect(send.body).toMatchObject({ code: 200, data: { expiresInSeconds: 600, resendAfterSeconds: 60 } })
    const code = loggedCode('13911112222')
    const rows = await h.database.db.select().from(smsCodes).where(eq(smsCodes.userId, h.demo.bossId))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(code)
    const res = await h.call('PUT', '/userCenter/updatePhoneNumber', { token, json: { phoneNumber: '13911112222', code } })
    expect(res.body).toMatchObject({ code: 200, msg: '修改手机号成功' })
    expect((await h.call('POST', '/userCenter/info', { token })).body.data.phoneNumber).toBe('13911112222')
    const reuse = await h.call('PUT', '/userCenter/updatePhoneNumber', { token, json: { phoneNumber: '13911112222', code } })
    expect(reuse.body).toEqual({ code: 400, msg: '短信验证码错误或已过期，请重新获取', data: null })
  })

  it('refuses a wrong code, a code for another number, an expired code, and stops after five guesses', async () => {
    await h.call('POST', '/sms/sendCode', { token, json: { phoneNumber: '13911112222' } })
    const code = loggedCode('13911112222')
    const wrong = code === '000000' ? '111111' : '000000'
    expect((await h.call('PUT', '/userCenter/updatePhoneNumber', { token, json: { phoneNumber: '13911113333', code } })).body.msg).toBe('短信验证码错误或已过期，请重新获取')
    for (let i = 0; i < 5; i++) {
      expect((await h.call('PUT', '/userCenter/updatePhoneNumber', { token, json: { phoneNumber: '13911112222', code: wrong } })).body.code).toBe(400)
    }
    const afterGuesses = await h.call('PUT', '/userCenter/updatePhoneNumber', { token, json: { phoneNumber: '13911112222', code } })
    expect(afterGuesses.body.msg).toBe('短信验证码错误或已过期，请重新获取')

    await age(h.demo.bossId, 61_000)
    await h.call('POST', '/sms/sendCode', { token, json: { phoneNumber: '13911112222' } })
    const fresh = loggedCode('13911112222')
    await age(h.demo.bossId, 11 * 60_000)
    const expired = await h.call('PUT', '/userCenter/updatePhoneNumber', { token, json: { phoneNumber: '13911112222', code: fresh } })
    expect(expired.body.msg).toBe('短信验证码错误或已过期，请重新获取')
    const [row] = await h.database.db.select().from(users).where(eq(users.id, h.demo.bossId))
    expect(row.phoneNumber).toBe('13800000000')
  })

  it('rate-limits sending: once a minute and five an hour', async () => {
    expect((await h.call('POST', '/sms/sendCode', { token, json: { phoneNumber: '13911112222' } })).body.code).toBe(200)
    const again = await h.call('POST', '/sms/sendCode', { token, json: { phoneNumber: '13911112222' } })
    expect(again.status).toBe(429)
    expect(again.body.msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/)
    for (let i = 0; i < 4; i++) {
      await age(h.demo.bossId, 61_000)
      expect((await h.call('POST', '/sms/sendCode', { token, json: { phoneNumber: '13911112222' } })).body.code).toBe(200)
    }
    await age(h.demo.bossId, 61_000)
    const sixth = await h.call('POST', '/sms/sendCode', { token, json: { phoneNumber: '13911112222' } })
    expect(sixth.body).toEqual({ code: 429, msg: '验证码发送次数过多，请一小时后再试', data: null })
  })

  it('limits requests sent at the same moment exactly like ones sent one after another', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => h.call('POST', '/sms/sendCode', { token, json: { phoneNumber: '13911112222' } })))
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 429, 429, 429, 429, 429])
    expect(await h.database.db.select().from(smsCodes).where(eq(smsCodes.userId, h.demo.bossId))).toHaveLength(1)
  })

  it('validates the phone number and the code', async () => {
    expect((await h.call('POST', '/sms/sendCode', { token, json: { phoneNumber: '1391111' } })).body.msg).toBe('手机号必须是11位数字，以1开头')
    expect((await h.call('POST', '/sms/sendCode', { token, json: { phoneNumber: '13800000000' } })).body.msg).toBe('新手机号与当前手机号相同')
    expect((await h.call('PUT', '/userCenter/updatePhoneNumber', { token, json: { phoneNumber: '13911112222', code: '12ab' } })).body.msg).toBe('短信验证码是6位数字')
    expect((await h.call('PUT', '/userCenter/updatePhoneNumber', { token, json: { phoneNumber: '13911112222' } })).body.msg).toBe('短信验证码不能为空')
  })
})

describe('personal centre access', () => {
  it('is open to every signed-in user, staff included, and to no one signed out', async () => {
    const staff = await h.login('demo-staff')
    expect((await h.call('GET', '/userCenter/security', { token: staff })).body.code).toBe(200)
    expect((await h.call('PUT', '/userCenter/updatePassword', { token: staff, json: { oldPassword: 'Demo@2026', newPassword: 'Bm6@wYs3-Kd7', confirmPassword: 'Bm6@wYs3-Kd7' } })).body.code).toBe(200)
    for (const [method, path] of [['GET', '/userCenter/security'], ['PUT', '/userCenter/updatePassword'], ['POST', '/sms/sendCode'], ['PUT', '/userCenter/updatePhoneNumber'], ['PUT', '/userCenter/updateSecondaryPassword']] as const) {
      expect((await h.call(method, path, { json: method === 'GET' ? undefined : {} })).status).toBe(401)
    }
  })
})
