import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadAccount } from '../../src/server/auth/sessions'
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

  it('reads a device detail by its prepared statement within each scope: boss, child company, staff, administrator', async () => {
    // One statement prepared by name for every viewer (registry.ts detail): the scope is its values, not its text.
    const rows = (await h.services.db.execute(sql`
      insert into devices (company_id, staff_id, platform, serial_number) values
        (${h.demo.bossCompanyId}, ${h.demo.staffId}, 'HUAWEI', 'PGDETAIL1'), (${h.demo.eastCompanyId}, null, 'HUAWEI', 'PGDETAIL2'),
        (${h.demo.westCompanyId}, null, 'MI', 'PGDETAIL3')
      returning id`)) as unknown as { rows: { id: number }[] }
    const [ofStaff, ofEast, ofWestMi] = rows.rows.map((r) => Number(r.id))
    const detail = async (username: string, id: number, area = '/huawei/mdm/api/v1') => {
      const res = await h.call('GET', `${area}/device/detail?deviceId=${id}`, { token: await h.login(username) })
      return res.body.code === 200 ? res.body.data.serialNumber : res.body.code
    }
    for (let round = 0; round < 2; round++) {
      expect(await detail('demo', ofStaff)).toBe('PGDETAIL1')
      expect(await detail('demo', ofEast)).toBe('PGDETAIL2')
      expect(await detail('demo-east', ofEast)).toBe('PGDETAIL2')
      expect(await detail('demo-east', ofStaff)).toBe(404)
      expect(await detail('demo-staff', ofStaff)).toBe('PGDETAIL1')
      expect(await detail('demo-staff', ofEast)).toBe(404)
      // The administrator (every company: no scope values) has no device area of the console; the service answers.
      const admin = (await loadAccount(h.services.db, h.demo.adminId))!
      expect((await h.services.devices.HUAWEI.detail(admin, ofEast)).serialNumber).toBe('PGDETAIL2')
      // Another family's device reads as missing in this one, and is found in its own.
      expect(await detail('demo', ofWestMi)).toBe(404)
      expect(await detail('demo', ofWestMi, '/huawei/mdm/api/v1/mi')).toBe('PGDETAIL3')
    }
  })

  it('refuses a mismatched registration and stores a valid one', async () => {
    const base = { username: 'pgco', password: 'Kq7#vLm2-Tz9', confirmPassword: 'Kq7#vLm2-Tz9', companyName: '公司', contactName: '李四', phoneNumber: '13900000000' }
    expect((await h.call('POST', '/register', { json: { ...base, confirmPassword: 'x' } })).body.msg).toBe('两次密码输入不一致')
    expect((await h.call('POST', '/register', { json: base })).body.code).toBe(200)
  })
})
