import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeEach, describe, expect, it } from 'vitest'
import { devices, quotaRecords, roles, tasks } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { makeStaff, makeTenant, OTHER_PASSWORD } from './org-builders'
import { addDevice, command, detail, HW, huaweiQuota, MI, rawGet, setHuaweiQuota } from './huawei-helpers'

const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
  await setHuaweiQuota(h, h.demo.bossCompanyId, 20)
})

const HOUR = 3_600_000
/** A valid ID card number (check character 'X'). */
const ID_CARD = '11010519491231002X'

async function search(token: string, query = '', base = HW) {
  const res = await h.call('GET', `${base}/device/search${query ? `?${query}` : ''}`, { token })
  return res.body
}

/** The serials a Huawei search finds, in the list's order. */
async function serialsFound(token: string, query: string): Promise<string[]> {
  return (await search(token, query)).data.records.map((r: { serialNumber: string }) => r.serialNumber)
}

/** Each query finds exactly these serials, in this order. */
async function expectFound(token: string, cases: [query: string, serials: string[]][]) {
  for (const [query, serials] of cases) expect(await serialsFound(token, query), query).toEqual(serials)
}

async function seen(deviceId: number, hoursAgo: number | null) {
  await h.database.db
    .update(devices)
    .set({ lastCommunicationTime: hoursAgo === null ? null : new Date(Date.now() - hoursAgo * HOUR) })
    .where(eq(devices.id, deviceId))
}

describe('POST /device/add', () => {
  it('stores the serial upper-cased with the renter, consumes one unit of Huawei quota and records it', async () => {
    const res = await h.call('POST', `${HW}/device/add`, {
      token: boss,
      json: { serialNumber: ' ab12-cd ', renterName: '张三', renterPhone: '13912345678', renterIdCard: ID_CARD.toLowerCase() },
    })
    expect(res.body).toMatchObject({ code: 200, msg: '保存成功' })
    const record = (await detail(h, boss, res.body.data.id)).data
    expect(record).toMatchObject({
      serialNumber: 'AB12-CD',
      platform: 'HUAWEI',
      renterName: '张三',
      renterPhone: '13912345678',
      renterIdCard: ID_CARD,
      recycleStatus: false,
      companyId: h.demo.bossCompanyId,
      companyName: '演示租赁公司',
      enrolled: false,
      status: 'error',
      lastCommunicationTime: null,
    })
    expect((await huaweiQuota(h, h.demo.bossCompanyId)).remainingQuantity).toBe(19)
    const [consumed] = await h.database.db.select().from(quotaRecords).where(eq(quotaRecords.kind, 'CONSUME'))
    expect(consumed).toMatchObject({ quantity: -1, deviceId: res.body.data.id, serialNumber: 'AB12-CD', operatorUserId: h.demo.bossId })
  })

  it('refuses a serial that already exists', async () => {
    await addDevice(h, boss, { serialNumber: 'DUP1' })
    const res = await h.call('POST', `${HW}/device/add`, { token: boss, json: { serialNumber: 'dup1' } })
    expect(res.body).toEqual({ code: 409, msg: '该序列号的设备已存在', data: null })
    expect((await huaweiQuota(h, h.demo.bossCompanyId)).remainingQuantity).toBe(19)
  })

  it('refuses an IMEI another device already has, storing nothing and consuming no quota', async () => {
    await addDevice(h, boss, { serialNumber: 'IMEI1', imei: '860000000000001' })
    const before = (await huaweiQuota(h, h.demo.bossCompanyId)).remainingQuantity
    const res = await h.call('POST', `${HW}/device/add`, { token: boss, json: { serialNumber: 'IMEI2', imei: '860000000000001' } })
    expect(res.body).toEqual({ code: 409, msg: '该 IMEI 的设备已存在，请核对 IMEI', data: null })
    expect((await huaweiQuota(h, h.demo.bossCompanyId)).remainingQuantity).toBe(before)
    // No IMEI is no clash.
    await addDevice(h, boss, { serialNumber: 'IMEI3' })
    await addDevice(h, boss, { serialNumber: 'IMEI4' })
  })

  it('with no quota left is refused with a clear message and stores nothing', async () => {
    await setHuaweiQuota(h, h.demo.bossCompanyId, 0)
    const res = await h.call('POST', `${HW}/device/add`, { token: boss, json: { serialNumber: 'NOQUOTA1' } })
    expect(res.body).toEqual({ code: 400, msg: '华为额度不足（剩余 0），请联系平台管理员增加额度', data: null })
    expect(await h.database.db.select().from(devices)).toHaveLength(0)
    expect(await h.database.db.select().from(quotaRecords).where(eq(quotaRecords.kind, 'CONSUME'))).toHaveLength(0)
  })

  it('tells a child company with no quota left to ask the company above, which alone can raise it', async () => {
    await h.call('POST', '/account/create', { token: boss, json: { companyId: h.demo.eastCompanyId } })
    const east = await h.login('demo-east')
    const res = await h.call('POST', `${HW}/device/add`, { token: east, json: { serialNumber: 'NOQUOTA2' } })
    expect(res.body).toEqual({ code: 400, msg: '华为额度不足（剩余 0），请联系上级公司增加额度', data: null })
  })

  it('before the company’s Huawei service is opened is refused and stores nothing', async () => {
    const east = await h.login('demo-east')
    const res = await h.call('POST', `${HW}/device/add`, { token: east, json: { serialNumber: 'EAST1' } })
    expect(res.body).toEqual({ code: 400, msg: '华为服务尚未开通，请先开通后再添加设备', data: null })
    expect(await h.database.db.select().from(devices)).toHaveLength(0)
  })

  it('lets the boss add to a child company (its quota) but not to a company outside the scope', async () => {
    await setHuaweiQuota(h, h.demo.eastCompanyId, 1)
    const id = await addDevice(h, boss, { serialNumber: 'CHILD1', companyId: h.demo.eastCompanyId })
    expect((await detail(h, boss, id)).data.companyName).toBe('演示租赁华东分公司')
    expect((await huaweiQuota(h, h.demo.eastCompanyId)).remainingQuantity).toBe(0)
    const other = await makeTenant(h, {})
    const res = await h.call('POST', `${HW}/device/add`, { token: boss, json: { serialNumber: 'FOREIGN', companyId: other.companyId } })
    expect(res.body).toEqual({ code: 404, msg: '公司不存在', data: null })
  })

  it.each([
    [{}, '序列号不能为空'],
    [{ serialNumber: '   ' }, '请输入序列号'],
    [{ serialNumber: 'SN 1' }, '序列号只能包含字母、数字和 -'],
    [{ serialNumber: 'SN1', renterPhone: '1234' }, '手机号必须是11位数字，以1开头'],
    [{ serialNumber: 'SN1', renterIdCard: '110105194912310021' }, '身份证号码校验位不正确'],
    [{ serialNumber: 'SN1', renterIdCard: '12345' }, '身份证号码应为18位，前17位为数字，最后一位为数字或X'],
    [{ serialNumber: 'SN1', imei: '86' }, 'IMEI 必须是15位数字'],
    [{ serialNumber: 'SN1', renterName: 'x'.repeat(33) }, '租用人长度不能超过32个字符'],
    [{ serialNumber: 'SN1', companyId: 'abc' }, '公司必须是数字'],
  ])('refuses %j with “%s”', async (json, msg) => {
    const res = await h.call('POST', `${HW}/device/add`, { token: boss, json })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg, data: null })
    expect(await h.database.db.select().from(devices)).toHaveLength(0)
  })
})

describe('GET /device/search', () => {
  it('lists non-recycled devices newest first, with status from lastCommunicationTime and paging', async () => {
    const ids: number[] = []
    for (const [serial, hours] of [['S1', 1], ['S2', 7], ['S3', 24], ['S4', null]] as const) {
      const id = await addDevice(h, boss, { serialNumber: serial })
      await seen(id, hours)
      ids.push(id)
    }
    await h.call('POST', `${HW}/device/putInRecycle`, { token: boss, json: { deviceId: ids[0] } })
    const all = await search(boss)
    expect(all.data.total).toBe(3)
    expect(all.data.records.map((r: { serialNumber: string; status: string }) => [r.serialNumber, r.status])).toEqual([
      ['S4', 'error'],
      ['S3', 'error'],
      ['S2', 'warning'],
    ])
    const page = await search(boss, 'current=2&pageSize=2')
    expect(page.data).toMatchObject({ total: 3, records: [{ serialNumber: 'S2' }] })
    const recycled = await search(boss, 'recycleStatus=true')
    expect(recycled.data.records.map((r: { serialNumber: string }) => r.serialNumber)).toEqual(['S1'])
  })

  it('filters by serial, renter and connection status', async () => {
    const a = await addDevice(h, boss, { serialNumber: 'HWA100', renterName: '张三' })
    const b = await addDevice(h, boss, { serialNumber: 'HWB200', renterName: '李四' })
    const c = await addDevice(h, boss, { serialNumber: 'MIX1', renterName: '王_五' })
    await seen(a, 0)
    await seen(b, 12)
    await seen(c, 30)
    await expectFound(boss, [
      ['serialNumber=hwa', ['HWA100']],
      ['renterName=_', ['MIX1']],
      ['renterName=%25', []],
      ['renterName=李', ['HWB200']],
      ['connectionStatus=success', ['HWA100']],
      ['connectionStatus=warning', ['HWB200']],
      ['connectionStatus=error', ['MIX1']],
      ['connectionStatus=&serialNumber=', ['MIX1', 'HWB200', 'HWA100']],
    ])
    expect((await search(boss, 'connectionStatus=bad')).msg).toBe('连接状态的取值无效')
    expect((await search(boss, 'pageSize=1000')).msg).toBe('每页条数不能大于100')
    expect((await search(boss, 'serialNumber=a%00b')).msg).toBe('序列号包含无效字符，请删除后重试')
    expect((await search(boss, 'current=1e3')).msg).toBe('页码必须是数字')
    expect((await search(boss, 'current=&pageSize=')).data.records).toHaveLength(3)
  })

  it('finds a renter by Chinese characters only where the name holds them in one piece, whatever the name’s letters', async () => {
    // Chinese text is compared case-sensitively (caseless): a name with Latin letters in any case is still found.
    const liu = [['LIU1', '刘伟'], ['LIU2', '刘大伟'], ['LIU3', '小刘伟Ab'], ['LIU4', '伟刘'], ['LIU5', '伟刘刘伟']]
    for (const [serialNumber, renterName] of liu) await addDevice(h, boss, { serialNumber, renterName })
    await expectFound(boss, [
      ['renterName=刘伟', ['LIU5', 'LIU3', 'LIU1']],
      ['renterName=刘', ['LIU5', 'LIU4', 'LIU3', 'LIU2', 'LIU1']],
      ['renterName=大伟', ['LIU2']],
      ['renterName=刘大伟', ['LIU2']],
      // Both of its pairs, but apart: the grams index finds it, the text test (LIKE) leaves it out.
      ['renterName=伟刘伟', []],
      ['renterName=刘刘', ['LIU5']],
      // Latin letters keep ILIKE: case does not matter.
      ['renterName=伟ab', ['LIU3']],
      ['renterName=AB', ['LIU3']],
    ])
  })

  it('tells the statuses apart by the exact time on either side of a boundary, within one contact bucket', async () => {
    // contact_bucket (10 minutes) finds the range; the exact time decides. A minute either side of 24 and of 6 hours.
    const near = [
      ['NEAR24OLD', 24 + 1 / 60],
      ['NEAR24NEW', 24 - 1 / 60],
      ['NEAR6OLD', 6 + 1 / 60],
      ['NEAR6NEW', 6 - 1 / 60],
    ] as const
    for (const [serialNumber, hours] of near) await seen(await addDevice(h, boss, { serialNumber }), hours)
    const serials = async (q: string) => (await search(boss, q)).data.records.map((r: { serialNumber: string }) => r.serialNumber).sort()
    expect(await serials('connectionStatus=error&serialNumber=NEAR')).toEqual(['NEAR24OLD'])
    expect(await serials('connectionStatus=warning&serialNumber=NEAR')).toEqual(['NEAR24NEW', 'NEAR6OLD'])
    expect(await serials('connectionStatus=success&serialNumber=NEAR')).toEqual(['NEAR6NEW'])
  })

  it('shows a child company only its own devices, and staff only the devices assigned to them', async () => {
    await setHuaweiQuota(h, h.demo.eastCompanyId, 5)
    await addDevice(h, boss, { serialNumber: 'BOSS1' })
    await addDevice(h, boss, { serialNumber: 'EAST1', companyId: h.demo.eastCompanyId })
    const staffDevice = await addDevice(h, boss, { serialNumber: 'STAFF1' })
    await h.call('POST', `${HW}/device/move`, { token: boss, json: { deviceId: staffDevice, targetStaffId: h.demo.staffId } })
    const serials = async (token: string) => (await search(token)).data.records.map((r: { serialNumber: string }) => r.serialNumber).sort()
    expect(await serials(boss)).toEqual(['BOSS1', 'EAST1', 'STAFF1'])
    expect(await serials(await h.login('demo-east'))).toEqual(['EAST1'])
    expect(await serials(await h.login('demo-west'))).toEqual([])
    const staff = await h.login('demo-staff')
    expect(await serials(staff)).toEqual(['STAFF1'])
    expect((await search(staff)).data.records[0]).toMatchObject({ staffId: h.demo.staffId, staffName: '演示员工' })
  })

  it('needs the recycle authority for the recycle bin and the command authority for commands', async () => {
    const id = await addDevice(h, boss, { serialNumber: 'AUTH1' })
    await h.call('POST', `${HW}/device/move`, { token: boss, json: { deviceId: id, targetStaffId: h.demo.staffId } })
    await h.database.db.update(roles).set({ authorities: ['huawei:device'] }).where(eq(roles.id, h.demo.staffRoleId))
    const staff = await h.login('demo-staff')
    expect((await search(staff)).data.total).toBe(1)
    expect((await search(staff, 'recycleStatus=true')).code).toBe(403)
    expect((await command(h, staff, 'lockScreen', id)).body.code).toBe(403)
    expect((await h.call('POST', `${HW}/device/putInRecycle`, { token: staff, json: { deviceId: id } })).body.code).toBe(403)
    expect((await search(staff, '', MI)).code).toBe(403)
  })
})

describe('editing, recycle bin and transfer', () => {
  it('updates the rent-user info by deviceId', async () => {
    const id = await addDevice(h, boss, { serialNumber: 'EDIT1', renterName: '旧名字' })
    const res = await h.call('PUT', `${HW}/device/updateRentUserInfo`, {
      token: boss,
      json: { deviceId: id, renterName: '新名字', renterPhone: '13800001111', renterIdCard: '', rentRemark: '押金已付' },
    })
    expect(res.body).toMatchObject({ code: 200, msg: '编辑成功' })
    expect((await detail(h, boss, id)).data).toMatchObject({ serialNumber: 'EDIT1', renterName: '新名字', renterPhone: '13800001111', rentRemark: '押金已付' })
    const bad = await h.call('PUT', `${HW}/device/updateRentUserInfo`, { token: boss, json: { deviceId: id, renterPhone: '2' } })
    expect(bad.body.msg).toBe('手机号必须是11位数字，以1开头')
    expect((await h.call('PUT', `${HW}/device/updateRentUserInfo`, { token: boss, json: { renterName: 'x' } })).body.msg).toBe('设备编号不能为空')
  })

  it('changes only the fields sent: one left out stays, an empty one is cleared', async () => {
    const id = await addDevice(h, boss, { serialNumber: 'EDIT2', renterName: '李四', renterPhone: '13900000000', rentRemark: '押金500' })
    const put = (json: Record<string, unknown>) => h.call('PUT', `${HW}/device/updateRentUserInfo`, { token: boss, json: { deviceId: id, ...json } })
    expect((await put({ renterPhone: '13900000001' })).body.code).toBe(200)
    expect((await detail(h, boss, id)).data).toMatchObject({ renterName: '李四', renterPhone: '13900000001', rentRemark: '押金500' })
    expect((await put({})).body.code).toBe(200)
    expect((await detail(h, boss, id)).data).toMatchObject({ renterName: '李四', renterPhone: '13900000001', rentRemark: '押金500' })
    expect((await put({ rentRemark: '' })).body.code).toBe(200)
    expect((await detail(h, boss, id)).data).toMatchObject({ renterName: '李四', renterPhone: '13900000001', rentRemark: '' })
  })

  it('shows the recycle bin, as a list or an export, only to holders of its authority', async () => {
    await makeStaff(h, h.demo.bossCompanyId, 'no-bin', ['huawei:device'])
    const staff = await h.login('no-bin', OTHER_PASSWORD)
    const refused = { code: 403, msg: '没有查看回收站的权限', data: null }
    expect((await h.call('GET', `${HW}/device/search?recycleStatus=true`, { token: staff })).body).toEqual(refused)
    expect(await (await rawGet(h, `${HW}/device/export?recycleStatus=true`, staff)).json()).toEqual(refused)
    expect((await h.call('GET', `${HW}/device/search?recycleStatus=false`, { token: staff })).body.code).toBe(200)
    expect((await h.call('GET', `${HW}/device/search?recycleStatus=true`, { token: boss })).body.code).toBe(200)
  })

  it('puts a device into the recycle bin (淘汰设备成功) and takes it back out', async () => {
    const id = await addDevice(h, boss, { serialNumber: 'RECY1' })
    const put = await h.call('POST', `${HW}/device/putInRecycle`, { token: boss, json: { deviceId: id } })
    expect(put.body).toMatchObject({ code: 200, msg: '淘汰设备成功' })
    expect((await search(boss)).data.total).toBe(0)
    expect((await search(boss, 'recycleStatus=true')).data.records[0]).toMatchObject({ id, recycleStatus: true })
    expect((await h.call('POST', `${HW}/device/putInRecycle`, { token: boss, json: { deviceId: id } })).body.msg).toBe('设备已在回收站中')
    // In the bin a device is read-only: no commands, no edits, no transfers, and no task is queued.
    const refused = { code: 400, msg: '该设备已淘汰，请先移出回收站再操作', data: null }
    expect((await command(h, boss, 'lockScreen', id)).body).toEqual(refused)
    expect((await h.call('PUT', `${HW}/device/updateRentUserInfo`, { token: boss, json: { deviceId: id, renterName: 'x' } })).body).toEqual(refused)
    expect((await h.call('POST', `${HW}/device/move`, { token: boss, json: { deviceId: id, targetCompanyId: h.demo.westCompanyId } })).body).toEqual(refused)
    expect(await h.database.db.select().from(tasks).where(eq(tasks.deviceId, id))).toHaveLength(0)
    const out = await h.call('POST', `${HW}/device/takeOutRecycle`, { token: boss, json: { deviceId: id } })
    expect(out.body).toMatchObject({ code: 200, msg: '移出回收站成功' })
    expect((await search(boss)).data.records[0]).toMatchObject({ id, recycleStatus: false })
    expect((await command(h, boss, 'lockScreen', id)).body.code).toBe(200)
  })

  it('moves a device to a child company or a staff member within the scope, never outside it', async () => {
    const id = await addDevice(h, boss, { serialNumber: 'MOVE1' })
    const targets = await h.call('GET', `${HW}/device/moveTargets`, { token: boss })
    expect(targets.body.data.companies.map((c: { name: string }) => c.name)).toEqual(['演示租赁公司', '演示租赁华东分公司', '演示租赁华西分公司'])
    expect(targets.body.data.staff).toEqual([{ id: h.demo.staffId, name: '演示员工', companyId: h.demo.bossCompanyId, companyName: '演示租赁公司' }])
    const moved = await h.call('POST', `${HW}/device/move`, { token: boss, json: { deviceId: id, targetCompanyId: h.demo.westCompanyId } })
    expect(moved.body).toMatchObject({ code: 200, msg: '转移成功' })
    expect((await detail(h, boss, id)).data).toMatchObject({ companyId: h.demo.westCompanyId, staffId: null })
    expect((await search(await h.login('demo-west'))).data.total).toBe(1)
    await h.call('POST', `${HW}/device/move`, { token: boss, json: { deviceId: id, targetStaffId: h.demo.staffId } })
    expect((await detail(h, boss, id)).data).toMatchObject({ companyId: h.demo.bossCompanyId, staffId: h.demo.staffId, staffName: '演示员工' })

    const other = await makeTenant(h, { staff: true })
    const outside = await h.call('POST', `${HW}/device/move`, { token: boss, json: { deviceId: id, targetCompanyId: other.companyId } })
    expect(outside.body).toEqual({ code: 404, msg: '目标公司或员工不存在', data: null })
    const outsideStaff = await h.call('POST', `${HW}/device/move`, { token: boss, json: { deviceId: id, targetStaffId: other.staffId } })
    expect(outsideStaff.body.msg).toBe('目标公司或员工不存在')
    const east = await h.login('demo-east')
    expect((await h.call('POST', `${HW}/device/move`, { token: east, json: { deviceId: id, targetCompanyId: h.demo.eastCompanyId } })).body.msg).toBe('设备不存在')
    const both = await h.call('POST', `${HW}/device/move`, { token: boss, json: { deviceId: id, targetCompanyId: 1, targetStaffId: 1 } })
    expect(both.body.msg).toBe('请选择目标公司或员工（只能选择一个）')
    const [row] = await h.database.db.select().from(devices).where(eq(devices.id, id))
    expect(row).toMatchObject({ companyId: h.demo.bossCompanyId, staffId: h.demo.staffId })
  })
})

describe('commands', () => {
  it('queue a task and answer its taskId with the spec’s message; unknown names and bad ids are refused', async () => {
    const id = await addDevice(h, boss, { serialNumber: 'CMD1' })
    const expected: Record<string, string> = {
      check: '检查成功', getDeviceInfo: '更新成功', clearPasscode: '清除锁屏密码成功', backDesktop: '返回桌面成功', logOff: '注销成功',
      runApp: '运行应用成功', getLockPasscode: '获取锁屏密码成功', shutdown: '关机成功', reboot: '重启成功',
      restoreSettings: '恢复出厂设置成功', lockScreen: '锁屏成功', unlockScreen: '解锁成功', exitControl: '退出管控成功',
    }
    for (const [name, msg] of Object.entries(expected)) {
      const res = await command(h, boss, name, id)
      expect(res.body, name).toMatchObject({ code: 200, msg, data: { taskId: expect.any(String) } })
    }
    const log = await h.call('GET', `${HW}/device/task/search?deviceId=${id}&pageSize=20`, { token: boss })
    expect(log.body.data).toMatchObject({ total: 13, pendingCount: 13 })
    expect((await command(h, boss, 'selfDestruct', id)).body).toEqual({ code: 404, msg: '不支持的指令：selfDestruct', data: null })
    expect((await command(h, boss, 'lockScreen', 'abc')).body.msg).toBe('设备编号必须是数字')
    expect((await command(h, boss, 'lockScreen', undefined)).body.msg).toBe('设备编号不能为空')
    // A number out of range or not whole is still a number: the answer says what is wrong with it.
    expect((await command(h, boss, 'lockScreen', -1)).body.msg).toBe('设备编号不能小于1')
    expect((await command(h, boss, 'lockScreen', '-1')).body.msg).toBe('设备编号不能小于1')
    expect((await command(h, boss, 'lockScreen', 1.5)).body.msg).toBe('设备编号必须是整数')
    expect((await h.call('GET', `${HW}/device/detail?deviceId=-1`, { token: boss })).body).toEqual({ code: 400, msg: '设备编号不能小于1', data: null })
    expect((await h.call('GET', `${HW}/device/detail?deviceId=99999999999`, { token: boss })).body.msg).toBe('设备编号不能大于2147483647')
    expect((await h.call('GET', `${HW}/device/task/search?deviceId=${id}&current=0`, { token: boss })).body.msg).toBe('页码不能小于1')
    expect((await h.call('GET', '/task/status', { token: boss })).body.msg).toBe('任务编号不能为空')
  })
})

describe('Mi area', () => {
  it('manages MI devices on the same model, consuming Huawei quota, separate from the Huawei list', async () => {
    const res = await h.call('POST', `${MI}/device/add`, { token: boss, json: { serialNumber: 'mi0001' } })
    expect(res.body.code).toBe(200)
    expect((await detail(h, boss, res.body.data.id, MI)).data).toMatchObject({ platform: 'MI', serialNumber: 'MI0001' })
    expect((await huaweiQuota(h, h.demo.bossCompanyId)).remainingQuantity).toBe(19)
    expect((await search(boss, '', MI)).data.total).toBe(1)
    expect((await search(boss)).data.total).toBe(0)
    expect((await detail(h, boss, res.body.data.id)).msg).toBe('设备不存在')
    // The same serial may exist once per platform.
    expect((await h.call('POST', `${HW}/device/add`, { token: boss, json: { serialNumber: 'MI0001' } })).body.code).toBe(200)
    const [row] = await h.database.db.select().from(devices).where(and(eq(devices.platform, 'MI'), eq(devices.serialNumber, 'MI0001')))
    expect(row.companyId).toBe(h.demo.bossCompanyId)
  })
})

describe('GET /device/export', () => {
  it('downloads the filtered list as a real xlsx named as the device list', async () => {
    const a = await addDevice(h, boss, { serialNumber: 'EXP1', renterName: '张三', renterPhone: '13912345678', renterIdCard: ID_CARD })
    await addDevice(h, boss, { serialNumber: 'EXP2' })
    const recycled = await addDevice(h, boss, { serialNumber: 'EXP3' })
    await h.call('POST', `${HW}/device/putInRecycle`, { token: boss, json: { deviceId: recycled } })
    await seen(a, 0)
    const res = await rawGet(h, `${HW}/device/export`, boss)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('设备列表.xlsx')}`)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await res.arrayBuffer())
    const sheet = workbook.worksheets[0]
    expect(sheet.name).toBe('设备列表')
    const rows = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1))
    expect(rows[0]).toEqual(expect.arrayContaining(['序列号', '状态', '租用人', '租用人手机号', '租用人身份证号']))
    const col = (name: string) => (rows[0] as string[]).indexOf(name)
    expect(rows.slice(1).map((r) => r[col('序列号')])).toEqual(['EXP2', 'EXP1'])
    expect(rows[2][col('状态')]).toBe('在线')
    expect(rows[2][col('租用人身份证号')]).toBe(ID_CARD)
    expect(rows[1][col('状态')]).toBe('离线')

    const filtered = await rawGet(h, `${HW}/device/export?serialNumber=exp1`, boss)
    const one = new ExcelJS.Workbook()
    await one.xlsx.load(await filtered.arrayBuffer())
    expect(one.worksheets[0].rowCount).toBe(2)
    const bad = await rawGet(h, `${HW}/device/export?connectionStatus=x`, boss)
    expect(bad.status).toBe(400)
    expect((await bad.json()).msg).toBe('连接状态的取值无效')
  })
})
