import { eq, sql } from 'drizzle-orm'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createApp, createServices, MAIN_BASE } from '../../src/server/app'
import { testConfig } from '../../src/server/config'
import { captchas, companies, rateLimits, registrations, sessions } from '../../src/server/db/schema'
import { hashToken } from '../../src/server/auth/sessions'
import { CaptchaService } from '../../src/server/auth/captcha'
import { CAPTCHA, createHarness, harnessForFile } from './harness'
import { captureLog } from '../../src/server/log'

const h = harnessForFile()

async function captchaId() {
  const res = await h.call('GET', '/captcha')
  return res.body.data.id as string
}

function login(body: Record<string, unknown>) {
  return h.call('POST', '/login', { json: body })
}

describe('GET /captcha', () => {
  it('answers an id and a PNG data URL without a token', async () => {
    const res = await h.call('GET', '/captcha')
    expect(res.status).toBe(200)
    expect(res.body.code).toBe(200)
    // The answer, expiry and a nonce sealed with the server's key (issue #41: drawing writes no row).
    expect(res.body.data.id).toMatch(/^v1\.[\w-]{60,}$/)
    expect(await h.database.db.select().from(captchas)).toEqual([])
    expect(res.body.data.img).toMatch(/^data:image\/png;base64,/)
    const png = Buffer.from(res.body.data.img.split(',')[1], 'base64')
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
    // Issues #10 and #41: the answer (MDM_CAPTCHA_ANSWER here) is drawn in pixels, not written or outlined.
    expect(png.toString('latin1')).not.toMatch(/<svg|<text|<path/)
    expect(png.toString('latin1').toLowerCase()).not.toContain(CAPTCHA)
  })

  it('expires after 5 minutes', async () => {
    let now = Date.now()
    const service = new CaptchaService(h.database.db, h.services.secrets, 'AB23', () => now)
    const late = await service.create()
    now += 5 * 60_000
    expect(await service.consume(late.id, 'AB23')).toBe(false)
    const inTime = await service.create()
    // Its expiry is kept to the second below.
    now += 5 * 60_000 - 1000
    expect(await service.consume(inTime.id, 'AB23')).toBe(true)
  })

  it('refuses an id it did not seal, or one changed, and an answered one the second time', async () => {
    const service = new CaptchaService(h.database.db, h.services.secrets, 'AB23')
    const forged = JSON.stringify({ n: 'x', a: 'AB23', e: Date.now() + 60_000 })
    expect(await service.consume(forged, 'AB23')).toBe(false)
    const { id } = await service.create()
    const changed = id.slice(0, -4) + (id.endsWith('AAAA') ? 'BBBB' : 'AAAA')
    expect(await service.consume(changed, 'AB23')).toBe(false)
    expect(await service.consume(id, 'AB23')).toBe(true)
    expect(await service.consume(id, 'AB23')).toBe(false)
    const res = await login({ username: 'demo', password: 'Demo@2026', captcha: CAPTCHA, captchaId: forged })
    expect(res.body).toMatchObject({ code: 400, msg: '验证码错误或已过期，请重新输入', data: null })
  })
})

describe('POST /login', () => {
  it('signs in with the right password and captcha', async () => {
    const res = await login({ username: 'demo', password: 'Demo@2026', captcha: CAPTCHA, captchaId: await captchaId() })
    expect(res.body.code).toBe(200)
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/)
  })

  it('stores only the SHA-256 of the token', async () => {
    const token = await h.login('demo')
    const rows = await h.database.db.select().from(sessions)
    expect(rows).toHaveLength(1)
    expect(rows[0].tokenHash).toBe(hashToken(token))
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('refuses a wrong captcha and consumes it', async () => {
    const id = await captchaId()
    const wrong = await login({ username: 'demo', password: 'Demo@2026', captcha: 'nope', captchaId: id })
    expect(wrong.body).toMatchObject({ code: 400, msg: '验证码错误或已过期，请重新输入' })
    const again = await login({ username: 'demo', password: 'Demo@2026', captcha: CAPTCHA, captchaId: id })
    expect(again.body.code).toBe(400)
  })

  it('refuses a reused captcha', async () => {
    const id = await captchaId()
    expect((await login({ username: 'demo', password: 'Demo@2026', captcha: CAPTCHA, captchaId: id })).body.code).toBe(200)
    const reused = await login({ username: 'demo', password: 'Demo@2026', captcha: CAPTCHA, captchaId: id })
    expect(reused.body).toMatchObject({ code: 400, msg: '验证码错误或已过期，请重新输入' })
  })

  it('refuses a wrong password, consuming the captcha, and says the same for an unknown user', async () => {
    const id = await captchaId()
    const wrong = await login({ username: 'demo', password: 'Wrong@2026', captcha: CAPTCHA, captchaId: id })
    expect(wrong.body).toMatchObject({ code: 400, msg: '用户名或密码错误' })
    const retry = await login({ username: 'demo', password: 'Demo@2026', captcha: CAPTCHA, captchaId: id })
    expect(retry.body.msg).toBe('验证码错误或已过期，请重新输入')
    const unknown = await login({ username: 'ghost', password: 'Demo@2026', captcha: CAPTCHA, captchaId: await captchaId() })
    expect(unknown.body.msg).toBe('用户名或密码错误')
  })

  it('takes as long for an unknown username as for a wrong password (both run scrypt)', async () => {
    const timed = async (username: string) => {
      // Fourteen failures would reach the sign-in limits (rate-limit.test.ts); this test is about timing only.
      await h.database.db.delete(rateLimits)
      const id = await captchaId()
      const started = performance.now()
      const res = await login({ username, password: 'Wrong@2026', captcha: CAPTCHA, captchaId: id })
      expect(res.body.msg).toBe('用户名或密码错误')
      return performance.now() - started
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 7; i++) {
      known.push(await timed('demo'))
      unknown.push(await timed(`ghost-${i}`))
    }
    // Without the dummy check an unknown name answers in a fraction of the scrypt time; with it both are alike.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.3)
  })

  it('answers missing fields with a Chinese sentence naming the field', async () => {
    const res = await login({ username: 'demo', captcha: CAPTCHA, captchaId: await captchaId() })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg: '密码不能为空', data: null })
  })

  it('answers malformed JSON with a 400 envelope, not a stack trace', async () => {
    const res = await h.call('POST', '/login', { body: '{"username":', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg: '请求体不是有效的 JSON', data: null })
  })
})

describe('sessions', () => {
  it('answers 401 without a token, with an unknown token and with a malformed header', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }] as Record<string, string>[]) {
      const res = await h.call('POST', '/userCenter/info', { headers })
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ code: 401, data: null })
      expect(res.body.msg).toMatch(/登录/)
    }
  })

  it('answers 401 for an expired token', async () => {
    const token = await h.login('demo')
    await h.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(token)))
    const res = await h.call('POST', '/userCenter/info', { token })
    expect(res.body.code).toBe(401)
  })

  it('expires tokens after the configured lifetime', async () => {
    const short = await createHarness({ tokenTtlMs: 1 })
    try {
      const token = await short.login('demo')
      await new Promise((r) => setTimeout(r, 5))
      expect((await short.call('POST', '/userCenter/info', { token })).body.code).toBe(401)
    } finally {
      await short.close()
    }
  })

  it('a disabled company ends its users’ sessions, and a disabled top-level company its child companies’ too', async () => {
    const east = await h.login('demo-east')
    const boss = await h.login('demo')
    await h.database.db.update(companies).set({ available: false }).where(eq(companies.id, h.demo.bossCompanyId))
    expect((await h.call('POST', '/userCenter/info', { token: boss })).body.code).toBe(401)
    expect((await h.call('POST', '/userCenter/info', { token: east })).body.code).toBe(401)
    // And signing in again is refused with the reason, rather than handing out a session that is refused at once.
    for (const username of ['demo', 'demo-east']) {
      const res = await login({ username, password: 'Demo@2026', captcha: 'test', captchaId: await captchaId() })
      expect(res.body).toEqual({ code: 403, msg: '所属公司已被禁用，无法登录，请联系上级公司或管理员', data: null })
    }
    expect(await h.database.db.select().from(sessions).where(eq(sessions.userId, h.demo.bossId))).toHaveLength(1)
  })

  it('tells an applicant with the application\'s password that it is under review or was rejected; others learn nothing', async () => {
    const application = { username: 'applicant', password: 'Kq7#vLm2-Tz9', confirmPassword: 'Kq7#vLm2-Tz9', companyName: '申请公司', contactName: '张三', phoneNumber: '13912345678' }
    expect((await h.call('POST', '/register', { json: application })).body.code).toBe(200)
    const attempt = async (password: string) => (await login({ username: 'applicant', password, captcha: 'test', captchaId: await captchaId() })).body.msg
    expect(await attempt('Kq7#vLm2-Tz9')).toBe('注册申请正在审核中，审核通过后管理员会与您联系')
    expect(await attempt('Wrong1234')).toBe('用户名或密码错误')
    await h.database.db.update(registrations).set({ status: 'REJECTED' })
    expect(await attempt('Kq7#vLm2-Tz9')).toBe('注册申请未通过审核，请联系管理员')
  })

  it('logout revokes the token and leaves other sessions alone', async () => {
    const a = await h.login('demo')
    const b = await h.login('demo')
    expect((await h.call('POST', '/logout', { token: a })).body.code).toBe(200)
    expect((await h.call('POST', '/userCenter/info', { token: a })).body.code).toBe(401)
    expect((await h.call('POST', '/userCenter/info', { token: b })).body.code).toBe(200)
    expect((await h.call('POST', '/logout', { token: a })).body.code).toBe(401)
  })
})

describe('POST /userCenter/info and GET /userCenter/menu', () => {
  const routesOf = (menu: any[]): string[] =>
    menu.flatMap((m) => (m.type === -1 ? m.children.filter((c: any) => c.type !== 1).map((c: any) => c.component) : [m.component]))

  it('describes the boss with its real authorities', async () => {
    const token = await h.login('demo')
    const res = await h.call('POST', '/userCenter/info', { token })
    expect(res.body.data).toMatchObject({ username: 'demo', boss: true, admin: false, companyName: '演示租赁公司' })
    expect(res.body.data.authorityList).toEqual(expect.arrayContaining(['company', 'role', 'staff', 'huawei:device']))
    expect(res.body.data).not.toHaveProperty('passwordHash')
  })

  it('gives each kind of user its own menu', async () => {
    const menus: Record<string, string[]> = {}
    for (const u of ['admin', 'demo', 'demo-east', 'demo-staff']) {
      const res = await h.call('GET', '/userCenter/menu', { token: await h.login(u) })
      expect(res.body.code).toBe(200)
      menus[u] = routesOf(res.body.data)
    }
    expect(menus.admin).toContain('/userRegister')
    expect(menus.admin).not.toContain('/huawei/device')
    expect(menus.demo).toEqual(expect.arrayContaining(['/user/business', '/user/staff', '/sys', '/huawei/device', '/access']))
    expect(menus.demo).not.toContain('/userRegister')
    expect(menus['demo-east']).toContain('/user/staff')
    expect(menus['demo-east']).not.toContain('/user/business')
    expect(menus['demo-staff']).toEqual(expect.arrayContaining(['/huawei/device', '/mi/device']))
    // The staff role holds ios:device: the Apple list is in its menu now that it is built (issue #13), the recycle
    // bin (ios:recycle) is not; screens not built yet stay out of every menu (issue #11).
    expect(menus['demo-staff']).toContain('/ios/device')
    expect(menus['demo-staff']).not.toContain('/ios/recycle')
    expect(menus['demo-staff']).not.toContain('/ios/renew')
    // Announcements and the agreement are built (issue #15): company accounts see both, staff the announcements only.
    expect(menus.demo).toEqual(expect.arrayContaining(['/announcement', '/contract']))
    expect(menus['demo-staff']).toContain('/announcement')
    expect(menus['demo-staff']).not.toContain('/contract')
    expect(menus['demo-staff']).not.toContain('/sys')
    expect(menus['demo-staff']).not.toContain('/user/business')
  })

  it('names the account version on every signed-in answer, and a new one once a role changes what info and menu say', async () => {
    const token = await h.login('demo-staff')
    const info = await h.call('POST', '/userCenter/info', { token })
    const version: string = info.body.data.version
    expect(version).toMatch(/^[\w-]{16}$/)
    expect(info.headers.get('x-account-version')).toBe(version)
    // Any signed-in answer says it, not only the info: the console learns of a change from whatever it asks next.
    const list = await h.call('GET', '/userCenter/menu', { token })
    expect(list.headers.get('x-account-version')).toBe(version)
    expect((await h.call('POST', '/userCenter/info', { token: await h.login('demo') })).body.data.version).not.toBe(version)

    // The role loses an authority behind the services' back (as session-cache.test.ts does), then gets it again.
    const role = sql`(select role_id from users where username = 'demo-staff')`
    const held = (await h.services.db.execute(sql`select authorities from roles where id = ${role}`)) as unknown as { rows: { authorities: string[] }[] }
    const authorities = held.rows[0].authorities
    await h.services.db.execute(sql`update roles set authorities = ${JSON.stringify(authorities.slice(1))}::jsonb where id = ${role}`)
    onTestFinished(async () => {
      await h.services.db.execute(sql`update roles set authorities = ${JSON.stringify(authorities)}::jsonb where id = ${role}`)
    })

    const next = await h.call('GET', '/userCenter/menu', { token })
    const changed = next.headers.get('x-account-version')
    expect(changed).not.toBe(version)
    expect((await h.call('POST', '/userCenter/info', { token })).body.data.version).toBe(changed)
    // Nothing to sign in anew for: answers without a session say no version.
    expect((await h.call('GET', '/captcha')).headers.get('x-account-version')).toBeNull()
  })

  it('shapes every menu entry as SPEC §2 says', async () => {
    const res = await h.call('GET', '/userCenter/menu', { token: await h.login('demo') })
    const check = (item: any) => {
      expect(Object.keys(item).sort()).toEqual(['children', 'component', 'icon', 'title', 'type'])
      expect([-1, 0, 1, 2]).toContain(item.type)
      if (item.type === -1) expect(item.children.length).toBeGreaterThan(0)
      else expect(item.component).toMatch(/^\//)
      item.children.forEach(check)
    }
    expect(res.body.data.length).toBeGreaterThan(3)
    res.body.data.forEach(check)
  })
})

describe('POST /register', () => {
  const valid = {
    username: 'newco',
    password: 'Kq7#vLm2-Tz9',
    confirmPassword: 'Kq7#vLm2-Tz9',
    companyName: '新租赁公司',
    contactName: '张三',
    phoneNumber: '13912345678',
  }

  it('stores a pending registration with a hashed password', async () => {
    const res = await h.call('POST', '/register', { json: valid })
    expect(res.body).toMatchObject({ code: 200 })
    const [row] = await h.database.db.select().from(registrations)
    expect(row).toMatchObject({ username: 'newco', companyName: '新租赁公司', status: 'PENDING' })
    expect(row.passwordHash).toMatch(/^scrypt\$/)
    expect(row.passwordHash).not.toContain('Kq7#vLm2-Tz9')
  })

  it('keeps one pending application when the same username is submitted twice at once', async () => {
    const answers = await Promise.all([h.call('POST', '/register', { json: valid }), h.call('POST', '/register', { json: valid })])
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 409])
    expect(answers.find((a) => a.body.code === 409)?.body.msg).toBe('该用户名已提交注册申请，请等待审核')
    expect(await h.database.db.select().from(registrations)).toHaveLength(1)
  })

  it('refuses text no column can hold, naming the field, instead of failing', async () => {
    const res = await h.call('POST', '/register', { json: { ...valid, companyName: 'a\u0000b' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg: '公司名称包含无效字符，请删除后重试', data: null })
    const login = await h.call('POST', '/login', { json: { username: 'x', password: 'y', captcha: 'test', captchaId: 'a\u0000' } })
    expect(login.body).toEqual({ code: 400, msg: '验证码编号包含无效字符，请删除后重试', data: null })
    expect(await h.database.db.select().from(registrations)).toHaveLength(0)
  })

  it('refuses mismatched passwords with the spec message and stores nothing', async () => {
    const res = await h.call('POST', '/register', { json: { ...valid, confirmPassword: 'Other1234' } })
    expect(res.body).toEqual({ code: 400, msg: '两次密码输入不一致', data: null })
    expect(await h.database.db.select().from(registrations)).toHaveLength(0)
  })

  it.each([
    [{ ...valid, username: undefined }, '用户名不能为空'],
    [{ ...valid, phoneNumber: '123' }, '手机号必须是11位数字，以1开头'],
    [{ ...valid, companyName: '' }, '公司名称不能为空'],
    [{ ...valid, password: 'short1', confirmPassword: 'short1' }, '密码长度不能少于8个字符'],
  ])('refuses %j with "%s"', async (body, msg) => {
    const res = await h.call('POST', '/register', { json: body })
    expect(res.body).toEqual({ code: 400, msg, data: null })
  })

  it('limits applications per client address to five an hour, counted in the database whatever their outcome', async () => {
    // Behind the trusted proxy the client address comes from X-Forwarded-For (there is no socket here).
    const proxied = createApp(createServices(testConfig({ trustProxy: true }), h.database.db))
    const registerFrom = async (ip: string, username: string) => {
      const res = await proxied.request(`${MAIN_BASE}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ ...valid, username }),
      })
      return { status: res.status, body: await res.json() }
    }
    for (let i = 1; i <= 4; i++) expect((await registerFrom('198.51.100.7', `newco${i}`)).body.code).toBe(200)
    // A taken username is an application too (issue #41 item 6: otherwise usernames could be listed without limit).
    expect((await registerFrom('198.51.100.7', 'demo')).body.code).toBe(409)
    const sixth = await registerFrom('198.51.100.7', 'newco6')
    expect(sixth.status).toBe(429)
    expect(sixth.body).toEqual({ code: 429, msg: '注册申请过于频繁，请 60 分钟后再试', data: null })
    expect(await h.database.db.select().from(registrations).where(eq(registrations.username, 'newco6'))).toHaveLength(0)
    expect((await registerFrom('198.51.100.8', 'newco7')).body.code).toBe(200)
    // An hour later the address may apply again.
    await h.database.db.update(rateLimits).set({ windowStart: new Date(Date.now() - 3600_000 - 1000) }).where(eq(rateLimits.key, 'register:address:198.51.100.7'))
    expect((await registerFrom('198.51.100.7', 'newco6')).body.code).toBe(200)
  })

  it('refuses a username already in use or already pending', async () => {
    expect((await h.call('POST', '/register', { json: { ...valid, username: 'demo' } })).body).toMatchObject({ code: 409, msg: '用户名已被使用' })
    expect((await h.call('POST', '/register', { json: valid })).body.code).toBe(200)
    expect((await h.call('POST', '/register', { json: valid })).body).toMatchObject({ code: 409, msg: '该用户名已提交注册申请，请等待审核' })
  })
})

describe('server errors', () => {
  it('logs the route, the error kind and the database’s reason, never the failed query’s parameters', async () => {
    const db = h.database.db
    await db.execute(sql.raw('alter table registrations add constraint mdm_test_refuse check (false) not valid'))
    const logged = captureLog()
    try {
      const res = await h.call('POST', '/register', {
        json: { username: 'newco', password: 'Kq7#vLm2-Tz9', confirmPassword: 'Kq7#vLm2-Tz9', companyName: '新租赁公司', contactName: '张三', phoneNumber: '13912345678' },
      })
      expect(res.status).toBe(500)
      expect(res.body).toEqual({ code: 500, msg: '服务器内部错误，请稍后重试', data: null })
      const [error] = logged.lines().filter((l) => l.level === 50)
      expect(error).toMatchObject({ method: 'POST', path: '/mdm/api/v1/register', reqId: res.headers.get('x-request-id') })
      const text = String(error.err)
      expect(text).toContain('DrizzleQueryError')
      expect(text).toContain('violates check constraint "mdm_test_refuse"')
      for (const secret of ['scrypt$', '13912345678', 'newco']) expect(logged.text()).not.toContain(secret)
    } finally {
      logged.restore()
      await db.execute(sql.raw('alter table registrations drop constraint mdm_test_refuse'))
    }
  })
})

describe('envelope', () => {
  it('GET /account/WXCheck answers without a token', async () => {
    const res = await h.call('GET', '/account/WXCheck')
    expect(res.body).toEqual({ code: 200, msg: 'success', data: { enabled: false } })
  })

  it.each(['/mdm/api/v1/nope', '/huawei/mdm/api/v1/nope', '/mdm/api/v2/anything'])('unknown API path %s answers a 404 envelope', async (path) => {
    const res = await h.call('GET', path)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ code: 404, msg: '接口不存在', data: null })
  })

  it('public configuration carries the ICP notice', async () => {
    const res = await h.call('GET', '/app/config')
    expect(res.body.data.icp).toMatch(/ICP/)
  })
})
