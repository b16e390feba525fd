import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeEach, describe, expect, it } from 'vitest'
import { devices, quotaRecords } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { rawGet } from './huawei-helpers'
import { makeTenant } from './org-builders'
import { enrolledIphone, iosDetail, iosQuota, sendAndRun, setIosQuota } from './apple-helpers'

const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
  await setIosQuota(h, h.demo.bossCompanyId, 10)
})

const HOUR = 3_600_000

async function add(token: string, json: Record<string, unknown>) {
  const res = await h.call('POST', '/myDevice/add', { token, json })
  if (res.body?.code !== 200) throw new Error(`add failed: ${res.text}`)
  return res.body.data.id as number
}

async function search(token: string, query = '') {
  return (await h.call('GET', `/myDevice/search${query ? `?${query}` : ''}`, { token })).body
}

describe('POST /myDevice/add and /myDevice/register', () => {
  it('adds a device with its renter, serial upper-cased, consuming one unit of iOS quota; the record says it is not enrolled', async () => {
    const res = await h.call('POST', '/myDevice/add', {
      token: boss,
      json: { serialNumber: ' f2lx-a1 ', confirmSerialNumber: 'F2LX-A1', name: '前台 iPhone', model: 'iPhone 15', renterName: '李四', renterPhone: '13912345678' },
    })
    expect(res.body).toMatchObject({ code: 200, msg: '保存成功' })
    const record = (await iosDetail(h, boss, res.body.data.id)).data
    expect(record).toMatchObject({
      platform: 'IOS', serialNumber: 'F2LX-A1', name: '前台 iPhone', model: 'iPhone 15', renterName: '李四', renterPhone: '13912345678',
      companyName: '演示租赁公司', recycleStatus: false, status: 'error', enrolled: false, udid: null, wiped: false, supervised: null,
      lostStatus: false, payMode: false, lostModeInfo: null, location: null, appId: null, wallpaperUrl: null, wallpaperId: null,
    })
    expect((await iosQuota(h, h.demo.bossCompanyId)).remainingQuantity).toBe(9)
    const [consumed] = await h.database.db.select().from(quotaRecords).where(eq(quotaRecords.kind, 'CONSUME'))
    expect(consumed).toMatchObject({ quotaType: 'IOS', quantity: -1, serialNumber: 'F2LX-A1', deviceId: res.body.data.id })
  })

  it.each([
    ['add', { serialNumber: 'AB1', confirmSerialNumber: 'AB2' }, '两次输入的序列号不一致'],
    ['register', { serialNumber: 'AB1', confirmSerialNumber: 'ab2' }, '两次输入的序列号不一致'],
    ['register', { serialNumber: 'AB1' }, '确认序列号不能为空'],
    ['add', {}, '序列号不能为空'],
    ['add', { serialNumber: 'SN 1' }, '序列号只能包含字母、数字和 -'],
    ['add', { serialNumber: 'SN1', renterPhone: '123' }, '手机号必须是11位数字，以1开头'],
    ['add', { serialNumber: 'SN1', name: 'x'.repeat(65) }, '名称长度不能超过64个字符'],
  ])('%s refuses %j with “%s”, storing nothing', async (path, json, msg) => {
    const res = await h.call('POST', `/myDevice/${path}`, { token: boss, json })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg, data: null })
    expect(await h.database.db.select().from(devices)).toHaveLength(0)
  })

  it('refuses a serial the company already has, and a company without iOS quota, consuming nothing', async () => {
    await add(boss, { serialNumber: 'DUP1' })
    expect((await h.call('POST', '/myDevice/register', { token: boss, json: { serialNumber: 'dup1', confirmSerialNumber: 'DUP1' } })).body).toEqual({ code: 409, msg: '该序列号的设备已存在', data: null })
    await setIosQuota(h, h.demo.bossCompanyId, 0)
    const res = await h.call('POST', '/myDevice/add', { token: boss, json: { serialNumber: 'NOQUOTA' } })
    expect(res.body.code).toBe(400)
    expect(res.body.msg).toContain('额度不足')
  })

  it('a registered serial becomes the phone that enrolls with it: same record, no second quota unit', async () => {
    const res = await h.call('POST', '/myDevice/register', { token: boss, json: { serialNumber: 'f2lxreg00001', confirmSerialNumber: 'F2LXREG00001' } })
    expect(res.body).toMatchObject({ code: 200, msg: '保存成功' })
    expect((await iosQuota(h, h.demo.bossCompanyId)).remainingQuantity).toBe(9)
    const { phone, deviceId } = await enrolledIphone(h, boss, { serialNumber: 'F2LXREG00001' })
    expect(deviceId).toBe(res.body.data.id)
    expect((await iosQuota(h, h.demo.bossCompanyId)).remainingQuantity).toBe(9)
    const record = (await iosDetail(h, boss, deviceId)).data
    expect(record).toMatchObject({ enrolled: true, udid: phone.udid, unlockTokenReported: true, name: 'iPhone', osVersion: '17.5.1' })
    expect(record.enrolledAt).not.toBeNull()
  })

  it('another company’s registration of the serial neither blocks enrollment nor moves (docs/serials.md)', async () => {
    const other = await makeTenant(h, { name: '另一家租赁公司', quota: { HUAWEI: 10 }, signIn: true })
    await setIosQuota(h, other.companyId, 2)
    const theirs = await add(other.token, { serialNumber: 'F2LXBOTH0001' })
    const { deviceId } = await enrolledIphone(h, boss, { serialNumber: 'F2LXBOTH0001' })
    expect(deviceId).not.toBe(theirs)
    expect((await iosDetail(h, other.token, theirs)).data).toMatchObject({ recycleStatus: false, enrolled: false })
    expect((await iosDetail(h, boss, deviceId)).data.enrolled).toBe(true)
  })
})

describe('GET /myDevice/search, /detail, /export', () => {
  it('lists newest first with paging and filters by serial, renter name and phone, and connection status', async () => {
    const a = await add(boss, { serialNumber: 'SRCH1', renterName: '王五', renterPhone: '13700000001' })
    const b = await add(boss, { serialNumber: 'SRCH2', renterName: '赵六', renterPhone: '13700000002' })
    const c = await add(boss, { serialNumber: 'OTHER3' })
    await h.database.db.update(devices).set({ lastCommunicationTime: new Date(Date.now() - HOUR) }).where(eq(devices.id, a))
    await h.database.db.update(devices).set({ lastCommunicationTime: new Date(Date.now() - 10 * HOUR) }).where(eq(devices.id, b))
    const page = await search(boss, 'current=1&pageSize=2')
    expect(page.data.total).toBe(3)
    expect(page.data.records.map((r: { id: number }) => r.id)).toEqual([c, b])
    expect((await search(boss, 'current=2&pageSize=2')).data.records.map((r: { id: number }) => r.id)).toEqual([a])
    const ids = async (q: string) => (await search(boss, q)).data.records.map((r: { id: number }) => r.id)
    expect(await ids('serialNumber=srch')).toEqual([b, a])
    expect(await ids('renterName=王')).toEqual([a])
    expect(await ids('renterPhone=0002')).toEqual([b])
    expect(await ids('connectionStatus=success')).toEqual([a])
    expect(await ids('connectionStatus=warning')).toEqual([b])
    expect(await ids('connectionStatus=error')).toEqual([c])
    expect((await search(boss, 'connectionStatus=bad')).code).toBe(400)
  })

  it('lists only Apple devices of the company’s scope; staff see the ones they added', async () => {
    await add(boss, { serialNumber: 'BOSS1' })
    await h.call('POST', '/huawei/mdm/api/v1/device/add', { token: boss, json: { serialNumber: 'HW1' } })
    const staff = await h.login('demo-staff')
    await add(staff, { serialNumber: 'STAFF1' })
    expect((await search(boss)).data.records.map((r: { serialNumber: string }) => r.serialNumber)).toEqual(['STAFF1', 'BOSS1'])
    expect((await search(staff)).data.records.map((r: { serialNumber: string }) => r.serialNumber)).toEqual(['STAFF1'])
    const other = await makeTenant(h, { name: '另一家租赁公司', quota: { HUAWEI: 10 }, signIn: true })
    expect((await search(other.token)).data).toEqual({ records: [], total: 0 })
  })

  it('exports the filtered list as 设备列表.xlsx whose rows match the search', async () => {
    await add(boss, { serialNumber: 'XLS1', renterName: '导出甲', model: 'iPhone15,2' })
    await add(boss, { serialNumber: 'XLS2', renterName: '导出乙' })
    await add(boss, { serialNumber: 'NOPE' })
    const res = await rawGet(h, '/mdm/api/v1/myDevice/export?serialNumber=xls', boss)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('设备列表.xlsx'))
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await res.arrayBuffer())
    const sheet = book.worksheets[0]
    const header = sheet.getRow(1).values as string[]
    expect(header).toEqual(expect.arrayContaining(['序列号', '租用人', '监管状态', '丢失模式', '支付模式']))
    const serials = [2, 3].map((r) => sheet.getRow(r).getCell(1).value)
    expect(serials).toEqual((await search(boss, 'serialNumber=xls')).data.records.map((r: { serialNumber: string }) => r.serialNumber))
    expect(sheet.rowCount).toBe(3)
    // An iPhone's product identifier is exported by the name people know it by.
    const modelColumn = header.indexOf('型号')
    expect(modelColumn).toBeGreaterThan(0)
    const xls1 = [2, 3].find((r) => sheet.getRow(r).getCell(1).value === 'XLS1')!
    expect(sheet.getRow(xls1).getCell(modelColumn).value).toBe('iPhone 14 Pro')
  })
})

describe('edits and the recycle bin', () => {
  it('updateRentUserInfo and updateAppleDeviceInfo change only the fields sent', async () => {
    const id = await add(boss, { serialNumber: 'EDIT1', renterName: '甲', renterPhone: '13700000009', model: 'iPhone 13', name: '旧名' })
    const rent = await h.call('PUT', '/myDevice/updateRentUserInfo', { token: boss, json: { deviceId: id, renterName: '乙' } })
    expect(rent.body).toEqual({ code: 200, msg: '编辑成功', data: null })
    const info = await h.call('PUT', '/myDevice/updateAppleDeviceInfo', { token: boss, json: { deviceId: id, name: '新名', remark: '柜台备用机' } })
    expect(info.body).toEqual({ code: 200, msg: '编辑成功', data: null })
    expect((await iosDetail(h, boss, id)).data).toMatchObject({ renterName: '乙', renterPhone: '13700000009', name: '新名', model: 'iPhone 13', remark: '柜台备用机', serialNumber: 'EDIT1' })
    const bad = await h.call('PUT', '/myDevice/updateAppleDeviceInfo', { token: boss, json: { deviceId: id, remark: 'x'.repeat(201) } })
    expect(bad.body).toEqual({ code: 400, msg: '备注长度不能超过200个字符', data: null })
  })

  it('puts a device into the recycle bin (淘汰设备成功) and takes it back out; a recycled device is not edited', async () => {
    const id = await add(boss, { serialNumber: 'BIN1' })
    expect((await h.call('POST', '/myDevice/putInRecycle', { token: boss, json: { deviceId: id } })).body).toEqual({ code: 200, msg: '淘汰设备成功', data: null })
    expect((await search(boss)).data.total).toBe(0)
    expect((await search(boss, 'recycleStatus=true')).data.records[0]).toMatchObject({ id, recycleStatus: true })
    const edit = await h.call('PUT', '/myDevice/updateAppleDeviceInfo', { token: boss, json: { deviceId: id, name: 'x' } })
    expect(edit.body).toEqual({ code: 400, msg: '该设备已淘汰，请先移出回收站再操作', data: null })
    expect((await h.call('POST', '/myDevice/putInRecycle', { token: boss, json: { deviceId: id } })).body.code).toBe(400)
    expect((await h.call('POST', '/myDevice/takeOutRecycle', { token: boss, json: { deviceId: id } })).body).toEqual({ code: 200, msg: '移出回收站成功', data: null })
    expect((await search(boss)).data.total).toBe(1)
    // The demo staff role has no recycle-bin authority.
    const staff = await h.login('demo-staff')
    expect((await search(staff, 'recycleStatus=true')).code).toBe(403)
  })
})

describe('GET /myDevice/listApp', () => {
  it('answers the applications the device last reported, typed; nothing before it was asked', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    expect((await h.call('GET', `/myDevice/listApp?deviceId=${deviceId}`, { token: boss })).body.data).toEqual({ apps: [], reportedAt: null })
    const { task } = await sendAndRun(h, boss, phone, 'installedApplicationList', deviceId)
    expect(task.status).toBe('DONE')
    const list = (await h.call('GET', `/myDevice/listApp?deviceId=${deviceId}`, { token: boss })).body.data
    expect(list.apps).toEqual(phone.state.installedApps.map((a) => ({ identifier: a.Identifier, name: a.Name, version: a.ShortVersion, bundleSize: null })))
    expect(list.reportedAt).not.toBeNull()
  })
})

describe('tenancy and bad input', () => {
  it('answers a foreign company’s device id exactly like a missing one on every id-taking endpoint', async () => {
    const other = await makeTenant(h, { name: '另一家租赁公司', quota: { HUAWEI: 10 }, signIn: true })
    await setIosQuota(h, other.companyId, 2)
    const { deviceId: foreign } = await enrolledIphone(h, other.token)
    const missing = foreign + 1000
    const params: Record<string, Record<string, unknown>> = { macLock: { pin: '123456' }, enableLostMode: { message: '请归还' }, updateAppleDeviceInfo: { name: 'x' }, updateRentUserInfo: { renterName: 'x' } }
    const commandNames = ['checkNetwork', 'clearPasscode', 'activationLock', 'removeProfile', 'disableActivationLock', 'enableLostMode', 'disableLostMode', 'deviceErase', 'showActivationLockPassword', 'openPayMode', 'closePayMode', 'oneClickLockDown', 'disownDevice', 'playLostModeSound', 'scheduleOSUpdate', 'deviceLocation', 'macLock', 'installedApplicationList']
    const calls: [string, string][] = [
      ['GET', 'detail'], ['GET', 'listApp'], ['PUT', 'updateRentUserInfo'], ['PUT', 'updateAppleDeviceInfo'], ['POST', 'putInRecycle'], ['POST', 'takeOutRecycle'],
      ...commandNames.map((n): [string, string] => ['POST', n]),
    ]
    for (const [method, name] of calls) {
      const ask = (deviceId: number) =>
        method === 'GET'
          ? h.call('GET', `/myDevice/${name}?deviceId=${deviceId}`, { token: boss })
          : h.call(method, `/myDevice/${name}`, { token: boss, json: { deviceId, ...params[name] } })
      const [theirs, none] = await Promise.all([ask(foreign), ask(missing)])
      expect({ name, status: theirs.status, body: theirs.body }).toEqual({ name, status: 404, body: none.body })
      expect(none.body).toEqual({ code: 404, msg: '设备不存在', data: null })
    }
    // Nothing happened to the foreign device.
    expect((await iosDetail(h, other.token, foreign)).data).toMatchObject({ enrolled: true, recycleStatus: false, name: 'iPhone', renterName: '' })
  })

  it.each([
    ['GET', '/myDevice/detail?deviceId=abc', '设备编号必须是数字'],
    ['GET', '/myDevice/detail', '设备编号不能为空'],
    ['GET', '/myDevice/search?pageSize=0', '每页条数不能小于1'],
    ['GET', '/myDevice/listApp?deviceId=0', '设备编号不能小于1'],
  ])('%s %s → 400 “%s”', async (method, path, msg) => {
    const res = await h.call(method, path, { token: boss })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg, data: null })
  })

  it('a non-JSON body is a 400 in the envelope, not a 500', async () => {
    const res = await h.call('POST', '/myDevice/add', { token: boss, body: '{not json', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(400)
  })

  it('staff can only act on the devices assigned to them', async () => {
    const id = await add(boss, { serialNumber: 'NOTSTAFF' })
    const staff = await h.login('demo-staff')
    expect((await iosDetail(h, staff, id)).code).toBe(404)
    expect((await h.call('POST', '/myDevice/putInRecycle', { token: staff, json: { deviceId: id } })).status).toBe(403)
  })
})
