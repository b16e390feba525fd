import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { announcementReads, announcements, auditLog } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { makeStaff, makeTenant, MISSING_ID, OTHER_PASSWORD } from './org-builders'

const h = harnessForFile()

type Json = Record<string, unknown>

async function add(token: string, json: Json) {
  const res = await h.call('POST', '/announcement/add', { token, json })
  expect(res.body.code, res.text).toBe(200)
  return res.body.data as { id: number; title: string; content: string; top: boolean; read: boolean }
}

async function get(token: string, path: string) {
  const res = await h.call('GET', path, { token })
  expect(res.body.code, res.text).toBe(200)
  return res.body.data
}

const search = (token: string, query = '') => get(token, `/announcement/search?current=1&pageSize=50${query}`) as Promise<{ records: Json[]; total: number }>
const unreadTop = (token: string) => get(token, '/announcement/listNotReadTop') as Promise<Json[]>
const read = (token: string, id: unknown) => h.call('POST', '/announcement/read', { token, json: { id } })

describe('announcements', () => {
  it('the administrator publishes; every signed-in user reads it, whatever their role holds', async () => {
    const admin = await h.login('admin')
    const res = await h.call('POST', '/announcement/add', { token: admin, json: { title: '  系统维护通知 ', content: '今晚 22:00 至 23:00 系统维护。\n期间无法下发指令。', top: true } })
    expect(res.body).toMatchObject({ code: 200, msg: '发布成功' })
    const created = res.body.data
    expect(created).toMatchObject({ title: '系统维护通知', content: '今晚 22:00 至 23:00 系统维护。\n期间无法下发指令。', top: true, read: true, authorName: '平台管理员' })
    // The author has read it; nobody else has.
    expect(await unreadTop(admin)).toEqual([])

    // A staff member whose role holds no announcement authority still reads it (the dashboard lists it for everyone).
    await makeStaff(h, h.demo.bossCompanyId, 'plain-staff', ['dashboard'])
    const other = await makeTenant(h, { tag: 'far', signIn: true })
    for (const token of [await h.login('demo'), await h.login('demo-east'), await h.login('demo-staff'), await h.login('plain-staff', OTHER_PASSWORD), other.token]) {
      const page = await search(token)
      expect(page.total).toBe(1)
      expect(page.records[0]).toMatchObject({ id: created.id, title: '系统维护通知', top: true, read: false, summary: '今晚 22:00 至 23:00 系统维护。 期间无法下发指令。' })
      expect(await get(token, `/announcement/detail?id=${created.id}`)).toMatchObject({ content: created.content })
      expect((await get(token, '/announcement/list')) as Json[]).toHaveLength(1)
    }
    const [audit] = await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'announcement.add'))
    expect(audit).toMatchObject({ actorUsername: 'admin', targetId: String(created.id), summary: '系统维护通知' })
  })

  it('refuses every write to bosses, child companies and staff with the Chinese envelope, and changes nothing', async () => {
    const admin = await h.login('admin')
    const a = await add(admin, { title: '原标题', content: '原内容' })
    for (const user of ['demo', 'demo-east', 'demo-staff']) {
      const token = await h.login(user)
      const attempts = [
        await h.call('POST', '/announcement/add', { token, json: { title: '冒充公告', content: '内容' } }),
        await h.call('PUT', '/announcement/update', { token, json: { id: a.id, title: '改掉', content: '改掉' } }),
        await h.call('POST', '/announcement/delete', { token, json: { id: a.id } }),
      ]
      for (const res of attempts) {
        expect(res.status).toBe(403)
        expect(res.body).toEqual({ code: 403, msg: '没有权限执行此操作', data: null })
      }
    }
    const rows = await h.database.db.select().from(announcements)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ title: '原标题', content: '原内容' })
    const anonymous = await h.call('GET', '/announcement/search')
    expect(anonymous.body.code).toBe(401)
  })

  it('keeps read state per user: reading marks it for that user only, and the pop-up list drops it for them alone', async () => {
    const admin = await h.login('admin')
    const pinned = await add(admin, { title: '置顶一', content: '第一条', top: true })
    const pinned2 = await add(admin, { title: '置顶二', content: '第二条', top: 'true' })
    const plain = await add(admin, { title: '普通公告', content: '不弹出' })
    const [east, boss] = [await h.login('demo-east'), await h.login('demo')]

    // Only pinned announcements pop up, oldest first.
    expect((await unreadTop(east)).map((r) => r.id)).toEqual([pinned.id, pinned2.id])
    const first = await read(east, pinned.id)
    expect(first.body).toMatchObject({ code: 200 })
    expect((await unreadTop(east)).map((r) => r.id)).toEqual([pinned2.id])
    // The boss has read nothing: its own state is untouched by the child company's reading.
    expect((await unreadTop(boss)).map((r) => r.id)).toEqual([pinned.id, pinned2.id])

    const eastRecords = (await search(east)).records
    expect(eastRecords.map((r) => [r.id, r.read])).toEqual([
      [plain.id, false],
      [pinned2.id, false],
      [pinned.id, true],
    ])
    expect((await search(boss)).records.every((r) => r.read === false)).toBe(true)
    const detail = await get(east, `/announcement/detail?id=${pinned.id}`)
    expect(detail.read).toBe(true)
    expect(Date.parse(detail.readAt)).toBeGreaterThan(Date.now() - 60_000)
    expect((await get(boss, `/announcement/detail?id=${pinned.id}`)).readAt).toBeNull()
    // Nothing in any answer names who else read it.
    expect(JSON.stringify(await get(boss, `/announcement/detail?id=${pinned.id}`))).not.toContain('demo-east')

    // Reading again keeps the first time; reading a plain one marks it without it ever popping up.
    await read(east, pinned.id)
    const reads = await h.database.db
      .select()
      .from(announcementReads)
      .where(and(eq(announcementReads.announcementId, pinned.id), eq(announcementReads.userId, h.demo.eastUserId)))
    expect(reads).toHaveLength(1)
    expect(reads[0].readAt.toISOString()).toBe(detail.readAt)
    expect((await read(east, plain.id)).body.code).toBe(200)
    expect((await unreadTop(east)).map((r) => r.id)).toEqual([pinned2.id])

    const missing = await read(east, MISSING_ID)
    expect(missing.body).toEqual({ code: 404, msg: '公告不存在或已被删除', data: null })
  })

  it('pages newest first, filters by title, and lists the latest for the dashboard', async () => {
    const admin = await h.login('admin')
    for (let i = 1; i <= 7; i++) await add(admin, { title: `第${i}号通知${i % 2 ? '（维护）' : ''}`, content: `内容${i}` })
    const boss = await h.login('demo')
    const page2 = await get(boss, '/announcement/search?current=2&pageSize=3')
    expect(page2.total).toBe(7)
    expect(page2.records.map((r: Json) => r.title)).toEqual(['第4号通知', '第3号通知（维护）', '第2号通知'])
    const filtered = await search(boss, `&title=${encodeURIComponent('维护')}`)
    expect(filtered.records.map((r) => r.title)).toEqual(['第7号通知（维护）', '第5号通知（维护）', '第3号通知（维护）', '第1号通知（维护）'])
    // A % in the filter is a character, not a wildcard.
    expect((await search(boss, '&title=%25')).total).toBe(0)
    expect(((await get(boss, '/announcement/list')) as Json[]).map((r) => r.title)).toEqual(['第7号通知（维护）', '第6号通知', '第5号通知（维护）', '第4号通知', '第3号通知（维护）'])
    expect((await get(boss, '/announcement/list?size=2')) as Json[]).toHaveLength(2)
  })

  it('updates and deletes: an edit keeps who read it, a delete removes it and its reads', async () => {
    const admin = await h.login('admin')
    const a = await add(admin, { title: '旧标题', content: '旧内容', top: true })
    const east = await h.login('demo-east')
    await read(east, a.id)
    const updated = await h.call('PUT', '/announcement/update', { token: admin, json: { id: a.id, title: '新标题', content: '新内容', top: true } })
    expect(updated.body).toMatchObject({ code: 200, msg: '编辑成功', data: { id: a.id, title: '新标题', content: '新内容' } })
    expect(Date.parse(updated.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(updated.body.data.createdAt))
    expect(await get(east, `/announcement/detail?id=${a.id}`)).toMatchObject({ title: '新标题', read: true })
    expect(await unreadTop(east)).toEqual([])

    const missingUpdate = await h.call('PUT', '/announcement/update', { token: admin, json: { id: MISSING_ID, title: '无', content: '无' } })
    expect(missingUpdate.body).toEqual({ code: 404, msg: '公告不存在或已被删除', data: null })

    const deleted = await h.call('POST', '/announcement/delete', { token: admin, json: { id: a.id } })
    expect(deleted.body).toMatchObject({ code: 200, msg: '删除成功' })
    expect((await h.call('GET', `/announcement/detail?id=${a.id}`, { token: east })).body).toEqual({ code: 404, msg: '公告不存在或已被删除', data: null })
    expect(await h.database.db.select().from(announcementReads)).toEqual([])
    expect((await h.call('POST', '/announcement/delete', { token: admin, json: { id: a.id } })).body.code).toBe(404)
  })

  it('answers bad input with a Chinese message naming the field, and stores markup as the text it is', async () => {
    const admin = await h.login('admin')
    const cases: [string, string, Json | string, string][] = [
      ['POST', '/announcement/add', { title: '   ', content: '内容' }, '公告标题不能为空'],
      ['POST', '/announcement/add', { title: '标题' }, '公告内容不能为空'],
      ['POST', '/announcement/add', { title: '题'.repeat(101), content: '内容' }, '公告标题长度不能超过100个字符'],
      ['POST', '/announcement/add', { title: '标题', content: '字'.repeat(5001) }, '公告内容长度不能超过5000个字符'],
      ['POST', '/announcement/add', { title: '标题', content: '内容', top: 'yes' }, '置顶格式不正确'],
      ['PUT', '/announcement/update', { title: '标题', content: '内容' }, '编号不能为空'],
      ['POST', '/announcement/delete', { id: 'abc' }, '编号必须是数字'],
      ['POST', '/announcement/read', { id: 0 }, '编号不能小于1'],
      ['GET', '/announcement/detail?id=', {}, '编号不能为空'],
      ['GET', '/announcement/list?size=21', {}, '条数不能大于20'],
      ['GET', `/announcement/search?title=${'x'.repeat(101)}`, {}, '公告标题长度不能超过100个字符'],
    ]
    for (const [method, path, json, msg] of cases) {
      const res = await h.call(method, path, method === 'GET' ? { token: admin } : { token: admin, json })
      expect(res.body, `${method} ${path}`).toEqual({ code: 400, msg, data: null })
    }
    expect(await h.database.db.select().from(announcements)).toEqual([])
    // Exactly at the limits is fine.
    await add(admin, { title: '题'.repeat(100), content: '字'.repeat(5000) })
    const html = '<img src=x onerror=alert(1)><script>alert(2)</script>'
    const stored = await add(admin, { title: '<b>标题</b>', content: html })
    expect(await get(admin, `/announcement/detail?id=${stored.id}`)).toMatchObject({ title: '<b>标题</b>', content: html })
  })
})

describe('an author’s own announcement (issue #43)', () => {
  it('is read for its author however it was written (the demo seed writes no read row), unread for the others', async () => {
    const [row] = await h.database.db
      .insert(announcements)
      .values({ title: '种子公告', content: '由种子数据写入', top: true, createdBy: h.demo.adminId })
      .returning({ id: announcements.id })
    const admin = await h.login('admin')
    const mine = (await search(admin)).records.find((r) => r.id === row.id)
    expect(mine).toMatchObject({ read: true })
    expect(await get(admin, `/announcement/detail?id=${row.id}`)).toMatchObject({ read: true })
    expect((await unreadTop(admin)).map((a) => a.id)).not.toContain(row.id)
    const boss = await h.login('demo')
    expect((await search(boss)).records.find((r) => r.id === row.id)).toMatchObject({ read: false })
    expect((await unreadTop(boss)).map((a) => a.id)).toContain(row.id)
  })
})
