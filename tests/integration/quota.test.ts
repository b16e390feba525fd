import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { QuotaService } from '../../src/server/modules/quota/service'
import { quotaAccounts } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { addDevice, HW, MI } from './huawei-helpers'
import { FULL_TENANT, makeDevice, makeStaff, makeTenant, MISSING_ID } from './org-builders'

const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})

async function remaining(companyId: number, quotaType: 'IOS' | 'HUAWEI') {
  const [acc] = await h.database.db
    .select()
    .from(quotaAccounts)
    .where(and(eq(quotaAccounts.companyId, companyId), eq(quotaAccounts.quotaType, quotaType)))
  return acc?.remainingQuantity
}

describe('POST /account/changeQuantity', () => {
  it('moves Apple quota from the boss to a child and back, with records on both sides', async () => {
    const give = await h.call('POST', '/account/changeQuantity', { token: boss, json: { targetCompanyId: h.demo.eastCompanyId, quantity: 20 } })
    expect(give.body).toMatchObject({ code: 200, msg: '修改数量成功', data: { quotaType: 'IOS', remainingQuantity: 20 } })
    expect(await remaining(h.demo.bossCompanyId, 'IOS')).toBe(30)
    const back = await h.call('POST', '/account/changeQuantity', { token: boss, json: { targetCompanyId: h.demo.eastCompanyId, quantity: '-5', huawei: 'false' } })
    expect(back.body.data.remainingQuantity).toBe(15)
    expect(await remaining(h.demo.bossCompanyId, 'IOS')).toBe(35)
    const records = await h.call('GET', `/account/consumedRecord/search?quotaType=IOS&companyId=${h.demo.eastCompanyId}`, { token: boss })
    expect(records.body.data.records.map((r: any) => [r.kind, r.quantity, r.remainingAfter, r.counterpartCompanyName, r.operatorName])).toEqual([
      ['TRANSFER_OUT', -5, 15, '演示租赁公司', '演示老板'],
      ['TRANSFER_IN', 20, 20, '演示租赁公司', '演示老板'],
    ])
  })

  it('never lets either side go below zero', async () => {
    const tooMuch = await h.call('POST', '/account/changeQuantity', { token: boss, json: { targetCompanyId: h.demo.eastCompanyId, quantity: 51 } })
    expect(tooMuch.body).toEqual({ code: 400, msg: '本公司苹果额度不足（剩余 50），无法转出这么多', data: null })
    const takeBack = await h.call('POST', '/account/changeQuantity', { token: boss, json: { targetCompanyId: h.demo.eastCompanyId, quantity: -1 } })
    expect(takeBack.body).toEqual({ code: 400, msg: '该公司苹果额度只剩 0，最多可收回 0', data: null })
    expect(await remaining(h.demo.bossCompanyId, 'IOS')).toBe(50)
    expect(await remaining(h.demo.eastCompanyId, 'IOS')).toBe(0)
  })

  it('needs the Huawei service opened first; POST /account/create opens it', async () => {
    const before = await h.call('POST', '/account/changeQuantity', { token: boss, json: { targetCompanyId: h.demo.eastCompanyId, quantity: 3, huawei: true } })
    expect(before.body).toEqual({ code: 400, msg: '该公司尚未开通华为服务，请先开通', data: null })
    const open = await h.call('POST', '/account/create', { token: boss, json: { companyId: h.demo.eastCompanyId } })
    expect(open.body).toMatchObject({ code: 200, msg: '开通华为成功', data: { quotaType: 'HUAWEI', opened: true, remainingQuantity: 0 } })
    const after = await h.call('POST', '/account/changeQuantity', { token: boss, json: { targetCompanyId: h.demo.eastCompanyId, quantity: 3, huawei: true } })
    expect(after.body.data.remainingQuantity).toBe(3)
    expect(await remaining(h.demo.bossCompanyId, 'HUAWEI')).toBe(47)
    const twice = await h.call('POST', '/account/create', { token: boss, json: { companyId: h.demo.eastCompanyId } })
    expect(twice.body.data.remainingQuantity).toBe(3)
  })

  it('lets the administrator grant quota to a top-level company', async () => {
    const admin = await h.login('admin')
    const res = await h.call('POST', '/account/changeQuantity', { token: admin, json: { targetCompanyId: h.demo.bossCompanyId, quantity: 10, huawei: true } })
    expect(res.body.data.remainingQuantity).toBe(60)
    const records = await h.call('GET', `/account/consumedRecord/search?quotaType=HUAWEI&companyId=${h.demo.bossCompanyId}`, { token: admin })
    expect(records.body.data.records[0]).toMatchObject({ kind: 'GRANT', quantity: 10, operatorName: '平台管理员' })
  })

  it('says which kind of device consumed the Huawei quota: Mi devices count against it too (issue #11)', async () => {
    const mi = await addDevice(h, boss, { serialNumber: 'QUOTA-MI-1' }, MI)
    const huawei = await addDevice(h, boss, { serialNumber: 'QUOTA-HW-1' }, HW)
    const records = await h.call('GET', '/account/consumedRecord/search?quotaType=HUAWEI&kind=CONSUME&serialNumber=QUOTA-', { token: boss })
    const platformOf = (deviceId: number) => records.body.data.records.find((r: { deviceId: number }) => r.deviceId === deviceId)?.devicePlatform
    expect(platformOf(mi)).toBe('MI')
    expect(platformOf(huawei)).toBe('HUAWEI')
  })

  it('refuses a grant that would take a balance above the ceiling, storing nothing', async () => {
    const admin = await h.login('admin')
    await h.database.db
      .update(quotaAccounts)
      .set({ remainingQuantity: 99_500_000 })
      .where(and(eq(quotaAccounts.companyId, h.demo.bossCompanyId), eq(quotaAccounts.quotaType, 'HUAWEI')))
    const grant = (quantity: number) =>
      h.call('POST', '/account/changeQuantity', { token: admin, json: { targetCompanyId: h.demo.bossCompanyId, quantity, huawei: true } })
    expect((await grant(1_000_000)).body).toEqual({ code: 400, msg: '华为额度最多 100000000（当前剩余 99500000），请减少修改数量', data: null })
    expect(await remaining(h.demo.bossCompanyId, 'HUAWEI')).toBe(99_500_000)
    expect((await grant(500_000)).body.data.remainingQuantity).toBe(100_000_000)
  })

  it('refuses zero, fractions, the own company and bad ids', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ targetCompanyId: h.demo.eastCompanyId, quantity: 0 }, 400, '修改数量必须是非零整数'],
      [{ targetCompanyId: h.demo.eastCompanyId, quantity: 1.5 }, 400, '数量必须是整数'],
      [{ targetCompanyId: h.demo.eastCompanyId }, 400, '数量不能为空'],
      [{ targetCompanyId: h.demo.eastCompanyId, quantity: 2_000_000 }, 400, '数量不能大于1000000'],
      [{ targetCompanyId: h.demo.bossCompanyId, quantity: 1 }, 400, '不能修改自己公司的额度，请联系上级'],
      [{ targetCompanyId: MISSING_ID, quantity: 1 }, 404, '公司不存在'],
      [{ quantity: 1 }, 400, '目标公司不能为空'],
    ]
    for (const [json, code, msg] of cases) {
      expect((await h.call('POST', '/account/changeQuantity', { token: boss, json })).body, msg).toEqual({ code, msg, data: null })
    }
  })
})

describe('GET /account/consumedRecord/search, /account/info, /userCenter/account/info', () => {
  it('lists consumption records of the own company with the account, filtered by serial number', async () => {
    const db = h.database.db
    const quota = new QuotaService(db)
    const device = await makeDevice(h, { platform: 'IOS', serialNumber: 'F2LXK0001' })
    await db.transaction((tx) => quota.consume(tx, { companyId: h.demo.bossCompanyId, quotaType: 'IOS', deviceId: device.id, serialNumber: device.serialNumber, operatorUserId: h.demo.bossId }))
    const res = await h.call('GET', '/account/consumedRecord/search?quotaType=IOS&current=1&pageSize=10', { token: boss })
    expect(res.body.data.account).toEqual({ quotaType: 'IOS', opened: true, remainingQuantity: 49, totalConsumedQuantity: 1 })
    expect(res.body.data.total).toBe(2)
    expect(res.body.data.records[0]).toMatchObject({ kind: 'CONSUME', quantity: -1, serialNumber: 'F2LXK0001', companyName: '演示租赁公司' })
    const filtered = await h.call('GET', '/account/consumedRecord/search?quotaType=IOS&serialNumber=k0001', { token: boss })
    expect(filtered.body.data.total).toBe(1)
    const consumeOnly = await h.call('GET', '/account/consumedRecord/search?quotaType=IOS&kind=GRANT', { token: boss })
    expect(consumeOnly.body.data.records.map((r: any) => r.kind)).toEqual(['GRANT'])
    const info = await h.call('GET', '/account/info?quotaType=IOS', { token: boss })
    expect(info.body.data).toEqual({ quotaType: 'IOS', opened: true, remainingQuantity: 49, totalConsumedQuantity: 1 })
    const own = await h.call('GET', '/userCenter/account/info', { token: boss })
    expect(own.body.data).toMatchObject({ ios: { remainingQuantity: 49 }, huawei: { opened: true, remainingQuantity: 50 } })
    const east = await h.call('GET', '/userCenter/account/info', { token: await h.login('demo-east') })
    expect(east.body.data).toMatchObject({ ios: { opened: true, remainingQuantity: 0 }, huawei: { opened: false } })
  })

  it('validates the quota type', async () => {
    expect((await h.call('GET', '/account/consumedRecord/search', { token: boss })).body).toEqual({ code: 400, msg: '额度类型不能为空', data: null })
    expect((await h.call('GET', '/account/info?quotaType=MI', { token: boss })).body.msg).toBe('额度类型的取值无效')
  })
})

describe('quota permissions', () => {
  it('checks the authority of the quota type asked for, and company management for changes', async () => {
    await makeStaff(h, h.demo.bossCompanyId, 'ios-only', ['quota:ios'])
    const token = await h.login('ios-only', 'Other@2026')
    expect((await h.call('GET', '/account/consumedRecord/search?quotaType=IOS', { token })).body.code).toBe(200)
    expect((await h.call('GET', '/account/consumedRecord/search?quotaType=HUAWEI', { token })).body).toEqual({ code: 403, msg: '没有权限执行此操作', data: null })
    expect((await h.call('GET', '/account/info?quotaType=HUAWEI', { token })).body.code).toBe(403)
    const menu = JSON.stringify((await h.call('GET', '/userCenter/menu', { token })).body.data)
    expect(menu).toContain('/account/ios')
    expect(menu).not.toContain('/account/huawei')
    const staff = await h.login('demo-staff')
    expect((await h.call('GET', '/account/consumedRecord/search?quotaType=IOS', { token: staff })).status).toBe(403)
    expect((await h.call('POST', '/account/changeQuantity', { token: staff, json: { targetCompanyId: h.demo.eastCompanyId, quantity: 1 } })).status).toBe(403)
    expect((await h.call('POST', '/account/create', { token: staff, json: { companyId: h.demo.eastCompanyId } })).status).toBe(403)
    expect((await h.call('GET', '/userCenter/account/info', { token: staff })).body.code).toBe(200)
  })

  it('shows the administrator the records of every company when no company is asked for', async () => {
    const other = await makeTenant(h, { ...FULL_TENANT, tag: 'b' })
    const admin = await h.login('admin')
    await h.call('POST', '/account/changeQuantity', { token: admin, json: { targetCompanyId: other.companyId, quantity: 4 } })
    const res = await h.call('GET', '/account/consumedRecord/search?quotaType=IOS', { token: admin })
    expect(new Set(res.body.data.records.map((r: any) => r.companyName))).toEqual(new Set(['演示租赁公司', 'b租赁公司']))
  })
})
