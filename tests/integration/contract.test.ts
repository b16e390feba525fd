import { describe, expect, it } from 'vitest'
import { agreementAcceptances, agreementVersions, auditLog } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { makeTenant } from './org-builders'

const h = harnessForFile()

async function current(token: string) {
  const res = await h.call('GET', '/contract/current', { token })
  expect(res.body.code, res.text).toBe(200)
  return res.body.data
}

async function setText(token: string, text: string) {
  const res = await h.call('PUT', '/contract/text', { token, json: { text } })
  expect(res.body.code, res.text).toBe(200)
  return res.body.data
}

const accept = (token: string, versionId: unknown) => h.call('POST', '/contract/accept', { token, json: { versionId } })

describe('the service agreement (/contract)', () => {
  it('shows no text until the administrator sets one, and then the same text to every company account', async () => {
    const admin = await h.login('admin')
    const boss = await h.login('demo')
    expect(await current(admin)).toEqual({ version: null, companyName: null, acceptance: null, canAccept: false, canEdit: true })
    expect(await current(boss)).toEqual({ version: null, companyName: '演示租赁公司', acceptance: null, canAccept: false, canEdit: false })
    expect((await accept(boss, 1)).body).toEqual({ code: 404, msg: '平台尚未设置合同内容', data: null })

    const saved = await h.call('PUT', '/contract/text', { token: admin, json: { text: '  第一条 服务内容……\n第二条 费用……  ' } })
    expect(saved.body).toMatchObject({ code: 200, msg: '保存成功', data: { version: { text: '第一条 服务内容……\n第二条 费用……' }, canEdit: true } })
    const versionId = saved.body.data.version.id
    for (const user of ['demo', 'demo-east', 'demo-west']) {
      const view = await current(await h.login(user))
      expect(view.version).toEqual({ id: versionId, text: '第一条 服务内容……\n第二条 费用……', updatedAt: expect.any(String) })
      expect(view.acceptance).toBeNull()
      expect(view.canEdit).toBe(false)
      // A child company reads its top-level company's agreement.
      expect(view.companyName).toBe('演示租赁公司')
      expect(view.canAccept).toBe(user === 'demo')
    }
  })

  it('lets only the administrator set the text and only a boss accept; staff do not read it', async () => {
    const admin = await h.login('admin')
    const { version } = await setText(admin, '合同正文')
    for (const user of ['demo', 'demo-east', 'demo-staff']) {
      const res = await h.call('PUT', '/contract/text', { token: await h.login(user), json: { text: '篡改的合同' } })
      expect(res.body).toEqual({ code: 403, msg: '没有权限执行此操作', data: null })
    }
    expect((await accept(await h.login('demo-east'), version.id)).body).toEqual({ code: 403, msg: '只有主账号可以确认合同', data: null })
    expect((await accept(admin, version.id)).body).toEqual({ code: 403, msg: '只有主账号可以确认合同', data: null })
    const staff = await h.login('demo-staff')
    expect((await h.call('GET', '/contract/current', { token: staff })).body).toEqual({ code: 403, msg: '没有权限执行此操作', data: null })
    expect((await accept(staff, version.id)).body.code).toBe(403)
    expect(await h.database.db.select().from(agreementVersions)).toHaveLength(1)
    expect(await h.database.db.select().from(agreementAcceptances)).toEqual([])
  })

  it('records who accepted and when, for the company tree only; a new version asks again', async () => {
    const admin = await h.login('admin')
    const v1 = (await setText(admin, '版本一')).version.id
    const boss = await h.login('demo')
    const other = await makeTenant(h, { tag: 'far', child: {}, signIn: true })

    const before = Date.now()
    const res = await accept(boss, v1)
    expect(res.body).toMatchObject({ code: 200, msg: '已确认合同' })
    const acceptance = res.body.data.acceptance
    expect(acceptance).toEqual({ versionId: v1, acceptedAt: expect.any(String), acceptedBy: '演示老板（demo）', current: true })
    expect(Date.parse(acceptance.acceptedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(res.body.data.canAccept).toBe(false)
    // Accepting again changes nothing: the first acceptance stands.
    expect((await accept(boss, v1)).body.data.acceptance).toEqual(acceptance)
    expect(await h.database.db.select().from(agreementAcceptances)).toHaveLength(1)

    // The child companies see their boss's acceptance; another tenant sees none of it.
    expect((await current(await h.login('demo-east'))).acceptance).toEqual(acceptance)
    expect((await current(await h.login('demo-west'))).acceptance).toEqual(acceptance)
    const far = await current(other.token)
    expect(far).toMatchObject({ companyName: 'far租赁公司', acceptance: null, canAccept: true })

    // A new version: the old acceptance is still shown, marked as not the current one; accepting the old one is refused.
    const v2 = (await setText(admin, '版本二')).version.id
    const afterChange = await current(boss)
    expect(afterChange.acceptance).toEqual({ ...acceptance, current: false })
    expect(afterChange.canAccept).toBe(true)
    expect((await accept(boss, v1)).body).toEqual({ code: 409, msg: '合同内容已更新，请阅读最新内容后再确认', data: null })
    const accepted2 = (await accept(boss, v2)).body.data
    expect(accepted2.acceptance).toMatchObject({ versionId: v2, current: true })
    expect(accepted2.version.text).toBe('版本二')

    const actions = (await h.database.db.select().from(auditLog)).map((r) => r.action).filter((a) => a.startsWith('contract.'))
    expect(actions).toEqual(['contract.update', 'contract.accept', 'contract.update', 'contract.accept'])
  })

  it('answers bad input with a Chinese message', async () => {
    const admin = await h.login('admin')
    const boss = await h.login('demo')
    const cases: [string, string, unknown, string][] = [
      ['PUT', '/contract/text', { text: '  ' }, '合同内容不能为空'],
      ['PUT', '/contract/text', {}, '合同内容不能为空'],
      ['PUT', '/contract/text', { text: '字'.repeat(20001) }, '合同内容长度不能超过20000个字符'],
      ['POST', '/contract/accept', { versionId: 'x' }, '合同版本必须是数字'],
      ['POST', '/contract/accept', {}, '合同版本不能为空'],
    ]
    for (const [method, path, json, msg] of cases) {
      const res = await h.call(method, path, { token: path.endsWith('text') ? admin : boss, json })
      expect(res.body, `${method} ${path} ${JSON.stringify(json).slice(0, 40)}`).toEqual({ code: 400, msg, data: null })
    }
    expect(await h.database.db.select().from(agreementVersions)).toEqual([])
  })
})
