import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { companies, quotaAccounts, registrations, users } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { MISSING_ID, registrationById } from './org-builders'

const h = harnessForFile()
let admin: string
beforeEach(async () => {
  admin = await h.login('admin')
})

const application = {
  username: 'newco',
  password: 'Kq7#vLm2-Tz9',
  confirmPassword: 'Kq7#vLm2-Tz9',
  companyName: '新公司',
  contactName: '张三',
  phoneNumber: '13912345678',
}

async function register(overrides: Partial<typeof application> = {}): Promise<number> {
  const res = await h.call('POST', '/register', { json: { ...application, ...overrides } })
  expect(res.body.code).toBe(200)
  const [row] = await h.database.db.select().from(registrations).where(eq(registrations.username, overrides.username ?? application.username))
  return row.id
}

describe('GET /user/register/search', () => {
  it('lists registrations newest first, filtered by username and status', async () => {
    const a = await register()
    const b = await register({ username: 'other' })
    await h.call('POST', '/user/register/rejected', { token: admin, json: { id: b } })
    const all = await h.call('GET', '/user/register/search?current=1&pageSize=10', { token: admin })
    expect(all.body.data.total).toBe(2)
    expect(all.body.data.records.map((r: any) => r.id)).toEqual([b, a])
    expect(all.body.data.records[1]).toMatchObject({ username: 'newco', companyName: '新公司', contactName: '张三', phoneNumber: '13912345678', status: 'PENDING', reviewedAt: null })
    expect(all.body.data.records[1]).not.toHaveProperty('passwordHash')
    const rejected = await h.call('GET', '/user/register/search?status=REJECTED', { token: admin })
    expect(rejected.body.data.records.map((r: any) => r.username)).toEqual(['other'])
    const byName = await h.call('GET', '/user/register/search?username=new&status=', { token: admin })
    expect(byName.body.data.records.map((r: any) => r.username)).toEqual(['newco'])
    expect((await h.call('GET', '/user/register/search?status=DONE', { token: admin })).body.msg).toBe('审核状态的取值无效')
  })
})

describe('POST /user/register/approved', () => {
  it('creates the boss company and account; the applicant signs in with the registered password', async () => {
    const id = await register()
    const res = await h.call('POST', '/user/register/approved', { token: admin, json: { id } })
    expect(res.body).toMatchObject({ code: 200, msg: '审核通过' })
    expect(await registrationById(h, id)).toMatchObject({ status: 'APPROVED' })
    expect((await registrationById(h, id)).reviewedAt).toBeInstanceOf(Date)
    const [account] = await h.database.db.select().from(users).where(eq(users.username, 'newco'))
    expect(account).toMatchObject({ kind: 'BOSS', name: '张三', phoneNumber: '13912345678' })
    const [company] = await h.database.db.select().from(companies).where(eq(companies.id, account.companyId!))
    expect(company).toMatchObject({ name: '新公司', parentId: null, available: true })
    expect((await h.database.db.select().from(quotaAccounts).where(eq(quotaAccounts.companyId, company.id))).map((a) => a.quotaType)).toEqual(['IOS'])
    const token = await h.login('newco', 'Kq7#vLm2-Tz9')
    const info = await h.call('POST', '/userCenter/info', { token })
    expect(info.body.data).toMatchObject({ boss: true, companyName: '新公司' })
    expect(info.body.data.authorityList).toContain('company')
  })

  it('refuses to create a second top-level company of the same name; the application stays pending', async () => {
    const id = await register({ companyName: '演示租赁公司' })
    const res = await h.call('POST', '/user/register/approved', { token: admin, json: { id } })
    expect(res.body).toEqual({ code: 409, msg: '已有名为「演示租赁公司」的同级公司，请换一个名称', data: null })
    expect(await registrationById(h, id)).toMatchObject({ status: 'PENDING' })
    expect(await h.database.db.select().from(users).where(eq(users.username, 'newco'))).toHaveLength(0)
    // The administrator edits the name (the applicant agrees on the phone) and approves.
    await h.call('PUT', '/user/register/update', { token: admin, json: { id, companyName: '演示租赁公司（上海）' } })
    expect((await h.call('POST', '/user/register/approved', { token: admin, json: { id } })).body.code).toBe(200)
  })

  it('never moves a reviewed registration again', async () => {
    const id = await register()
    await h.call('POST', '/user/register/approved', { token: admin, json: { id } })
    for (const action of ['approved', 'rejected']) {
      const res = await h.call('POST', `/user/register/${action}`, { token: admin, json: { id } })
      expect(res.body).toEqual({ code: 400, msg: '该注册申请已审核，不能重复审核', data: null })
    }
    expect(await registrationById(h, id)).toMatchObject({ status: 'APPROVED' })
    expect(await h.database.db.select().from(users).where(eq(users.username, 'newco'))).toHaveLength(1)
    const edit = await h.call('PUT', '/user/register/update', { token: admin, json: { id, companyName: 'x' } })
    expect(edit.body).toEqual({ code: 400, msg: '只能编辑待审核的注册申请', data: null })
  })

  it('refuses approval when the username was taken meanwhile, changing nothing', async () => {
    const id = await register()
    await h.call('POST', '/company/staff/add', { token: await h.login('demo'), json: { username: 'newco', password: 'Gz8!tQn4-Lc6', name: '同名', phoneNumber: '13600000001' } })
    const res = await h.call('POST', '/user/register/approved', { token: admin, json: { id } })
    expect(res.body).toEqual({ code: 409, msg: '用户名已被使用', data: null })
    expect(await registrationById(h, id)).toMatchObject({ status: 'PENDING' })
    expect(await h.database.db.select().from(companies).where(eq(companies.name, '新公司'))).toHaveLength(0)
  })

  it('answers missing and malformed ids', async () => {
    expect((await h.call('POST', '/user/register/approved', { token: admin, json: { id: MISSING_ID } })).body).toEqual({ code: 404, msg: '注册申请不存在', data: null })
    expect((await h.call('POST', '/user/register/approved', { token: admin, json: {} })).body.msg).toBe('编号不能为空')
  })
})

describe('POST /user/register/rejected, PUT /user/register/update, POST /user/register/delete', () => {
  it('rejects without creating an account', async () => {
    const id = await register()
    const res = await h.call('POST', '/user/register/rejected', { token: admin, json: { id } })
    expect(res.body).toMatchObject({ code: 200, msg: '审核不通过' })
    expect(await registrationById(h, id)).toMatchObject({ status: 'REJECTED' })
    expect(await h.database.db.select().from(users).where(eq(users.username, 'newco'))).toHaveLength(0)
  })

  it('edits a pending registration, checking the fields', async () => {
    const id = await register()
    const res = await h.call('PUT', '/user/register/update', { token: admin, json: { id, companyName: '改名公司', contactName: '李四', phoneNumber: '13900000000', username: 'newco2' } })
    expect(res.body).toMatchObject({ code: 200, msg: '编辑成功' })
    expect(await registrationById(h, id)).toMatchObject({ companyName: '改名公司', contactName: '李四', phoneNumber: '13900000000', username: 'newco2' })
    expect((await h.call('PUT', '/user/register/update', { token: admin, json: { id, phoneNumber: '123' } })).body.msg).toBe('手机号必须是11位数字，以1开头')
    expect((await h.call('PUT', '/user/register/update', { token: admin, json: { id, username: 'demo' } })).body).toEqual({ code: 409, msg: '用户名已被使用', data: null })
    expect((await h.call('PUT', '/user/register/update', { token: admin, json: { id: MISSING_ID, companyName: 'x' } })).body.code).toBe(404)
  })

  it('deletes a registration', async () => {
    const id = await register()
    const res = await h.call('POST', '/user/register/delete', { token: admin, json: { id } })
    expect(res.body).toMatchObject({ code: 200, msg: '删除成功' })
    expect(await registrationById(h, id)).toBeUndefined()
    expect((await h.call('POST', '/user/register/delete', { token: admin, json: { id } })).body).toEqual({ code: 404, msg: '注册申请不存在', data: null })
  })
})

describe('registration permissions', () => {
  it('is for the administrator only: bosses, child companies and staff get 403 and no menu entry', async () => {
    const id = await register()
    for (const username of ['demo', 'demo-east', 'demo-staff']) {
      const token = await h.login(username)
      for (const [method, path, json] of [
        ['GET', '/user/register/search', undefined],
        ['POST', '/user/register/approved', { id }],
        ['POST', '/user/register/rejected', { id }],
        ['POST', '/user/register/delete', { id }],
        ['PUT', '/user/register/update', { id, companyName: 'x' }],
      ] as const) {
        expect((await h.call(method, path, { token, json })).body, `${username} ${path}`).toEqual({ code: 403, msg: '没有权限执行此操作', data: null })
      }
      expect(JSON.stringify((await h.call('GET', '/userCenter/menu', { token })).body.data)).not.toContain('/userRegister')
    }
    expect(await registrationById(h, id)).toMatchObject({ status: 'PENDING', companyName: '新公司' })
  })
})
