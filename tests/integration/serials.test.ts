import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { devices } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { addDevice, HW, issueToken, setHuaweiQuota } from './huawei-helpers'
import { makeTenant } from './org-builders'

const h = harnessForFile()

async function enroll(enrollmentToken: string, serialNumber: string) {
  const app = createApp(h.services)
  const res = await app.request('/agent/v1/enroll', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ enrollmentToken, serialNumber }) })
  return (await res.json()) as { code: number; msg: string; data: { deviceId: number } | null }
}

describe('serials and names without oracles (docs/serials.md)', () => {
  it("lets a company register a serial another tenant registered first, and says nothing of the other's", async () => {
    const other = await makeTenant(h, { quota: { HUAWEI: 10 }, signIn: true })
    const boss = await h.login('demo')
    await setHuaweiQuota(h, h.demo.bossCompanyId, 5)
    await addDevice(h, other.token, { serialNumber: 'SQUAT001', imei: '861234567890123' })
    const res = await h.call('POST', `${HW}/device/add`, { token: boss, json: { serialNumber: 'SQUAT001', imei: '861234567890123' } })
    expect(res.body).toMatchObject({ code: 200 })
    // Its own duplicates are still refused, serial and IMEI alike.
    const again = await h.call('POST', `${HW}/device/add`, { token: boss, json: { serialNumber: 'squat001' } })
    expect(again.body).toEqual({ code: 409, msg: '该序列号的设备已存在', data: null })
    const sameImei = await h.call('POST', `${HW}/device/add`, { token: boss, json: { serialNumber: 'SQUAT002', imei: '861234567890123' } })
    expect(sameImei.body).toEqual({ code: 409, msg: '该 IMEI 的设备已存在，请核对 IMEI', data: null })
  })

  it("answers a serial enrolled in another tenant like a new one: the company's own registration, no conflict", async () => {
    const other = await makeTenant(h, { name: '另一家租赁公司', quota: { HUAWEI: 10 }, signIn: true })
    expect((await enroll(await issueToken(h, other.token), 'REAL0001')).code).toBe(200)
    const boss = await h.login('demo')
    await setHuaweiQuota(h, h.demo.bossCompanyId, 5)
    const res = await h.call('POST', `${HW}/device/add`, { token: boss, json: { serialNumber: 'REAL0001' } })
    expect(res.body.code).toBe(200)
    expect(res.text).not.toContain('另一家租赁公司')
  })

  it('an enrolling phone claims its serial in its own company only: the other tenant\'s registration stays where it is', async () => {
    const squatter = await makeTenant(h, { quota: { HUAWEI: 10 }, signIn: true })
    const squatted = await addDevice(h, squatter.token, { serialNumber: 'OWNED001' })
    const boss = await h.login('demo')
    await setHuaweiQuota(h, h.demo.bossCompanyId, 5)
    const ours = await addDevice(h, boss, { serialNumber: 'OWNED001' })
    const enrolled = await enroll(await issueToken(h, boss), 'OWNED001')
    expect(enrolled).toMatchObject({ code: 200, data: { deviceId: ours } })
    const [kept] = await h.database.db.select().from(devices).where(eq(devices.id, squatted))
    expect(kept).toMatchObject({ recycleStatus: false, enrolledAt: null, companyId: squatter.companyId })
    // Nobody's trail tells of the other tenant.
    for (const token of [squatter.token, boss]) expect((await h.call('GET', '/audit/search?action=device.release', { token })).body.data.total).toBe(0)
    // The squatter enrolling the serial enrolls its own registration, and ours stays enrolled with us.
    expect(await enroll(await issueToken(h, squatter.token), 'OWNED001')).toMatchObject({ code: 200, data: { deviceId: squatted } })
    const [still] = await h.database.db.select().from(devices).where(eq(devices.id, ours))
    expect(still.enrolledAt).not.toBeNull()
  })

  it("a boss renaming its company to another tenant's name is not told that name exists", async () => {
    const other = await makeTenant(h, { name: '另一家租赁公司' })
    // The administrator, who sees every tenant, is still told of a duplicate top-level name.
    const admin = await h.login('admin')
    const adminClash = await h.call('PUT', '/company/update', { token: admin, json: { id: other.companyId, name: '演示租赁公司' } })
    expect(adminClash.body.code).toBe(409)
    const boss = await h.login('demo')
    const res = await h.call('PUT', '/company/update', { token: boss, json: { id: h.demo.bossCompanyId, name: '另一家租赁公司' } })
    expect(res.body.code).toBe(200)
    expect(res.text).not.toContain('同级')
    // Siblings under one parent still have distinct names, and the boss sees them all.
    const clash = await h.call('PUT', '/company/update', { token: boss, json: { id: h.demo.eastCompanyId, name: '演示租赁华西分公司' } })
    expect(clash.body.code).toBe(409)
  })
})
