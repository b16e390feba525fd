import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { roles, users } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { makeStaff } from './org-builders'

const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})

const flatten = (nodes: any[]): string[] => nodes.flatMap((n) => (n.children ? flatten(n.children) : [n.id]))

describe('GET /authority/tree', () => {
  it('answers the tree of each role type', async () => {
    const staff = await h.call('GET', '/authority/tree?authorityUserType=STAFF', { token: boss })
    expect(staff.body.code).toBe(200)
    expect(flatten(staff.body.data)).toContain('huawei:command')
    expect(flatten(staff.body.data)).not.toContain('company')
    const company = await h.call('GET', '/authority/tree?authorityUserType=COMPANY', { token: boss })
    expect(flatten(company.body.data)).toEqual(expect.arrayContaining(['company', 'access', 'staff']))
  })

  it('refuses an unknown or missing type with a Chinese message', async () => {
    expect((await h.call('GET', '/authority/tree?authorityUserType=BOSS', { token: boss })).body).toEqual({
      code: 400,
      msg: '权限类型的取值无效',
      data: null,
    })
    expect((await h.call('GET', '/authority/tree', { token: boss })).body.msg).toBe('权限类型不能为空')
  })

  it('limits a staff role manager to the authorities they hold, and keeps COMPANY roles to bosses', async () => {
    await makeStaff(h, h.demo.bossCompanyId, 'role-admin', ['role', 'dashboard', 'huawei:device'])
    const token = await h.login('role-admin', 'Other@2026')
    const tree = await h.call('GET', '/authority/tree?authorityUserType=STAFF', { token })
    expect(flatten(tree.body.data).sort()).toEqual(['dashboard', 'huawei:device', 'role'])
    const company = await h.call('GET', '/authority/tree?authorityUserType=COMPANY', { token })
    expect(company.body).toMatchObject({ code: 403, msg: '只有老板账号可以管理公司角色' })
  })
})

describe('roles: add, search, detail, update, delete', () => {
  it('adds a role and finds it', async () => {
    const add = await h.call('POST', '/role/add', { token: boss, json: { name: '巡检员', roleType: 'STAFF', authorityIdList: ['dashboard', 'huawei:device'] } })
    expect(add.body).toMatchObject({ code: 200, msg: '保存成功' })
    const id = add.body.data.id
    const search = await h.call('GET', '/role/search?current=1&pageSize=10&name=巡检', { token: boss })
    expect(search.body.data.total).toBe(1)
    expect(search.body.data.records[0]).toMatchObject({ id, name: '巡检员', roleType: 'STAFF', authorityIdList: ['dashboard', 'huawei:device'], userCount: 0 })
    const detail = await h.call('GET', `/role/detail?roleId=${id}`, { token: boss })
    expect(detail.body.data).toMatchObject({ id, name: '巡检员' })
    expect(flatten(detail.body.data.authorityTree)).toContain('huawei:device')
    const list = await h.call('GET', '/role/list?roleType=STAFF', { token: boss })
    expect(list.body.data.map((r: any) => r.name)).toEqual(expect.arrayContaining(['巡检员', '设备专员']))
    // How much each grants, for the staff form's default (the least-privileged role).
    expect(list.body.data.find((r: any) => r.id === id)).toMatchObject({ authorityCount: 2 })
  })

  it('lists for a picker only the roles of the company whose account is edited, and none outside the scope', async () => {
    await h.call('POST', '/role/add', { token: await h.login('demo-east'), json: { name: '华东角色', roleType: 'STAFF', authorityIdList: ['dashboard'] } })
    const names = async (query: string, token = boss) => (await h.call('GET', `/role/list?roleType=STAFF${query}`, { token })).body.data.map((r: any) => r.name)
    expect(await names('')).not.toContain('华东角色')
    expect(await names(`&companyId=${h.demo.eastCompanyId}`)).toEqual(['华东角色'])
    expect(await names(`&companyId=${h.demo.eastCompanyId}`, await h.login('demo-west'))).toEqual([])
  })

  it('needs at least one authority: 请选择权限', async () => {
    for (const authorityIdList of [[], undefined]) {
      const res = await h.call('POST', '/role/add', { token: boss, json: { name: '空角色', roleType: 'STAFF', authorityIdList } })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ code: 400, msg: '请选择权限', data: null })
    }
    const update = await h.call('PUT', '/role/update', { token: boss, json: { id: h.demo.staffRoleId, name: '设备专员', authorityIdList: [] } })
    expect(update.body.msg).toBe('请选择权限')
  })

  it('refuses authorities outside the role type, unknown codes, and a blank name', async () => {
    const company = await h.call('POST', '/role/add', { token: boss, json: { name: 'x', roleType: 'STAFF', authorityIdList: ['company'] } })
    expect(company.body).toMatchObject({ code: 400, msg: '权限“company”不存在或不能分配给该类型的角色' })
    const unknown = await h.call('POST', '/role/add', { token: boss, json: { name: 'x', roleType: 'STAFF', authorityIdList: ['root'] } })
    expect(unknown.body.msg).toBe('权限“root”不存在或不能分配给该类型的角色')
    const blank = await h.call('POST', '/role/add', { token: boss, json: { name: ' ', roleType: 'STAFF', authorityIdList: ['dashboard'] } })
    expect(blank.body.msg).toBe('名称不能为空')
    const dup = await h.call('POST', '/role/add', { token: boss, json: { name: '设备专员', roleType: 'STAFF', authorityIdList: ['dashboard'] } })
    expect(dup.body).toMatchObject({ code: 409, msg: '角色名称已存在' })
  })

  it('updates name and authorities, which take effect for holders at once', async () => {
    const staff = await h.login('demo-staff')
    expect((await h.call('GET', '/company/staff/search', { token: staff })).body.code).toBe(403)
    const res = await h.call('PUT', '/role/update', { token: boss, json: { id: h.demo.staffRoleId, name: '设备专员2', authorityIdList: ['dashboard', 'staff'] } })
    expect(res.body).toMatchObject({ code: 200, msg: '编辑成功' })
    const [row] = await h.database.db.select().from(roles).where(eq(roles.id, h.demo.staffRoleId))
    expect(row).toMatchObject({ name: '设备专员2', authorities: ['dashboard', 'staff'], roleType: 'STAFF' })
    expect((await h.call('GET', '/company/staff/search', { token: staff })).body.code).toBe(200)
    const menu = await h.call('GET', '/userCenter/menu', { token: staff })
    expect(JSON.stringify(menu.body.data)).toContain('/user/staff')
  })

  it('will not delete a role in use, then deletes it once unused', async () => {
    const inUse = await h.call('POST', '/role/delete', { token: boss, json: { id: h.demo.staffRoleId } })
    expect(inUse.body).toEqual({ code: 400, msg: '该角色已分配给 1 个账号，请先为这些账号更换角色后再删除', data: null })
    await h.database.db.update(users).set({ roleId: null }).where(eq(users.id, h.demo.staffId))
    const ok = await h.call('POST', '/role/delete', { token: boss, json: { id: String(h.demo.staffRoleId) } })
    expect(ok.body).toMatchObject({ code: 200, msg: '删除成功' })
    expect(await h.database.db.select().from(roles).where(eq(roles.id, h.demo.staffRoleId))).toHaveLength(0)
    const again = await h.call('POST', '/role/delete', { token: boss, json: { id: h.demo.staffRoleId } })
    expect(again.body).toMatchObject({ code: 404, msg: '角色不存在' })
  })

  it('refuses a staff role manager granting more than they hold', async () => {
    await makeStaff(h, h.demo.bossCompanyId, 'role-admin', ['role', 'dashboard'])
    const token = await h.login('role-admin', 'Other@2026')
    const res = await h.call('POST', '/role/add', { token, json: { name: '越权', roleType: 'STAFF', authorityIdList: ['dashboard', 'staff'] } })
    expect(res.body).toMatchObject({ code: 403, msg: '不能授予超出自身权限的权限' })
    const fine = await h.call('POST', '/role/add', { token, json: { name: '看板', roleType: 'STAFF', authorityIdList: ['dashboard'] } })
    expect(fine.body.code).toBe(200)
    // Nor may they rewrite or delete a role that grants more than they hold.
    const stronger = await h.call('PUT', '/role/update', { token, json: { id: h.demo.staffRoleId, name: '设备专员', authorityIdList: ['dashboard'] } })
    expect(stronger.body).toMatchObject({ code: 403, msg: '不能管理权限超出自身的角色或员工' })
    expect((await h.call('POST', '/role/delete', { token, json: { id: h.demo.staffRoleId } })).body.code).toBe(403)
  })

  it('validates ids and paging with Chinese messages, never a 500', async () => {
    for (const [path, msg] of [
      ['/role/detail?roleId=abc', '编号必须是数字'.replace('编号', '角色')],
      ['/role/detail', '角色不能为空'],
      ['/role/detail?roleId=0', '角色不能小于1'],
      ['/role/search?current=0', '页码不能小于1'],
      ['/role/search?pageSize=1000', '每页条数不能大于100'],
    ] as const) {
      const res = await h.call('GET', path, { token: boss })
      expect(res.status, path).toBe(400)
      expect(res.body.msg, path).toBe(msg)
    }
    const bad = await h.call('POST', '/role/delete', { token: boss, body: 'nope', headers: { 'content-type': 'application/json' } })
    expect(bad.body).toEqual({ code: 400, msg: '请求体不是有效的 JSON', data: null })
  })
})

describe('role permissions', () => {
  it('answers 403 to staff without the role authority and hides the menu entry', async () => {
    const staff = await h.login('demo-staff')
    for (const [method, path, json] of [
      ['GET', '/role/search', undefined],
      ['GET', `/role/detail?roleId=${h.demo.staffRoleId}`, undefined],
      ['GET', '/authority/tree?authorityUserType=STAFF', undefined],
      ['GET', '/role/list?roleType=STAFF', undefined],
      ['POST', '/role/add', { name: 'x', roleType: 'STAFF', authorityIdList: ['dashboard'] }],
      ['PUT', '/role/update', { id: h.demo.staffRoleId, name: 'x', authorityIdList: ['dashboard'] }],
      ['POST', '/role/delete', { id: h.demo.staffRoleId }],
    ] as const) {
      const res = await h.call(method, path, { token: staff, json })
      expect(res.status, path).toBe(403)
      expect(res.body, path).toEqual({ code: 403, msg: '没有权限执行此操作', data: null })
    }
    const menu = await h.call('GET', '/userCenter/menu', { token: staff })
    expect(JSON.stringify(menu.body.data)).not.toContain('/sys')
    expect((await h.call('GET', '/role/search')).status).toBe(401)
  })

  it('lets a child company manage its own staff roles but not COMPANY roles', async () => {
    const east = await h.login('demo-east')
    const add = await h.call('POST', '/role/add', { token: east, json: { name: '华东员工', roleType: 'STAFF', authorityIdList: ['dashboard'] } })
    expect(add.body.code).toBe(200)
    const company = await h.call('POST', '/role/add', { token: east, json: { name: '华东公司角色', roleType: 'COMPANY', authorityIdList: ['dashboard'] } })
    expect(company.body).toMatchObject({ code: 403, msg: '只有老板账号可以管理公司角色' })
    const search = await h.call('GET', '/role/search', { token: east })
    expect(search.body.data.records.map((r: any) => r.name)).toEqual(['华东员工'])
    // The boss sees its children's roles too.
    const bossSearch = await h.call('GET', '/role/search', { token: boss })
    expect(bossSearch.body.data.records.map((r: any) => r.name)).toEqual(expect.arrayContaining(['华东员工', '设备专员']))
  })
})
