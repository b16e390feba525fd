import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, ownDatabase, type Harness } from './harness'

/**
 * The same migrations and queries on real PostgreSQL (node-postgres). `.ci/run` starts a server and sets
 * MDM_TEST_POSTGRES_URL; in CI its absence is a failure, locally the file is skipped.
 */
const url = process.env.MDM_TEST_POSTGRES_URL

describe.runIf(url || process.env.CI)('PostgreSQL engine', () => {
  let h: Harness
  let own: Awaited<ReturnType<typeof ownDatabase>> | undefined
  beforeAll(async () => {
    if (!url) throw new Error('CI 中必须设置 MDM_TEST_POSTGRES_URL（由 .ci/run 启动 PostgreSQL）')
    // A database of its own: test files run two at a time, and others use the same server.
    own = await ownDatabase(url, 'mdm_test_engine')
    h = await createHarness({}, own.url)
  })
  afterAll(async () => {
    await h?.close()
    await own?.drop()
  })

  it('migrates, seeds and signs in', async () => {
    expect(h.database.engine).toBe('postgres')
    const token = await h.login('demo')
    const info = await h.call('POST', '/userCenter/info', { token })
    expect(info.body.data).toMatchObject({ username: 'demo', boss: true, companyName: '演示租赁公司' })
    const menu = await h.call('GET', '/userCenter/menu', { token })
    expect(menu.body.data.length).toBeGreaterThan(3)
  })

  it('consumes captchas and revokes sessions the same way', async () => {
    const captcha = await h.call('GET', '/captcha')
    const body = { username: 'demo', password: 'Demo@2026', captcha: 'test', captchaId: captcha.body.data.id }
    const first = await h.call('POST', '/login', { json: body })
    expect(first.body.code).toBe(200)
    expect((await h.call('POST', '/login', { json: body })).body.code).toBe(400)
    const token = first.body.data.token
    expect((await h.call('POST', '/logout', { token })).body.code).toBe(200)
    expect((await h.call('POST', '/userCenter/info', { token })).body.code).toBe(401)
  })

  it('refuses a mismatched registration and stores a valid one', async () => {
    const base = { username: 'pgco', password: 'Secret@2468', confirmPassword: 'Secret@2468', companyName: '公司', contactName: '李四', phoneNumber: '13900000000' }
    expect((await h.call('POST', '/register', { json: { ...base, confirmPassword: 'x' } })).body.msg).toBe('两次密码输入不一致')
    expect((await h.call('POST', '/register', { json: base })).body.code).toBe(200)
  })
})
