import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { accessKeys, apiNonces, companies, devices, roles, tasks, users } from '../../src/server/db/schema'
import { createHarness, type Harness } from './harness'
import { randomBytes } from 'node:crypto'
import { createSecretBox } from '../../src/server/crypto/secret-box'
import { sealStoredSecrets } from '../../src/server/startup/seal-stored'
import { FULL_TENANT, makeDevice, makeStaff, makeTenant, MISSING_ID, signOpenApi, type FullTenant } from './org-builders'

let h: Harness
let key: { accessKey: string; accessSecret: string }
let other: FullTenant
let ownDevice: number
let eastDevice: number
beforeAll(async () => {
  // The whitelist test sends the client address through a trusted proxy header (there is no socket here).
  h = await createHarness({ trustProxy: true })
})
afterAll(() => h.close())
beforeEach(async () => {
  await h.reset()
  other = await makeTenant(h, { ...FULL_TENANT, tag: 'b' })
  ownDevice = (await makeDevice(h, { serialNumber: 'OPEN0001' })).id
  eastDevice = (await makeDevice(h, { companyId: h.demo.eastCompanyId, serialNumber: 'OPEN0002' })).id
  key = await createKey('')
})

async function createKey(ipWhiteList: string, username = 'demo') {
  const token = await h.login(username)
  await h.call('POST', '/access/delete', { token })
  const res = await h.call('POST', '/access/create', { token, json: { name: 'test', remark: '', ipWhiteList } })
  return res.body.data as { accessKey: string; accessSecret: string }
}

/** A full URL, so the harness does not put the console's API base in front of the open API's path. */
const url = (path: string) => `http://localhost${path}`

function open(method: string, path: string, opts: { body?: string; secret?: string; timestamp?: number; nonce?: string; ip?: string; accessKey?: string } = {}) {
  const body = opts.body ?? ''
  const s = signOpenApi(opts.secret ?? key.accessSecret, method, path, body, opts)
  const headers: Record<string, string> = {
    'x-access-key': opts.accessKey ?? key.accessKey,
    'x-timestamp': s.timestamp,
    'x-nonce': s.nonce,
    'x-signature': s.signature,
    'x-forwarded-for': opts.ip ?? '203.0.113.9',
  }
  if (body) headers['content-type'] = 'application/json'
  return h.call(method, url(path), { body: body || undefined, headers })
}

describe('open API signatures', () => {
  it('accepts a valid signature and answers as the key owner', async () => {
    const res = await open('GET', '/openapi/v1/company/info')
    expect(res.body).toMatchObject({ code: 200, data: { companyId: h.demo.bossCompanyId, companyName: '演示租赁公司', username: 'demo', quota: { ios: { remainingQuantity: 50 } } } })
  })

  it('refuses a signature made with the wrong secret', async () => {
    const res = await open('GET', '/openapi/v1/company/info', { secret: 'not-the-secret' })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ code: 401, msg: '签名校验失败', data: null })
  })

  it('refuses a timestamp older (or newer) than five minutes', async () => {
    const old = await open('GET', '/openapi/v1/company/info', { timestamp: Date.now() - 6 * 60_000 })
    expect(old.body).toEqual({ code: 401, msg: '请求时间戳无效或已过期（允许误差 5 分钟）', data: null })
    const future = await open('GET', '/openapi/v1/company/info', { timestamp: Date.now() + 6 * 60_000 })
    expect(future.body.code).toBe(401)
    const recent = await open('GET', '/openapi/v1/company/info', { timestamp: Date.now() - 4 * 60_000 })
    expect(recent.body.code).toBe(200)
  })

  it('refuses a replayed nonce', async () => {
    const nonce = 'replay-nonce-0001'
    const timestamp = Date.now()
    expect((await open('GET', '/openapi/v1/company/info', { nonce, timestamp })).body.code).toBe(200)
    const replay = await open('GET', '/openapi/v1/company/info', { nonce, timestamp })
    expect(replay.body).toEqual({ code: 401, msg: '该请求已处理过（nonce 重复）', data: null })
    const stored = await h.database.db.select().from(apiNonces).where(eq(apiNonces.nonce, nonce))
    expect(stored).toHaveLength(1)
  })

  it('refuses an IP outside the whitelist and accepts one inside a CIDR range', async () => {
    key = await createKey('198.51.100.7, 10.20.0.0/16')
    const outside = await open('GET', '/openapi/v1/company/info', { ip: '203.0.113.9' })
    expect(outside.status).toBe(403)
    expect(outside.body).toEqual({ code: 403, msg: 'IP 地址 203.0.113.9 不在访问密钥的白名单内', data: null })
    expect((await open('GET', '/openapi/v1/company/info', { ip: '198.51.100.7' })).body.code).toBe(200)
    expect((await open('GET', '/openapi/v1/company/info', { ip: '::ffff:10.20.3.4' })).body.code).toBe(200)
    // The last hop is the one our proxy appended; what the client wrote before it is not trusted.
    expect((await open('GET', '/openapi/v1/company/info', { ip: '198.51.100.7, 203.0.113.9' })).body.code).toBe(403)
  })

  it('refuses missing headers, unknown keys, deleted keys and a tampered body or query', async () => {
    const bare = await h.call('GET', url('/openapi/v1/company/info'))
    expect(bare.body).toEqual({ code: 401, msg: '缺少签名请求头：X-Access-Key、X-Timestamp、X-Nonce、X-Signature', data: null })
    expect((await open('GET', '/openapi/v1/company/info', { accessKey: 'AKNOPE' })).body.msg).toBe('访问密钥无效或已删除')
    expect((await open('GET', '/openapi/v1/company/info', { nonce: 'bad nonce!' })).body.msg).toBe('X-Nonce 必须是 8 到 64 位字母、数字、- 或 _')

    const path = '/openapi/v1/huawei/device/command/lockScreen'
    const signed = signOpenApi(key.accessSecret, 'POST', path, JSON.stringify({ deviceId: ownDevice }))
    const tampered = await h.call('POST', url(path), {
      body: JSON.stringify({ deviceId: eastDevice }),
      headers: { 'content-type': 'application/json', 'x-access-key': key.accessKey, 'x-timestamp': signed.timestamp, 'x-nonce': signed.nonce, 'x-signature': signed.signature },
    })
    expect(tampered.body.msg).toBe('签名校验失败')
    const s = signOpenApi(key.accessSecret, 'GET', '/openapi/v1/huawei/device/search?current=1')
    const query = await h.call('GET', url('/openapi/v1/huawei/device/search?current=2'), {
      headers: { 'x-access-key': key.accessKey, 'x-timestamp': s.timestamp, 'x-nonce': s.nonce, 'x-signature': s.signature },
    })
    expect(query.body.msg).toBe('签名校验失败')
    expect(await h.database.db.select().from(tasks)).toHaveLength(0)

    await h.call('POST', '/access/delete', { token: await h.login('demo') })
    expect((await open('GET', '/openapi/v1/company/info')).body).toEqual({ code: 401, msg: '访问密钥无效或已删除', data: null })
  })
})

describe('stored secrets', () => {
  it('seals a secret stored in plain before sealing existed, and the key keeps working', async () => {
    await h.database.db.update(accessKeys).set({ accessSecret: key.accessSecret }).where(eq(accessKeys.accessKey, key.accessKey))
    expect((await open('GET', '/openapi/v1/company/info')).body.code).toBe(200)
    expect(await sealStoredSecrets(h.database.db, h.services.secrets)).toEqual({ accessKeys: 1, taskResults: 0 })
    const [row] = await h.database.db.select().from(accessKeys).where(eq(accessKeys.accessKey, key.accessKey))
    expect(row.accessSecret).toMatch(/^v1\./)
    expect((await open('GET', '/openapi/v1/company/info')).body.code).toBe(200)
    expect(await sealStoredSecrets(h.database.db, h.services.secrets)).toEqual({ accessKeys: 0, taskResults: 0 })
  })

  it('treats a secret sealed with another key as no key: 401 on the open API, regenerate in the console', async () => {
    const foreign = createSecretBox(randomBytes(32)).seal(key.accessSecret)
    await h.database.db.update(accessKeys).set({ accessSecret: foreign }).where(eq(accessKeys.accessKey, key.accessKey))
    expect((await open('GET', '/openapi/v1/company/info')).body).toEqual({ code: 401, msg: expect.any(String), data: null })
    const token = await h.login('demo')
    const shown = await h.call('GET', '/access/get', { token })
    expect(shown.body).toMatchObject({ code: 200, data: { accessKey: key.accessKey, accessSecret: null } })
    expect((await h.call('PUT', '/access/refresh', { token })).body.code).toBe(200)
  })
})

describe('open API devices (same service and scope as the console)', () => {
  it('searches the devices the key owner sees', async () => {
    const res = await open('GET', '/openapi/v1/huawei/device/search?current=1&pageSize=10')
    expect(res.body.code).toBe(200)
    expect(res.body.data.records.map((d: any) => d.serialNumber).sort()).toEqual(['OPEN0001', 'OPEN0002'])
    const mi = await open('GET', '/openapi/v1/mi/device/search')
    expect(mi.body.data.total).toBe(0)
  })

  it('shows a device’s detail, and answers a foreign device exactly like a missing one', async () => {
    const detail = await open('GET', `/openapi/v1/huawei/device/detail?deviceId=${ownDevice}`)
    expect(detail.body.data).toMatchObject({ id: ownDevice, serialNumber: 'OPEN0001' })
    const foreign = await open('GET', `/openapi/v1/huawei/device/detail?deviceId=${other.deviceId}`)
    const missing = await open('GET', `/openapi/v1/huawei/device/detail?deviceId=${MISSING_ID}`)
    expect(foreign.status).toBe(404)
    expect(foreign.body).toEqual(missing.body)
  })

  it('sends a command as a task, and refuses a foreign device without queuing anything', async () => {
    const body = JSON.stringify({ deviceId: ownDevice })
    const res = await open('POST', '/openapi/v1/huawei/device/command/lockScreen', { body })
    expect(res.body.code).toBe(200)
    expect(res.body.data.taskId).toBeTruthy()
    const [task] = await h.database.db.select().from(tasks).where(eq(tasks.taskId, res.body.data.taskId))
    expect(task).toMatchObject({ deviceId: ownDevice, type: 'lockScreen', status: 'QUEUED', createdBy: h.demo.bossId })
    const foreign = await open('POST', '/openapi/v1/huawei/device/command/lockScreen', { body: JSON.stringify({ deviceId: other.deviceId }) })
    const missing = await open('POST', '/openapi/v1/huawei/device/command/lockScreen', { body: JSON.stringify({ deviceId: MISSING_ID }) })
    expect(foreign.body).toEqual(missing.body)
    expect(foreign.body.code).toBe(404)
    expect(await h.database.db.select().from(tasks).where(eq(tasks.deviceId, other.deviceId))).toHaveLength(0)
    const unknown = await open('POST', '/openapi/v1/huawei/device/command/selfDestruct', { body })
    expect(unknown.body.code).toBe(404)
    const bad = await open('POST', '/openapi/v1/huawei/device/command/lockScreen', { body: JSON.stringify({ deviceId: 'x' }) })
    expect(bad.body).toMatchObject({ code: 400 })
  })

  it('stops a child company’s key when its top-level company is disabled, as its sessions stop', async () => {
    key = await createKey('', 'demo-east')
    const session = await h.login('demo-east')
    expect((await open('GET', '/openapi/v1/company/info')).body.code).toBe(200)
    await h.database.db.update(companies).set({ available: false }).where(eq(companies.id, h.demo.bossCompanyId))
    expect((await h.call('POST', '/userCenter/info', { token: session })).body.code).toBe(401)
    const res = await open('GET', '/openapi/v1/company/info')
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ code: 401, msg: '访问密钥无效或已删除', data: null })
  })

  it('holds a staff member’s key to no more than the staff member’s company holds', async () => {
    // Keys are created by company accounts; a key whose owner is a staff member goes through the same resolution.
    const [role] = await h.database.db.insert(roles).values({ companyId: h.demo.bossCompanyId, name: '华东 COMPANY', roleType: 'COMPANY', authorities: ['huawei:device'] }).returning()
    await h.database.db.update(users).set({ roleId: role.id }).where(eq(users.id, h.demo.eastUserId))
    const staff = await makeStaff(h, h.demo.eastCompanyId, 'east-staff', ['huawei:device', 'huawei:command'])
    const [row] = await h.database.db.select().from(accessKeys).where(eq(accessKeys.accessKey, key.accessKey))
    await h.database.db.update(accessKeys).set({ userId: staff.staffId, companyId: h.demo.eastCompanyId }).where(eq(accessKeys.id, row.id))
    await h.database.db.update(devices).set({ staffId: staff.staffId }).where(eq(devices.id, eastDevice))
    expect((await open('GET', '/openapi/v1/huawei/device/search')).body.data.records.map((d: any) => d.serialNumber)).toEqual(['OPEN0002'])
    const command = await open('POST', '/openapi/v1/huawei/device/command/lockScreen', { body: JSON.stringify({ deviceId: eastDevice }) })
    expect(command.body).toEqual({ code: 403, msg: '没有权限执行此操作', data: null })
    expect(await h.database.db.select().from(tasks).where(eq(tasks.deviceId, eastDevice))).toEqual([])
  })

  it('scopes a child company’s key to its own devices', async () => {
    key = await createKey('', 'demo-east')
    const res = await open('GET', '/openapi/v1/huawei/device/search')
    expect(res.body.data.records.map((d: any) => d.serialNumber)).toEqual(['OPEN0002'])
    const boss = await open('GET', `/openapi/v1/huawei/device/detail?deviceId=${ownDevice}`)
    expect(boss.body.code).toBe(404)
  })
})
