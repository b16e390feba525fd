import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { registrations, users } from '../../src/server/db/schema'
import { passwordStrengthText } from '../../src/shared/messages/passwords'
import { harnessForFile } from './harness'

const h = harnessForFile()

const common = passwordStrengthText.login('common')
const repetitive = passwordStrengthText.login('repeated')
const onUsername = passwordStrengthText.login('personal')

/**
 * Issues #10 and #41 item 5: every place a user chooses a password refuses weak ones on the server, whatever the form
 * did (the estimate itself: src/server/auth/password-strength.test.ts; as an attacker sees it: attack-passwords.test.ts).
 */
describe('weak passwords are refused on the server', () => {
  it.each([
    ['password1', common],
    ['aaaaaaa1', repetitive],
    ['newco2026', onUsername],
    ['       ', '密码不能全是空格'],
    ['a1', '密码长度不能少于8个字符'],
  ])('POST /register with %j', async (password, msg) => {
    const json = { username: 'newco2026', password, confirmPassword: password, companyName: '新公司', contactName: '张三', phoneNumber: '13912345678' }
    const res = await h.call('POST', '/register', { json })
    expect(res.body).toEqual({ code: 400, msg, data: null })
    expect(await h.database.db.select().from(registrations).where(eq(registrations.username, 'newco2026'))).toHaveLength(0)
  })

  it('POST /company/staff/add and /company/add', async () => {
    const boss = await h.login('demo')
    const staff = await h.call('POST', '/company/staff/add', {
      token: boss,
      json: { username: 'field-9', password: 'field-91234', name: '外勤', phoneNumber: '13600000009' },
    })
    expect(staff.body).toEqual({ code: 400, msg: onUsername, data: null })
    const company = await h.call('POST', '/company/add', {
      token: boss,
      json: { name: '南区', username: 'south-co', password: 'Qwerty123', confirmPassword: 'Qwerty123', bossName: '王五', phoneNumber: '13600000010' },
    })
    expect(company.body).toEqual({ code: 400, msg: common, data: null })
    expect(await h.database.db.select().from(users).where(eq(users.username, 'field-9'))).toHaveLength(0)
    expect(await h.database.db.select().from(users).where(eq(users.username, 'south-co'))).toHaveLength(0)
  })

  it('PUT /userCenter/updatePassword checks the new password against the account\'s own username', async () => {
    const token = await h.login('demo-east')
    const res = await h.call('PUT', '/userCenter/updatePassword', { token, json: { oldPassword: 'Demo@2026', newPassword: 'demo-east1234', confirmPassword: 'demo-east1234' } })
    expect(res.body).toEqual({ code: 400, msg: onUsername, data: null })
    await h.login('demo-east', 'Demo@2026')
  })
})
