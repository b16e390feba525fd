import { beforeEach, describe, expect, it } from 'vitest'
import { commonPhrases } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { makeTenant } from './org-builders'

const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})

const P = '/user/commonPhrasesPhone'

async function add(token: string, type: string, value: unknown) {
  return (await h.call('POST', `${P}/add`, { token, json: { type, value } })).body
}

async function list(token: string, type: string) {
  return (await h.call('GET', `${P}/listByType?type=${type}`, { token })).body
}

describe('saved phrases and phones', () => {
  it('adds phrases and phones, lists each type oldest first, and deletes', async () => {
    expect(await add(boss, 'PHRASES', '  此手机已丢失，请联系失主  ')).toMatchObject({ code: 200, msg: '保存成功' })
    const second = await add(boss, 'PHRASES', '请按时缴纳租金')
    expect(await add(boss, 'PHONE', '138 0013 8000')).toMatchObject({ code: 200 })
    expect(await add(boss, 'PHONE', '021-12345678')).toMatchObject({ code: 200 })
    const phrases = await list(boss, 'PHRASES')
    expect(phrases.data.map((p: { value: string }) => p.value)).toEqual(['此手机已丢失，请联系失主', '请按时缴纳租金'])
    expect(phrases.data[0]).toMatchObject({ type: 'PHRASES', id: expect.any(Number), createdAt: expect.any(String) })
    expect((await list(boss, 'PHONE')).data.map((p: { value: string }) => p.value)).toEqual(['13800138000', '021-12345678'])
    expect((await h.call('POST', `${P}/delete`, { token: boss, json: { id: second.data.id } })).body).toEqual({ code: 200, msg: '删除成功', data: null })
    expect((await list(boss, 'PHRASES')).data).toHaveLength(1)
    expect((await h.call('POST', `${P}/delete`, { token: boss, json: { id: second.data.id } })).body).toEqual({ code: 404, msg: '常用语不存在', data: null })
  })

  it('refuses a value saved already, and more than 50 of a type', async () => {
    await add(boss, 'PHONE', '13800138000')
    expect(await add(boss, 'PHONE', '138 0013 8000')).toEqual({ code: 409, msg: '该电话号码已保存', data: null })
    await add(boss, 'PHRASES', '同一句')
    expect(await add(boss, 'PHRASES', '同一句')).toEqual({ code: 409, msg: '该常用语已保存', data: null })
    await h.database.db.insert(commonPhrases).values(Array.from({ length: 49 }, (_, i) => ({ companyId: h.demo.bossCompanyId, type: 'PHRASES' as const, value: `第${i}句` })))
    expect(await add(boss, 'PHRASES', '第五十一句')).toEqual({ code: 400, msg: '最多保存50条，请先删除不用的', data: null })
  })

  it.each([
    [{ type: 'PHONE', value: '12345' }, '电话号码格式不正确，请输入11位手机号或带区号的座机号'],
    [{ type: 'PHONE', value: '23800138000' }, '电话号码格式不正确，请输入11位手机号或带区号的座机号'],
    [{ type: 'PHRASES', value: '   ' }, '内容不能为空'],
    [{ type: 'PHRASES', value: 'x'.repeat(201) }, '内容长度不能超过200个字符'],
    [{ type: 'OTHER', value: 'x' }, '类型的取值无效'],
    [{ value: 'x' }, '类型不能为空'],
    [{ type: 'PHRASES', value: 12 }, '内容格式不正确'],
  ])('refuses %j with “%s”', async (json, msg) => {
    const res = await h.call('POST', `${P}/add`, { token: boss, json })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg, data: null })
  })

  it('refuses a list without a valid type, and a delete without a valid id', async () => {
    expect((await h.call('GET', `${P}/listByType`, { token: boss })).body).toEqual({ code: 400, msg: '类型不能为空', data: null })
    expect((await h.call('POST', `${P}/delete`, { token: boss, json: { id: 'x' } })).body).toEqual({ code: 400, msg: '编号必须是数字', data: null })
  })
})

describe('phrases belong to a company', () => {
  it('one company’s phrases are invisible to another, and its ids read like missing ones there', async () => {
    const mine = await add(boss, 'PHRASES', '演示公司的常用语')
    const other = await makeTenant(h, { name: '另一家租赁公司', quota: { HUAWEI: 10 }, signIn: true })
    expect((await list(other.token, 'PHRASES')).data).toEqual([])
    const res = await h.call('POST', `${P}/delete`, { token: other.token, json: { id: mine.data.id } })
    expect(res.body).toEqual({ code: 404, msg: '常用语不存在', data: null })
    // A child company has its own list too.
    const east = await h.login('demo-east')
    expect((await list(east, 'PHRASES')).data).toEqual([])
    await add(east, 'PHRASES', '演示公司的常用语')
    expect((await list(boss, 'PHRASES')).data).toHaveLength(1)
  })

  it('staff share their company’s phrases', async () => {
    await add(boss, 'PHONE', '13900139000')
    const staff = await h.login('demo-staff')
    expect((await list(staff, 'PHONE')).data.map((p: { value: string }) => p.value)).toEqual(['13900139000'])
    expect(await add(staff, 'PHONE', '13900139001')).toMatchObject({ code: 200 })
    expect((await list(boss, 'PHONE')).data).toHaveLength(2)
  })

  it('the administrator, who sends no commands to devices, has none', async () => {
    const admin = await h.login('admin')
    expect((await list(admin, 'PHRASES')).code).toBe(403)
    expect((await add(admin, 'PHRASES', 'x')).code).toBe(403)
  })
})
