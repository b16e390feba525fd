import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { companies, quotaAccounts, users } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { FULL_TENANT, makeDevice, makeTenant, MISSING_ID } from './org-builders'

const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})

const newCompany = {
  name: '演示租赁华南分公司',
  username: 'demo-south',
  password: 'Rw5$hJk9-Pm3',
  confirmPassword: 'Rw5$hJk9-Pm3',
  bossName: '华南负责人',
  phoneNumber: '13800000009',
}

describe('GET /company/search and /company/listChildren', () => {
  it('shows a boss its own company as the root, with its children loaded lazily', async () => {
    const res = await h.call('GET', '/company/search?current=1&pageSize=10', { token: boss })
    expect(res.body.code).toBe(200)
    expect(res.body.data.total).toBe(1)
    expect(res.body.data.records[0]).toMatchObject({
      id: h.demo.bossCompanyId,
      name: '演示租赁公司',
      available: true,
      parentId: null,
      childrenCount: 2,
      bossUserId: h.demo.bossId,
      bossName: '演示老板',
      username: 'demo',
      quota: { ios: { opened: true, remainingQuantity: 50 }, huawei: { opened: true, remainingQuantity: 50 } },
    })
    expect(res.body.data.records[0]).not.toHaveProperty('children')
    const children = await h.call('GET', `/company/listChildren?companyId=${h.demo.bossCompanyId}`, { token: boss })
    expect(children.body.data.map((c: any) => c.name).sort()).toEqual(['演示租赁华东分公司', '演示租赁华西分公司'])
    expect(children.body.data.find((c: any) => c.id === h.demo.eastCompanyId)).toMatchObject({ username: 'demo-east', childrenCount: 0, parentId: h.demo.bossCompanyId })
    const none = await h.call('GET', `/company/listChildren?companyId=${h.demo.eastCompanyId}`, { token: boss })
    expect(none.body.data).toEqual([])
  })

  it('shows the administrator every top-level company, filtered by name or username', async () => {
    await makeTenant(h, { ...FULL_TENANT, tag: 'b' })
    const admin = await h.login('admin')
    const all = await h.call('GET', '/company/search', { token: admin })
    expect(all.body.data.records.map((c: any) => c.name).sort()).toEqual(['b租赁公司', '演示租赁公司'])
    const byName = await h.call('GET', `/company/search?name=${encodeURIComponent('b租赁')}`, { token: admin })
    expect(byName.body.data.records.map((c: any) => c.name)).toEqual(['b租赁公司'])
    const byUser = await h.call('GET', '/company/search?username=demo', { token: admin })
    expect(byUser.body.data.records.map((c: any) => c.username)).toEqual(['demo'])
    const wildcard = await h.call('GET', '/company/search?name=%25', { token: admin })
    expect(wildcard.body.data.total).toBe(0)
  })
})

describe('POST /company/add', () => {
  it('adds a child company whose account signs in with the password and has an Apple quota account', async () => {
    const res = await h.call('POST', '/company/add', { token: boss, json: newCompany })
    expect(res.body).toMatchObject({ code: 200, msg: '保存成功' })
    const id = res.body.data.id
    const [row] = await h.database.db.select().from(companies).where(eq(companies.id, id))
    expect(row).toMatchObject({ parentId: h.demo.bossCompanyId, name: newCompany.name, available: true })
    const [account] = await h.database.db.select().from(users).where(eq(users.username, 'demo-south'))
    expect(account).toMatchObject({ kind: 'COMPANY', companyId: id, name: '华南负责人' })
    expect(account.passwordHash).not.toContain('Rw5$hJk9-Pm3')
    const accounts = await h.database.db.select().from(quotaAccounts).where(eq(quotaAccounts.companyId, id))
    expect(accounts.map((a) => a.quotaType)).toEqual(['IOS'])
    const token = await h.login('demo-south', 'Rw5$hJk9-Pm3')
    const info = await h.call('POST', '/userCenter/info', { token })
    expect(info.body.data).toMatchObject({ kind: 'COMPANY', companyName: newCompany.name })
    expect(info.body.data.authorityList).not.toContain('company')
  })

  it('checks password and confirmation: 密码与确认密码不一致', async () => {
    const res = await h.call('POST', '/company/add', { token: boss, json: { ...newCompany, confirmPassword: 'Other2026' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg: '密码与确认密码不一致', data: null })
    expect(await h.database.db.select().from(users).where(eq(users.username, 'demo-south'))).toHaveLength(0)
  })

  it('answers bad input with the field named in Chinese', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...newCompany, name: '' }, '名称不能为空'],
      [{ ...newCompany, username: 'a b' }, '用户名只能包含字母、数字和 _ . @ -'],
      [{ ...newCompany, password: 'short1', confirmPassword: 'short1' }, '密码长度不能少于8个字符'],
      [{ ...newCompany, phoneNumber: '12345' }, '手机号必须是11位数字，以1开头'],
      [{ ...newCompany, bossName: undefined }, '负责人不能为空'],
      [{ ...newCompany, username: 'demo-east' }, '用户名已被使用'],
    ]
    for (const [json, msg] of cases) {
      const res = await h.call('POST', '/company/add', { token: boss, json })
      expect(res.body.msg).toBe(msg)
      expect(res.body.code).not.toBe(200)
    }
  })

  it('gives the child company account a COMPANY role that narrows its authorities', async () => {
    const role = await h.call('POST', '/role/add', { token: boss, json: { name: '只看设备', roleType: 'COMPANY', authorityIdList: ['dashboard', 'huawei:device'] } })
    const res = await h.call('POST', '/company/add', { token: boss, json: { ...newCompany, roleId: role.body.data.id } })
    expect(res.body.code).toBe(200)
    const token = await h.login('demo-south', 'Rw5$hJk9-Pm3')
    const info = await h.call('POST', '/userCenter/info', { token })
    expect(info.body.data.authorityList.sort()).toEqual(['dashboard', 'huawei:device'])
    const staffRole = await h.call('POST', '/company/add', { token: boss, json: { ...newCompany, username: 'demo-south2', roleId: h.demo.staffRoleId } })
    expect(staffRole.body).toMatchObject({ code: 400, msg: '只能选择公司角色' })
  })

  it('lets the administrator add a top-level company with its boss', async () => {
    const admin = await h.login('admin')
    const res = await h.call('POST', '/company/add', { token: admin, json: { ...newCompany, name: '新租赁公司', username: 'new-boss' } })
    expect(res.body.code).toBe(200)
    const [account] = await h.database.db.select().from(users).where(eq(users.username, 'new-boss'))
    expect(account.kind).toBe('BOSS')
    const token = await h.login('new-boss', 'Rw5$hJk9-Pm3')
    expect((await h.call('POST', '/userCenter/info', { token })).body.data.boss).toBe(true)
  })
})

describe('PUT /company/update', () => {
  it('edits and disables a child company; its account is signed out', async () => {
    const east = await h.login('demo-east')
    const res = await h.call('PUT', '/company/update', { token: boss, json: { id: h.demo.eastCompanyId, name: '华东新名', bossName: '新负责人', phoneNumber: '13911112222', available: false } })
    expect(res.body).toMatchObject({ code: 200, msg: '编辑成功' })
    const [row] = await h.database.db.select().from(companies).where(eq(companies.id, h.demo.eastCompanyId))
    expect(row).toMatchObject({ name: '华东新名', available: false })
    const [account] = await h.database.db.select().from(users).where(eq(users.id, h.demo.eastUserId))
    expect(account).toMatchObject({ name: '新负责人', phoneNumber: '13911112222' })
    expect((await h.call('POST', '/userCenter/info', { token: east })).status).toBe(401)
    const children = await h.call('GET', `/company/listChildren?companyId=${h.demo.bossCompanyId}`, { token: boss })
    expect(children.body.data.find((c: any) => c.id === h.demo.eastCompanyId).available).toBe(false)
    await h.call('PUT', '/company/update', { token: boss, json: { id: h.demo.eastCompanyId, available: 'true' } })
    expect((await h.call('POST', '/userCenter/info', { token: await h.login('demo-east') })).body.code).toBe(200)
  })

  it('keeps sibling names distinct when adding or renaming; the same name under another parent is fine', async () => {
    const sameAsEast = await h.call('POST', '/company/add', { token: boss, json: { ...newCompany, name: '演示租赁华东分公司' } })
    expect(sameAsEast.body).toEqual({ code: 409, msg: '已有名为「演示租赁华东分公司」的同级公司，请换一个名称', data: null })
    expect(await h.database.db.select().from(users).where(eq(users.username, 'demo-south'))).toHaveLength(0)
    const rename = await h.call('PUT', '/company/update', { token: boss, json: { id: h.demo.westCompanyId, name: '演示租赁华东分公司' } })
    expect(rename.body.code).toBe(409)
    // Renaming to its own name, or changing something else, is not a clash with itself.
    expect((await h.call('PUT', '/company/update', { token: boss, json: { id: h.demo.eastCompanyId, name: '演示租赁华东分公司', phoneNumber: '13911112222' } })).body.code).toBe(200)
    const other = await makeTenant(h, { ...FULL_TENANT, tag: 'elsewhere', signIn: true })
    const otherBoss = other.token
    const elsewhere = await h.call('POST', '/company/add', { token: otherBoss, json: { ...newCompany, username: 'else-south', name: '演示租赁华东分公司' } })
    expect(elsewhere.body.code).toBe(200)
  })

  it('creates one of three siblings added with one name at the same moment', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((n) => h.call('POST', '/company/add', { token: boss, json: { ...newCompany, username: `same-name-${n}` } })),
    )
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 409, 409])
    for (const a of answers.filter((a) => a.body.code === 409)) expect(a.body.msg).toBe('已有名为「演示租赁华南分公司」的同级公司，请换一个名称')
    expect(await h.database.db.select().from(companies).where(eq(companies.name, newCompany.name))).toHaveLength(1)
  })

  it('will not disable the boss’s own company', async () => {
    const res = await h.call('PUT', '/company/update', { token: boss, json: { id: h.demo.bossCompanyId, available: false } })
    expect(res.body).toMatchObject({ code: 400, msg: '不能禁用自己的公司' })
    const rename = await h.call('PUT', '/company/update', { token: boss, json: { id: h.demo.bossCompanyId, name: '演示租赁集团' } })
    expect(rename.body.code).toBe(200)
  })

  it('answers a missing company with 404 and bad fields with 400', async () => {
    expect((await h.call('PUT', '/company/update', { token: boss, json: { id: MISSING_ID, name: 'x' } })).body).toEqual({ code: 404, msg: '公司不存在', data: null })
    expect((await h.call('PUT', '/company/update', { token: boss, json: { id: h.demo.eastCompanyId, available: 'maybe' } })).body.msg).toBe('启用状态格式不正确')
    expect((await h.call('PUT', '/company/update', { token: boss, json: { name: 'x' } })).body.msg).toBe('编号不能为空')
  })
})

describe('PUT /company/resetPassword', () => {
  it('sets a new random password, answers it once, and ends the account’s sessions', async () => {
    const east = await h.login('demo-east')
    const res = await h.call('PUT', '/company/resetPassword', { token: boss, json: { bossId: h.demo.eastUserId } })
    expect(res.body).toMatchObject({ code: 200, msg: '重置成功' })
    const password = res.body.data.password
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/)
    expect((await h.call('POST', '/userCenter/info', { token: east })).status).toBe(401)
    await expect(h.login('demo-east')).rejects.toThrow()
    const again = await h.login('demo-east', password)
    expect((await h.call('POST', '/userCenter/info', { token: again })).body.code).toBe(200)
  })

  it('refuses the boss’s own account, staff accounts and missing ids', async () => {
    expect((await h.call('PUT', '/company/resetPassword', { token: boss, json: { bossId: h.demo.bossId } })).body.msg).toBe('不能在这里重置自己的密码，请在个人中心修改')
    expect((await h.call('PUT', '/company/resetPassword', { token: boss, json: { bossId: h.demo.staffId } })).body).toEqual({ code: 404, msg: '账号不存在', data: null })
    expect((await h.call('PUT', '/company/resetPassword', { token: boss, json: { bossId: MISSING_ID } })).body).toEqual({ code: 404, msg: '账号不存在', data: null })
    expect((await h.call('PUT', '/company/resetPassword', { token: boss, json: {} })).body.msg).toBe('公司账号不能为空')
  })
})

describe('GET /company/searchChildrenDevice', () => {
  it('lists one company’s devices, paged and filtered, and nothing of the recycle bin', async () => {
    for (const device of [
      { companyId: h.demo.eastCompanyId, serialNumber: 'EAST0001', staffId: null },
      { companyId: h.demo.eastCompanyId, platform: 'IOS', serialNumber: 'EAST0002' },
      { companyId: h.demo.eastCompanyId, serialNumber: 'EAST0003', recycleStatus: true },
      { companyId: h.demo.westCompanyId, serialNumber: 'WEST0001' },
    ] as const) await makeDevice(h, device)
    const res = await h.call('GET', `/company/searchChildrenDevice?companyId=${h.demo.eastCompanyId}&current=1&pageSize=1`, { token: boss })
    expect(res.body.data.total).toBe(2)
    expect(res.body.data.records).toHaveLength(1)
    expect(res.body.data.records[0]).toMatchObject({ serialNumber: 'EAST0002', platform: 'IOS', staffName: null, lastCommunicationTime: null })
    const huawei = await h.call('GET', `/company/searchChildrenDevice?companyId=${h.demo.eastCompanyId}&platform=HUAWEI`, { token: boss })
    expect(huawei.body.data.records.map((d: any) => d.serialNumber)).toEqual(['EAST0001'])
    const empty = await h.call('GET', `/company/searchChildrenDevice?companyId=${h.demo.bossCompanyId}`, { token: boss })
    expect(empty.body.data).toEqual({ records: [], total: 0 })
    expect((await h.call('GET', '/company/searchChildrenDevice', { token: boss })).body.msg).toBe('公司不能为空')
  })
})

describe('company permissions', () => {
  it('answers 403 to child companies and staff, whose menus lack the entry', async () => {
    for (const username of ['demo-east', 'demo-staff']) {
      const token = await h.login(username)
      for (const [method, path, json] of [
        ['GET', '/company/search', undefined],
        ['GET', `/company/listChildren?companyId=${h.demo.bossCompanyId}`, undefined],
        ['GET', `/company/searchChildrenDevice?companyId=${h.demo.eastCompanyId}`, undefined],
        ['POST', '/company/add', newCompany],
        ['PUT', '/company/update', { id: h.demo.westCompanyId, name: 'x' }],
        ['PUT', '/company/resetPassword', { bossId: h.demo.westUserId }],
      ] as const) {
        const res = await h.call(method, path, { token, json })
        expect(res.body, `${username} ${path}`).toEqual({ code: 403, msg: '没有权限执行此操作', data: null })
      }
      const menu = await h.call('GET', '/userCenter/menu', { token })
      expect(JSON.stringify(menu.body.data)).not.toContain('/user/business')
    }
  })
})
