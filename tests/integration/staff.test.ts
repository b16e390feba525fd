import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { devices, roles, sessions, users } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { makeDevice, makeStaff, MISSING_ID } from './org-builders'

const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})

const newStaff = { username: 'field-1', password: 'Gz8!tQn4-Lc6', name: '外勤一号', phoneNumber: '13600000001' }

describe('GET /company/staff/search', () => {
  it('lists the staff the user sees, with role and company, filtered and paged', async () => {
    await makeStaff(h, h.demo.eastCompanyId, 'east-staff')
    const all = await h.call('GET', '/company/staff/search?current=1&pageSize=10', { token: boss })
    expect(all.body.data.total).toBe(2)
    expect(all.body.data.records.find((s: any) => s.username === 'demo-staff')).toMatchObject({
      id: h.demo.staffId,
      name: '演示员工',
      roleId: h.demo.staffRoleId,
      roleName: '设备专员',
      available: true,
      companyId: h.demo.bossCompanyId,
      companyName: '演示租赁公司',
    })
    expect(all.body.data.records[0]).not.toHaveProperty('passwordHash')
    const byName = await h.call('GET', `/company/staff/search?name=${encodeURIComponent('演示')}`, { token: boss })
    expect(byName.body.data.records.map((s: any) => s.username)).toEqual(['demo-staff'])
    const byCompany = await h.call('GET', `/company/staff/search?companyId=${h.demo.eastCompanyId}`, { token: boss })
    expect(byCompany.body.data.records.map((s: any) => s.username)).toEqual(['east-staff'])
    const page2 = await h.call('GET', '/company/staff/search?current=2&pageSize=1', { token: boss })
    expect(page2.body.data).toMatchObject({ total: 2 })
    expect(page2.body.data.records).toHaveLength(1)
    // A child company sees only its own staff.
    const east = await h.call('GET', '/company/staff/search', { token: await h.login('demo-east') })
    expect(east.body.data.records.map((s: any) => s.username)).toEqual(['east-staff'])
  })
})

describe('POST /company/staff/add', () => {
  it('adds a staff member with a role to the user’s own company; they sign in with what the role grants', async () => {
    const res = await h.call('POST', '/company/staff/add', { token: boss, json: { ...newStaff, roleId: h.demo.staffRoleId } })
    expect(res.body).toMatchObject({ code: 200, msg: '保存成功' })
    const [row] = await h.database.db.select().from(users).where(eq(users.id, res.body.data.id))
    expect(row).toMatchObject({ kind: 'STAFF', companyId: h.demo.bossCompanyId, roleId: h.demo.staffRoleId })
    const token = await h.login('field-1', 'Gz8!tQn4-Lc6')
    const info = await h.call('POST', '/userCenter/info', { token })
    expect(info.body.data.authorityList).toContain('huawei:device')
    expect(info.body.data.authorityList).not.toContain('staff')
  })

  it('adds a staff member without a role, who holds no authority', async () => {
    const res = await h.call('POST', '/company/staff/add', { token: boss, json: { ...newStaff, roleId: '' } })
    expect(res.body.code).toBe(200)
    const token = await h.login('field-1', 'Gz8!tQn4-Lc6')
    expect((await h.call('POST', '/userCenter/info', { token })).body.data.authorityList).toEqual([])
  })

  it('validates every field in Chinese and refuses taken usernames and wrong roles', async () => {
    const role = await h.call('POST', '/role/add', { token: boss, json: { name: '公司角色', roleType: 'COMPANY', authorityIdList: ['dashboard'] } })
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...newStaff, username: '' }, 400, '用户名不能为空'],
      [{ ...newStaff, password: 'abcdefgh' }, 400, '密码必须同时包含字母和数字'],
      [{ ...newStaff, name: '' }, 400, '名称不能为空'],
      [{ ...newStaff, phoneNumber: '2345' }, 400, '手机号必须是11位数字，以1开头'],
      [{ ...newStaff, roleId: 'x' }, 400, '角色必须是数字'],
      [{ ...newStaff, username: 'demo' }, 409, '用户名已被使用'],
      [{ ...newStaff, roleId: MISSING_ID }, 404, '角色不存在'],
      [{ ...newStaff, roleId: role.body.data.id }, 400, '只能选择员工角色'],
    ]
    for (const [json, code, msg] of cases) {
      const res = await h.call('POST', '/company/staff/add', { token: boss, json })
      expect(res.body, msg).toEqual({ code, msg, data: null })
    }
    expect(await h.database.db.select().from(users).where(eq(users.username, 'field-1'))).toHaveLength(0)
  })

  it('keeps a staff manager away from colleagues who hold more than they do', async () => {
    await makeStaff(h, h.demo.bossCompanyId, 'staff-admin', ['staff', 'dashboard'])
    const weaker = await makeStaff(h, h.demo.bossCompanyId, 'weaker', ['dashboard'])
    const token = await h.login('staff-admin', 'Other@2026')
    for (const [method, path, json] of [
      ['PUT', '/company/staff/update', { id: h.demo.staffId, roleId: null }],
      ['POST', '/company/staff/delete', { id: h.demo.staffId }],
    ] as const) {
      expect((await h.call(method, path, { token, json })).body, path).toEqual({ code: 403, msg: '不能管理权限超出自身的角色或员工', data: null })
    }
    await h.login('demo-staff')
    expect((await h.call('PUT', '/company/staff/update', { token, json: { id: weaker.staffId, name: '改名' } })).body.code).toBe(200)
  })

  it('lets only company accounts reset a staff password: a colleague\'s new password would open their devices', async () => {
    await makeStaff(h, h.demo.bossCompanyId, 'staff-admin', ['staff', 'huawei:device'])
    const colleague = await makeStaff(h, h.demo.bossCompanyId, 'colleague', ['huawei:device'])
    const token = await h.login('staff-admin', 'Other@2026')
    const reset = await h.call('PUT', '/company/staff/resetPassword', { token, json: { staffId: colleague.staffId } })
    expect(reset.body).toEqual({ code: 403, msg: '只有公司账号可以重置员工密码，请联系公司负责人', data: null })
    expect(await h.login('colleague', 'Other@2026')).toBeTruthy()
    expect((await h.call('PUT', '/company/staff/resetPassword', { token: boss, json: { staffId: colleague.staffId } })).body.code).toBe(200)
  })

  it('gives a staff member only roles of their own company, so no other company can widen them by editing its role', async () => {
    const eastRole = await h.call('POST', '/role/add', { token: await h.login('demo-east'), json: { name: '华东角色', roleType: 'STAFF', authorityIdList: ['dashboard'] } })
    const west = await h.login('demo-west')
    const westStaff = await h.call('POST', '/company/staff/add', { token: west, json: { ...newStaff } })
    const assign = await h.call('PUT', '/company/staff/update', { token: boss, json: { id: westStaff.body.data.id, roleId: eastRole.body.data.id } })
    expect(assign.body).toEqual({ code: 400, msg: '只能选择该账号所属公司的角色', data: null })
    const add = await h.call('POST', '/company/staff/add', { token: boss, json: { ...newStaff, username: 'boss-staff', roleId: eastRole.body.data.id } })
    expect(add.body).toEqual({ code: 400, msg: '只能选择该账号所属公司的角色', data: null })
  })

  it('still edits a staff member who holds a role given before that rule, as long as the role is kept', async () => {
    const east = await h.login('demo-east')
    const member = await h.call('POST', '/company/staff/add', { token: east, json: { ...newStaff } })
    // Given in the days when any visible role could be: the boss company's own staff role.
    await h.database.db.update(users).set({ roleId: h.demo.staffRoleId }).where(eq(users.id, member.body.data.id))
    const rename = await h.call('PUT', '/company/staff/update', { token: boss, json: { id: member.body.data.id, name: '改名', roleId: h.demo.staffRoleId } })
    expect(rename.body.code).toBe(200)
  })

  it('changes one\'s own phone number only through the personal centre, with an SMS code', async () => {
    const staffAdmin = await makeStaff(h, h.demo.bossCompanyId, 'staff-admin', ['staff'])
    const token = await h.login('staff-admin', 'Other@2026')
    const own = await h.call('PUT', '/company/staff/update', { token, json: { id: staffAdmin.staffId, phoneNumber: '13711112222' } })
    expect(own.body).toEqual({ code: 400, msg: '修改本人手机号需要短信验证，请到个人中心修改', data: null })
    const bossOwn = await h.call('PUT', '/company/update', { token: boss, json: { id: h.demo.bossCompanyId, phoneNumber: '13711112222' } })
    expect(bossOwn.body).toEqual({ code: 400, msg: '修改本人手机号需要短信验证，请到个人中心修改', data: null })
    // Someone else's number, or one's own name, is fine.
    expect((await h.call('PUT', '/company/staff/update', { token: boss, json: { id: staffAdmin.staffId, phoneNumber: '13711112222' } })).body.code).toBe(200)
    expect((await h.call('PUT', '/company/staff/update', { token, json: { id: staffAdmin.staffId, name: '新名字' } })).body.code).toBe(200)
  })

  it('never gives a child company’s staff more than the child company holds, also after it is narrowed', async () => {
    // The boss gives 华东 a COMPANY role with commands; 华东 makes a staff role with commands and a staff member.
    const companyRole = await h.call('POST', '/role/add', {
      token: boss,
      json: { name: '华东权限', roleType: 'COMPANY', authorityIdList: ['dashboard', 'staff', 'role', 'huawei:device', 'huawei:command'] },
    })
    await h.call('PUT', '/company/update', { token: boss, json: { id: h.demo.eastCompanyId, roleId: companyRole.body.data.id } })
    const east = await h.login('demo-east')
    const staffRole = await h.call('POST', '/role/add', { token: east, json: { name: '华东外勤', roleType: 'STAFF', authorityIdList: ['huawei:device', 'huawei:command'] } })
    expect(staffRole.body.code).toBe(200)
    expect((await h.call('POST', '/company/staff/add', { token: east, json: { ...newStaff, roleId: staffRole.body.data.id } })).body.code).toBe(200)
    const before = await h.login(newStaff.username, newStaff.password)
    expect((await h.call('POST', '/userCenter/info', { token: before })).body.data.authorityList).toEqual(['huawei:device', 'huawei:command'])
    // The boss takes commands away from 华东: its staff lose them at once, whatever their own role says.
    await h.call('PUT', '/role/update', {
      token: boss,
      json: { id: companyRole.body.data.id, name: '华东权限', authorityIdList: ['dashboard', 'staff', 'role', 'huawei:device'] },
    })
    const info = await h.call('POST', '/userCenter/info', { token: before })
    expect(info.body.data.authorityList).toEqual(['huawei:device'])
    const device = await makeDevice(h, { companyId: h.demo.eastCompanyId, serialNumber: 'EAST0001' })
    expect((await h.call('POST', '/huawei/mdm/api/v1/device/command/lockScreen', { token: before, json: { deviceId: device.id } })).body.code).toBe(403)
  })

  it('keeps a child company’s account away from staff who hold more than it does', async () => {
    // Two accounts in one child company: the company's own (its COMPANY role is the ceiling of its staff) and a
    // second, narrower one. The narrower account may not take over a stronger staff member.
    const db = h.database.db
    const [narrowRole] = await db.insert(roles).values({ companyId: h.demo.bossCompanyId, name: '窄', roleType: 'COMPANY', authorities: ['staff', 'huawei:device'] }).returning()
    await db.insert(users).values({ username: 'east-narrow', kind: 'COMPANY', companyId: h.demo.eastCompanyId, roleId: narrowRole.id, passwordHash: (await db.select().from(users).where(eq(users.id, h.demo.eastUserId)))[0].passwordHash })
    const strong = await makeStaff(h, h.demo.eastCompanyId, 'east-strong', ['huawei:device', 'huawei:command'])
    const weak = await makeStaff(h, h.demo.eastCompanyId, 'east-weak', ['huawei:device'])
    const token = await h.login('east-narrow', 'Demo@2026')
    for (const [method, path, json] of [
      ['PUT', '/company/staff/resetPassword', { staffId: strong.staffId }],
      ['PUT', '/company/staff/update', { id: strong.staffId, roleId: null }],
      ['POST', '/company/staff/delete', { id: strong.staffId }],
    ] as const) {
      expect((await h.call(method, path, { token, json })).body, path).toEqual({ code: 403, msg: '不能管理权限超出自身的角色或员工', data: null })
    }
    expect((await h.call('PUT', '/company/staff/resetPassword', { token, json: { staffId: weak.staffId } })).body.code).toBe(200)
  })

  it('refuses a staff manager giving a role with more than they hold', async () => {
    await makeStaff(h, h.demo.bossCompanyId, 'staff-admin', ['staff', 'dashboard'])
    const token = await h.login('staff-admin', 'Other@2026')
    const res = await h.call('POST', '/company/staff/add', { token, json: { ...newStaff, roleId: h.demo.staffRoleId } })
    expect(res.body).toMatchObject({ code: 403, msg: '不能授予超出自身权限的权限' })
  })
})

describe('PUT /company/staff/update', () => {
  it('edits name, phone, role and availability; disabling signs the staff member out', async () => {
    const staff = await h.login('demo-staff')
    const res = await h.call('PUT', '/company/staff/update', { token: boss, json: { id: h.demo.staffId, name: '改名', phoneNumber: '13600000009', roleId: null, available: false } })
    expect(res.body).toMatchObject({ code: 200, msg: '编辑成功' })
    const [row] = await h.database.db.select().from(users).where(eq(users.id, h.demo.staffId))
    expect(row).toMatchObject({ name: '改名', phoneNumber: '13600000009', roleId: null, available: false })
    expect((await h.call('POST', '/userCenter/info', { token: staff })).status).toBe(401)
  })

  it('refuses a missing staff member, a non-staff id and bad fields', async () => {
    expect((await h.call('PUT', '/company/staff/update', { token: boss, json: { id: MISSING_ID, name: 'x' } })).body).toEqual({ code: 404, msg: '员工不存在', data: null })
    expect((await h.call('PUT', '/company/staff/update', { token: boss, json: { id: h.demo.eastUserId, name: 'x' } })).body).toEqual({ code: 404, msg: '员工不存在', data: null })
    expect((await h.call('PUT', '/company/staff/update', { token: boss, json: { id: h.demo.staffId, phoneNumber: '1' } })).body.msg).toBe('手机号必须是11位数字，以1开头')
  })
})

describe('POST /company/staff/delete', () => {
  it('removes the account with its sessions and unassigns its devices', async () => {
    await h.login('demo-staff')
    const device = await makeDevice(h, { serialNumber: 'STAFF0001', staffId: h.demo.staffId })
    const res = await h.call('POST', '/company/staff/delete', { token: boss, json: { id: h.demo.staffId } })
    expect(res.body).toMatchObject({ code: 200, msg: '删除成功' })
    expect(await h.database.db.select().from(users).where(eq(users.id, h.demo.staffId))).toHaveLength(0)
    expect(await h.database.db.select().from(sessions).where(eq(sessions.userId, h.demo.staffId))).toHaveLength(0)
    const [after] = await h.database.db.select().from(devices).where(eq(devices.id, device.id))
    expect(after.staffId).toBeNull()
    await expect(h.login('demo-staff')).rejects.toThrow()
    const again = await h.call('POST', '/company/staff/delete', { token: boss, json: { id: h.demo.staffId } })
    expect(again.body).toEqual({ code: 404, msg: '员工不存在', data: null })
  })

  it('will not let a staff manager delete or disable their own account', async () => {
    const { staffId } = await makeStaff(h, h.demo.bossCompanyId, 'staff-admin', ['staff'])
    const token = await h.login('staff-admin', 'Other@2026')
    expect((await h.call('POST', '/company/staff/delete', { token, json: { id: staffId } })).body.msg).toBe('不能删除或禁用自己的账号')
    expect((await h.call('PUT', '/company/staff/update', { token, json: { id: staffId, available: false } })).body.msg).toBe('不能删除或禁用自己的账号')
  })
})

describe('PUT /company/staff/resetPassword', () => {
  it('answers a new password and ends the staff member’s sessions', async () => {
    const old = await h.login('demo-staff')
    const res = await h.call('PUT', '/company/staff/resetPassword', { token: boss, json: { staffId: h.demo.staffId } })
    expect(res.body).toMatchObject({ code: 200, msg: '重置成功' })
    expect((await h.call('POST', '/userCenter/info', { token: old })).status).toBe(401)
    const token = await h.login('demo-staff', res.body.data.password)
    expect((await h.call('POST', '/userCenter/info', { token })).body.data.username).toBe('demo-staff')
    expect((await h.call('PUT', '/company/staff/resetPassword', { token: boss, json: { staffId: 'abc' } })).body.msg).toBe('员工必须是数字')
  })
})

describe('staff permissions', () => {
  it('answers 403 to staff without the staff authority and hides the menu entry', async () => {
    const token = await h.login('demo-staff')
    for (const [method, path, json] of [
      ['GET', '/company/staff/search', undefined],
      ['POST', '/company/staff/add', newStaff],
      ['PUT', '/company/staff/update', { id: h.demo.staffId, name: 'x' }],
      ['POST', '/company/staff/delete', { id: h.demo.staffId }],
      ['PUT', '/company/staff/resetPassword', { staffId: h.demo.staffId }],
    ] as const) {
      expect((await h.call(method, path, { token, json })).body, path).toEqual({ code: 403, msg: '没有权限执行此操作', data: null })
    }
    expect(JSON.stringify((await h.call('GET', '/userCenter/menu', { token })).body.data)).not.toContain('/user/staff')
    expect((await h.call('GET', '/company/staff/search', { token: await h.login('admin') })).status).toBe(403)
  })
})
