import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { accessKeys } from '../../src/server/db/schema'
import { harnessForFile } from './harness'

const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})

const create = (json: Record<string, unknown>, token = boss) => h.call('POST', '/access/create', { token, json })

describe('access keys', () => {
  it('shows nothing until a key is created, then shows it', async () => {
    expect((await h.call('GET', '/access/get', { token: boss })).body).toEqual({ code: 200, msg: 'success', data: null })
    const res = await create({ name: '对接系统', remark: 'ERP', ipWhiteList: '10.0.0.1, 192.168.0.0/16，2001:db8::/32' })
    expect(res.body).toMatchObject({ code: 200, msg: '创建密钥成功' })
    const got = await h.call('GET', '/access/get', { token: boss })
    expect(got.text).toContain('accessSecret')
    expect(got.body.data).toMatchObject({ name: '对接系统', remark: 'ERP', ipWhiteList: '10.0.0.1,192.168.0.0/16,2001:db8::/32' })
    expect(got.body.data.accessKey).toMatch(/^AK[0-9A-F]{24}$/)
    expect(got.body.data.accessSecret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(new Date(got.body.data.gmtCreate).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(res.body.data).toEqual(got.body.data)
    // Stored sealed: the database alone does not give the secret away.
    const [row] = await h.database.db.select().from(accessKeys)
    expect(row.accessSecret).toMatch(/^v1\./)
    expect(row.accessSecret).not.toContain(got.body.data.accessSecret)
  })

  it('regenerates accessKey, accessSecret and gmtCreate, keeping name, remark and whitelist', async () => {
    const first = (await create({ name: 'k', remark: '', ipWhiteList: '10.0.0.1' })).body.data
    await h.database.db.update(accessKeys).set({ gmtCreate: new Date(Date.now() - 86_400_000) })
    const res = await h.call('PUT', '/access/refresh', { token: boss })
    expect(res.body).toMatchObject({ code: 200, msg: '重新生成密钥成功' })
    const second = res.body.data
    expect(second.accessKey).not.toBe(first.accessKey)
    expect(second.accessSecret).not.toBe(first.accessSecret)
    expect(new Date(second.gmtCreate).getTime()).toBeGreaterThan(new Date(first.gmtCreate).getTime() - 86_400_000 + 1000)
    expect(second).toMatchObject({ name: 'k', ipWhiteList: '10.0.0.1' })
    expect(await h.database.db.select().from(accessKeys)).toHaveLength(1)
  })

  it('deletes by clearing the secret; a new key can then be created', async () => {
    await create({ name: 'k', remark: '', ipWhiteList: '' })
    const again = await create({ name: 'k2', remark: '', ipWhiteList: '' })
    expect(again.body).toEqual({ code: 409, msg: '已存在访问密钥，请重新生成或先删除', data: null })
    const del = await h.call('POST', '/access/delete', { token: boss })
    expect(del.body).toMatchObject({ code: 200, msg: '删除成功' })
    const [row] = await h.database.db.select().from(accessKeys)
    expect(row.accessSecret).toBeNull()
    expect((await h.call('GET', '/access/get', { token: boss })).body.data.accessSecret).toBeNull()
    const created = await create({ name: 'k2', remark: 'new', ipWhiteList: '' })
    expect(created.body.data).toMatchObject({ name: 'k2', remark: 'new' })
    expect(created.body.data.accessSecret).toBeTruthy()
  })

  it('keeps one key when create is tapped twice at once, and delete then disables every way in', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => create({ name: 'k', remark: '', ipWhiteList: '' })))
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 409, 409])
    expect(await h.database.db.select().from(accessKeys)).toHaveLength(1)
    await h.call('POST', '/access/delete', { token: boss })
    expect((await h.database.db.select().from(accessKeys)).filter((k) => k.accessSecret !== null)).toHaveLength(0)
  })

  it('answers refresh and delete without a key with 404', async () => {
    expect((await h.call('PUT', '/access/refresh', { token: boss })).body).toEqual({ code: 404, msg: '尚未创建访问密钥', data: null })
    expect((await h.call('POST', '/access/delete', { token: boss })).body).toEqual({ code: 404, msg: '尚未创建访问密钥', data: null })
  })

  it('validates name and IP whitelist entries', async () => {
    expect((await create({ name: '', ipWhiteList: '' })).body.msg).toBe('名称不能为空')
    expect((await create({ name: 'k', ipWhiteList: '10.0.0.1,10.0.0.300' })).body).toEqual({ code: 400, msg: 'IP 白名单中的“10.0.0.300”不是有效的 IP 地址或网段', data: null })
    expect((await create({ name: 'k', ipWhiteList: '10.0.0.0/33' })).body.msg).toBe('IP 白名单中的“10.0.0.0/33”不是有效的 IP 地址或网段')
    const many = Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`).join(',')
    expect((await create({ name: 'k', ipWhiteList: many })).body.msg).toBe('IP 白名单最多 50 项')
    expect(await h.database.db.select().from(accessKeys)).toHaveLength(0)
  })

  it('keeps each company’s key to itself', async () => {
    await create({ name: 'boss key', remark: '', ipWhiteList: '' })
    const east = await h.login('demo-east')
    expect((await h.call('GET', '/access/get', { token: east })).body.data).toBeNull()
    await h.call('POST', '/access/delete', { token: east })
    const [row] = await h.database.db.select().from(accessKeys).where(eq(accessKeys.companyId, h.demo.bossCompanyId))
    expect(row.accessSecret).not.toBeNull()
  })

  it('answers 403 to staff and the administrator, whose menus lack the entry', async () => {
    for (const username of ['demo-staff', 'admin']) {
      const token = await h.login(username)
      for (const [method, path] of [['GET', '/access/get'], ['POST', '/access/create'], ['PUT', '/access/refresh'], ['POST', '/access/delete']] as const) {
        const res = await h.call(method, path, { token, json: method === 'GET' ? undefined : { name: 'x', remark: '', ipWhiteList: '' } })
        expect(res.body, `${username} ${path}`).toEqual({ code: 403, msg: '没有权限执行此操作', data: null })
      }
      expect(JSON.stringify((await h.call('GET', '/userCenter/menu', { token })).body.data)).not.toContain('/access')
    }
  })
})
