import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { auditLog, devices } from '../../src/server/db/schema'
import { CAPTCHA, harnessForFile } from './harness'
import { addDevice, HW, setHuaweiQuota } from './huawei-helpers'
import { FULL_TENANT, makeTenant } from './org-builders'

// Behind a proxy the client address is the last X-Forwarded-For hop: the tests set it to know what to expect.
const h = harnessForFile({ trustProxy: true })
const from = (ip: string) => ({ 'x-forwarded-for': ip })

async function login(username: string, password: string, ip: string) {
  const captcha = await h.call('GET', '/captcha')
  return h.call('POST', '/login', { json: { username, password, captcha: CAPTCHA, captchaId: captcha.body.data.id }, headers: from(ip) })
}

async function search(token: string, query = '') {
  const res = await h.call('GET', `/audit/search?current=1&pageSize=100${query}`, { token })
  expect(res.body?.code, res.text).toBe(200)
  return res.body.data as { records: Record<string, unknown>[]; total: number }
}

describe('audit trail', () => {
  it('records sign-ins, failed and successful, with the username tried, the address and the outcome', async () => {
    expect((await login('demo', 'Wrong@2026', '203.0.113.7')).body.code).toBe(400)
    expect((await login('nobody-here', 'Wrong@2026', '203.0.113.8')).body.code).toBe(400)
    const ok = await login('demo', 'Demo@2026', '203.0.113.9')
    expect(ok.body.code).toBe(200)
    const admin = await h.login('admin')
    const { records } = await search(admin, '&action=auth.login')
    const demoFailed = records.find((r) => r.actorUsername === 'demo' && r.outcome === 'REFUSED')
    expect(demoFailed).toMatchObject({ actorUserId: h.demo.bossId, actorKind: 'BOSS', companyId: h.demo.bossCompanyId, clientIp: '203.0.113.7', reason: '用户名或密码错误' })
    expect(records.find((r) => r.actorUsername === 'nobody-here')).toMatchObject({ actorUserId: null, actorKind: 'ANONYMOUS', companyId: null, clientIp: '203.0.113.8', outcome: 'REFUSED' })
    expect(records.find((r) => r.actorUsername === 'demo' && r.outcome === 'SUCCESS')).toMatchObject({ clientIp: '203.0.113.9', companyName: '演示租赁公司' })
    // No password, tried or real, is kept anywhere in the trail.
    const all = JSON.stringify(await h.database.db.select().from(auditLog))
    expect(all).not.toContain('Wrong@2026')
    expect(all).not.toContain('Demo@2026')
  })

  it('records a device command and a company change with actor, company, address and outcome', async () => {
    const boss = await h.login('demo')
    await setHuaweiQuota(h, h.demo.bossCompanyId, 5)
    const deviceId = await addDevice(h, boss, { serialNumber: 'AUDIT0001' })
    const res = await h.call('POST', `${HW}/device/command/lockScreen`, { token: boss, json: { deviceId }, headers: from('198.51.100.4') })
    expect(res.body.code).toBe(200)
    const renamed = await h.call('PUT', '/company/update', { token: boss, json: { id: h.demo.eastCompanyId, name: '华东新名' }, headers: from('198.51.100.5') })
    expect(renamed.body.code).toBe(200)
    const { records } = await search(boss)
    expect(records.find((r) => r.action === 'device.command')).toMatchObject({
      actorUsername: 'demo', actorKind: 'BOSS', companyId: h.demo.bossCompanyId, targetCompanyId: null, clientIp: '198.51.100.4',
      targetKind: 'DEVICE', targetId: String(deviceId), outcome: 'SUCCESS', summary: 'AUDIT0001：锁屏',
    })
    expect(records.find((r) => r.action === 'company.update')).toMatchObject({
      actorUsername: 'demo', companyId: h.demo.bossCompanyId, targetCompanyId: h.demo.eastCompanyId, targetCompanyName: '华东新名',
      clientIp: '198.51.100.5', outcome: 'SUCCESS',
    })
    expect(records.find((r) => r.action === 'device.add')).toMatchObject({ summary: 'AUDIT0001' })
  })

  it('filters by action, actor substring and date range, and pages', async () => {
    for (let i = 0; i < 3; i++) await login('demo', 'Wrong@2026', '192.0.2.1')
    const admin = await h.login('admin')
    const byActor = await search(admin, '&actor=EM')
    expect(byActor.records.length).toBeGreaterThanOrEqual(3)
    expect(byActor.records.every((r) => String(r.actorUsername).includes('em'))).toBe(true)
    const page = await h.call('GET', '/audit/search?current=2&pageSize=2&action=auth.login', { token: admin })
    expect(page.body.data.records).toHaveLength(2)
    // Three failures and the administrator's sign-in.
    expect(page.body.data.total).toBe(4)
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
    expect((await search(admin, `&from=${today}&to=${today}`)).total).toBeGreaterThan(0)
    expect((await search(admin, '&to=2000-01-01')).total).toBe(0)
    const bad = await h.call('GET', '/audit/search?from=2026-02-30', { token: admin })
    expect(bad.body.code).toBe(400)
    expect(bad.body.msg).toMatch(/日期/)
    const badAction = await h.call('GET', '/audit/search?action=drop', { token: admin })
    expect(badAction.body.code).toBe(400)
  })

  it("shows a boss its tree's entries but not another tenant's; the administrator sees all", async () => {
    const other = await makeTenant(h, { ...FULL_TENANT, tag: 'x', signIn: true })
    const otherBoss = other.token
    const demoBoss = await h.login('demo')
    const east = await h.login('demo-east')
    await h.call('POST', '/role/add', { token: otherBoss, json: { name: '外部角色', roleType: 'STAFF', authorityIdList: ['dashboard'] } })
    await h.call('POST', '/role/add', { token: east, json: { name: '华东角色', roleType: 'STAFF', authorityIdList: ['dashboard'] } })
    const demoView = await search(demoBoss)
    expect(demoView.records.some((r) => r.summary === '角色「华东角色」')).toBe(true)
    expect(demoView.records.some((r) => r.summary === '角色「外部角色」')).toBe(false)
    expect(demoView.records.some((r) => r.actorUsername === other.bossUsername)).toBe(false)
    const otherView = await search(otherBoss)
    expect(otherView.records.some((r) => r.summary === '角色「华东角色」')).toBe(false)
    expect(otherView.records.some((r) => r.actorUsername === 'demo' || r.actorUsername === 'demo-east')).toBe(false)
    const adminView = await search(await h.login('admin'))
    expect(adminView.records.some((r) => r.summary === '角色「华东角色」')).toBe(true)
    expect(adminView.records.some((r) => r.summary === '角色「外部角色」')).toBe(true)
  })

  it('refuses child companies and staff without the authority (403), and offers the menu entry to bosses only', async () => {
    for (const username of ['demo-east', 'demo-staff']) {
      const token = await h.login(username, 'Demo@2026')
      const res = await h.call('GET', '/audit/search', { token })
      expect(res.status).toBe(403)
      expect(res.body.code).toBe(403)
      const menu = await h.call('GET', '/userCenter/menu', { token })
      expect(JSON.stringify(menu.body.data)).not.toContain('/audit')
    }
    const menu = await h.call('GET', '/userCenter/menu', { token: await h.login('demo') })
    expect(JSON.stringify(menu.body.data)).toContain('/audit')
    expect((await h.call('GET', '/audit/search', {})).status).toBe(401)
  })

  it('records sign-out', async () => {
    const token = await h.login('demo')
    await h.call('POST', '/logout', { token, headers: from('192.0.2.50') })
    const { records } = await search(await h.login('admin'), '&action=auth.logout')
    expect(records[0]).toMatchObject({ actorUsername: 'demo', clientIp: '192.0.2.50' })
  })
})

describe('audit trail is append-only', () => {
  it('has no endpoint but its search: no registered route other than GET /audit/search names it', () => {
    const app = createApp(h.services)
    // A route's guard and handler are two entries of app.routes: the set of method and path is what is reachable.
    const routes = new Set(app.routes.filter((r) => /audit/i.test(r.path)).map((r) => `${r.method} ${r.path}`))
    expect([...routes]).toEqual(['GET /mdm/api/v1/audit/search'])
    // The walk sees the app's routes at all (a walk over nothing proves nothing).
    expect(app.routes.length).toBeGreaterThan(50)
  })

  it('refuses UPDATE and DELETE in the database itself', async () => {
    await login('demo', 'Wrong@2026', '192.0.2.9')
    const db = h.database.db
    const [row] = await db.select().from(auditLog).limit(1)
    expect(row).toBeDefined()
    await expect(db.update(auditLog).set({ outcome: 'SUCCESS' }).where(eq(auditLog.id, row.id))).rejects.toThrow()
    await expect(db.delete(auditLog).where(eq(auditLog.id, row.id))).rejects.toThrow()
    await expect(db.execute(sql`update audit_log set reason = ''`)).rejects.toThrow()
    const [again] = await db.select().from(auditLog).where(eq(auditLog.id, row.id))
    expect(again).toEqual(row)
    // Other tables are unaffected by the guard.
    await db.update(devices).set({ model: 'x' }).where(eq(devices.id, -1))
  })
})
