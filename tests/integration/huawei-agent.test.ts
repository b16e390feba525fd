import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { devices, quotaRecords, roles, tasks } from '../../src/server/db/schema'
import { AgentService } from '../../src/server/protocol/agent/service'
import { TASK_QUEUE_EXPIRY_MS, TASK_RESULT_TIMEOUT_MS } from '../../src/server/modules/task/service'
import type { FetchLike, SimulatedAgent } from '../../src/sim/huawei-agent'
import { createHarness, type Harness } from './harness'
import { sealStoredSecrets } from '../../src/server/startup/seal-stored'
import { addDevice, appFetch, command, detail, HW, issueToken, MI, ownDatabase, setHuaweiQuota, simulator, taskStatus } from './huawei-helpers'
import { makeTenant } from './org-builders'

let h: Harness
let fetchApp: FetchLike
let boss: string
beforeAll(async () => {
  h = await createHarness()
  fetchApp = appFetch(h)
})
afterAll(() => h.close())
beforeEach(async () => {
  await h.reset()
  boss = await h.login('demo')
})

const AGENT = '/agent/v1'

/** A raw protocol call, the way an agent makes it. */
async function agentCall(path: string, json: unknown, credential?: string, rawBody?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (credential) headers.authorization = `Device ${credential}`
  const res = await fetchApp(`http://mdm.test${AGENT}${path}`, { method: 'POST', headers, body: rawBody ?? JSON.stringify(json) })
  const text = await res.text()
  return { status: res.status, body: JSON.parse(text), text }
}

/**
 * 24 queued tasks, six polls at once: each task is delivered exactly once, oldest first within a poll. On PGlite the
 * polls are serialised by its single connection; on PostgreSQL (below) they really race.
 */
async function racingPolls(harness: Harness, fetch: FetchLike, token: string) {
  const deviceId = await addDevice(harness, token, { serialNumber: `RACE${Date.now() % 100000}` })
  const [device] = await harness.database.db.select().from(devices).where(eq(devices.id, deviceId))
  const phone = simulator(fetch, { enrollmentToken: await issueToken(harness, token), serialNumber: device.serialNumber })
  await phone.enroll()
  await harness.database.db.insert(tasks).values(
    Array.from({ length: 24 }, (_, i) => ({
      taskId: `race-${deviceId}-${i}`,
      deviceId,
      companyId: device.companyId,
      type: 'check',
      payload: { n: i },
      createdAt: new Date(Date.now() - 1000 + i),
    })),
  )
  const poll = () =>
    fetch(`http://mdm.test${AGENT}/poll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Device ${phone.credential}` },
      body: JSON.stringify({ maxTasks: 5 }),
    }).then((r) => r.json())
  const polls = await Promise.all(Array.from({ length: 6 }, poll))
  const delivered: string[] = polls.flatMap((p) => p.data.tasks.map((t: { taskId: string }) => t.taskId))
  expect(new Set(delivered).size).toBe(delivered.length)
  expect(delivered.length).toBe(24)
  const statuses = await harness.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.deviceId, deviceId))
  expect(statuses.map((s) => s.status)).toEqual(Array(24).fill('SENT'))
  for (const p of polls) {
    const order = p.data.tasks.map((t: { taskId: string }) => Number(t.taskId.split('-').pop()))
    expect(order).toEqual([...order].sort((x, y) => x - y))
  }
  expect((await poll()).data.tasks).toEqual([])
}

/** A device added in the console and its simulated phone, enrolled. */
async function enrolledPhone(options: Partial<Parameters<typeof simulator>[1]> = {}, base = HW) {
  const serialNumber = options.serialNumber ?? 'SIM0001'
  const deviceId = await addDevice(h, boss, { serialNumber }, base)
  const phone = simulator(fetchApp, {
    enrollmentToken: await issueToken(h, boss, base),
    serialNumber,
    platform: base === MI ? 'MI' : 'HUAWEI',
    model: 'ALN-AL00',
    name: 'HUAWEI Mate 60 Pro',
    osVersion: 'HarmonyOS 4.2',
    imei: '860000000000011',
    ...options,
  })
  const enrolled = await phone.enroll()
  expect(enrolled.deviceId).toBe(deviceId)
  return { deviceId, phone }
}

/** Sends a command from the console, lets the phone poll once, and answers the task as the console then sees it. */
async function run(phone: SimulatedAgent, deviceId: number, name: string, base = HW) {
  const queued = await command(h, boss, name, deviceId, base)
  expect(queued.body.code).toBe(200)
  const taskId = queued.body.data.taskId as string
  expect((await taskStatus(h, boss, taskId)).data.status).toBe('QUEUED')
  const outcome = await phone.pollOnce()
  expect(outcome.executed.map((e) => e.task.taskId)).toContain(taskId)
  const status = await taskStatus(h, boss, taskId)
  return { taskId, task: status.data, msg: queued.body.msg as string, device: (await detail(h, boss, deviceId, base)).data }
}

describe('enrollment', () => {
  it('refuses an unknown or revoked token, and a token of another platform', async () => {
    const unknown = await agentCall('/enroll', { enrollmentToken: 'et_nope', serialNumber: 'SIM0001' })
    expect(unknown.status).toBe(401)
    expect(unknown.body).toEqual({ code: 401, msg: '接入令牌无效或已失效', data: null })
    const first = await issueToken(h, boss)
    await issueToken(h, boss) // regenerating revokes the first
    expect((await agentCall('/enroll', { enrollmentToken: first, serialNumber: 'SIM0001' })).body.msg).toBe('接入令牌无效或已失效')
    const mi = await issueToken(h, boss, MI)
    const mismatch = await agentCall('/enroll', { enrollmentToken: mi, serialNumber: 'SIM0001', platform: 'HUAWEI' })
    expect(mismatch.body).toEqual({ code: 400, msg: '接入令牌与设备类型不符', data: null })
  })

  it('issues tokens to company accounts only: a staff member cannot enroll a phone as a device they may not see', async () => {
    const staff = await h.login('demo-staff')
    const live = await issueToken(h, boss)
    const res = await h.call('POST', `${HW}/device/enrollmentToken`, { token: staff })
    expect(res.body).toEqual({ code: 403, msg: '只有公司账号可以生成设备接入令牌，请联系公司负责人', data: null })
    // The company's token still works: a refused request revoked nothing.
    expect((await agentCall('/enroll', { enrollmentToken: live, serialNumber: 'SIM0009' })).body.code).toBe(200)
    expect((await h.call('POST', `${HW}/device/enrollmentToken`, { token: await h.login('demo-east') })).body.code).toBe(200)
  })

  it('binds a device added in the console, upper-casing the serial, without consuming quota twice', async () => {
    const deviceId = await addDevice(h, boss, { serialNumber: 'sim0001' })
    const records = await h.database.db.select().from(quotaRecords).where(eq(quotaRecords.kind, 'CONSUME'))
    const res = await agentCall('/enroll', { enrollmentToken: await issueToken(h, boss), serialNumber: 'sim0001', model: 'ALN-AL00' })
    expect(res.body.code).toBe(200)
    expect(res.body.data).toMatchObject({ deviceId, pollIntervalSeconds: expect.any(Number) })
    expect(res.body.data.credential).toMatch(/^dc_[A-Za-z0-9_-]{40,}$/)
    const [row] = await h.database.db.select().from(devices).where(eq(devices.id, deviceId))
    expect(row.credentialHash).not.toContain(res.body.data.credential)
    expect(row.model).toBe('ALN-AL00')
    expect((await detail(h, boss, deviceId)).data).toMatchObject({ enrolled: true, status: 'success' })
    expect(await h.database.db.select().from(quotaRecords).where(eq(quotaRecords.kind, 'CONSUME'))).toHaveLength(records.length)
  })

  it('creates an unknown serial in the token’s company, consuming quota; refuses when none is left and stores nothing', async () => {
    const token = await issueToken(h, boss)
    const created = await agentCall('/enroll', { enrollmentToken: token, serialNumber: 'NEW0001' })
    expect(created.body.code).toBe(200)
    const [row] = await h.database.db.select().from(devices).where(eq(devices.serialNumber, 'NEW0001'))
    expect(row.companyId).toBe(h.demo.bossCompanyId)
    await setHuaweiQuota(h, h.demo.bossCompanyId, 0)
    const refused = await agentCall('/enroll', { enrollmentToken: token, serialNumber: 'NEW0002' })
    expect(refused.body).toEqual({ code: 400, msg: '华为额度不足（剩余 0），请联系平台管理员增加额度', data: null })
    expect(await h.database.db.select().from(devices).where(eq(devices.serialNumber, 'NEW0002'))).toHaveLength(0)
  })

  it('refuses a serial enrolled in another company', async () => {
    const other = await makeTenant(h, { quota: { HUAWEI: 10 }, signIn: true })
    const enrolled = await agentCall('/enroll', { enrollmentToken: await issueToken(h, other.token), serialNumber: 'SIM0001' })
    expect(enrolled.body.code).toBe(200)
    const res = await agentCall('/enroll', { enrollmentToken: await issueToken(h, boss), serialNumber: 'SIM0001' })
    expect(res.body).toEqual({ code: 409, msg: '该序列号已登记在其他公司', data: null })
  })

  it('enrolls a phone whose serial another company registered but never enrolled (docs/serials.md)', async () => {
    const other = await makeTenant(h, { quota: { HUAWEI: 10 }, signIn: true })
    const squatted = await addDevice(h, other.token, { serialNumber: 'SIM0001' })
    const res = await agentCall('/enroll', { enrollmentToken: await issueToken(h, boss), serialNumber: 'SIM0001' })
    expect(res.body.code).toBe(200)
    const [released] = await h.database.db.select().from(devices).where(eq(devices.id, squatted))
    expect(released).toMatchObject({ recycleStatus: true, enrolledAt: null, companyId: other.companyId })
  })

  it('answers an enrollment that loses the race for a new serial with a clear conflict, not a server error', async () => {
    // On PGlite's one connection two enrollments cannot interleave, so a trigger raising the unique violation the
    // other enrollment's insert would cause stands in for it (the real race runs on PostgreSQL below).
    const db = h.database.db
    await db.execute(sql.raw(`create function mdm_test_taken() returns trigger language plpgsql as $$ begin
      raise exception 'duplicate key value violates unique constraint "devices_platform_serial_idx"' using errcode = 'unique_violation';
    end $$`))
    await db.execute(sql.raw(`create trigger mdm_test_taken before insert on devices for each row when (new.serial_number = 'RACE0001') execute function mdm_test_taken()`))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const res = await agentCall('/enroll', { enrollmentToken: await issueToken(h, boss), serialNumber: 'RACE0001' })
      expect(res.status).toBe(409)
      expect(res.body).toEqual({ code: 409, msg: '该序列号的设备正在接入，请稍后重试', data: null })
      expect(logged).not.toHaveBeenCalled()
    } finally {
      logged.mockRestore()
      await db.execute(sql.raw('drop trigger mdm_test_taken on devices'))
      await db.execute(sql.raw('drop function mdm_test_taken()'))
    }
  })

  it('answers bad input with a Chinese message naming the field', async () => {
    expect((await agentCall('/enroll', { serialNumber: 'X1' })).body).toEqual({ code: 400, msg: '接入令牌不能为空', data: null })
    expect((await agentCall('/enroll', { enrollmentToken: 'et_x', serialNumber: '  ' })).body.msg).toBe('请输入序列号')
    expect((await agentCall('/enroll', { enrollmentToken: 'et_x', serialNumber: 'SN 1' })).body.msg).toBe('序列号只能包含字母、数字和 -')
    expect((await agentCall('/enroll', { enrollmentToken: 'et_x', serialNumber: 'SN1', imei: '12' })).body.msg).toBe('IMEI 必须是15位数字')
    const malformed = await agentCall('/enroll', null, undefined, '{')
    expect(malformed.body).toEqual({ code: 400, msg: '请求体不是有效的 JSON', data: null })
  })
})

describe('polling', () => {
  it('needs the device’s own credential', async () => {
    for (const headers of [{}, { authorization: 'Device dc_wrong' }, { authorization: `Bearer ${boss}` }] as Record<string, string>[]) {
      const res = await fetchApp(`http://mdm.test${AGENT}/poll`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' })
        .then(async (r) => ({ status: r.status, body: await r.json() }))
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ code: 401, msg: '设备凭证无效，请重新接入', data: null })
    }
  })

  it('updates lastCommunicationTime and the reported state on every poll', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const old = new Date(Date.now() - 30 * 3600_000)
    await h.database.db.update(devices).set({ lastCommunicationTime: old }).where(eq(devices.id, deviceId))
    expect((await detail(h, boss, deviceId)).data.status).toBe('error')
    phone.state.battery = 42
    expect(await phone.pollOnce()).toEqual({ executed: [] })
    const after = (await detail(h, boss, deviceId)).data
    expect(after.status).toBe('success')
    expect(Date.parse(after.lastCommunicationTime)).toBeGreaterThan(Date.now() - 5000)
    expect(after.state).toMatchObject({ battery: 42, poweredOn: true, locked: false })
  })

  it('refuses a state it could not store or show, naming the field, and keeps the state it had', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const poll = (state: unknown) => agentCall('/poll', { state }, phone.credential ?? undefined)
    expect((await poll({ wipedAt: 'not a date' })).body).toEqual({ code: 400, msg: '恢复出厂时间格式不正确', data: null })
    expect((await poll({ runningApp: 'com.a\u0000' })).body).toEqual({ code: 400, msg: '当前应用包含无效字符，请删除后重试', data: null })
    expect((await poll({ battery: 1e30 })).body.msg).toBe('电量数值过大')
    expect((await poll(null)).body.msg).toBe('设备状态不能为空')
    expect((await detail(h, boss, deviceId)).data.state.wipedAt ?? null).toBeNull()
    expect((await poll({ wipedAt: '2026-11-21T08:00:00.000Z' })).body.code).toBe(200)
  })

  it('delivers a task to the device’s own credential only, and refuses a result for another device’s task', async () => {
    const a = await enrolledPhone({ serialNumber: 'SIMA' })
    const b = await enrolledPhone({ serialNumber: 'SIMB' })
    const bTask = (await command(h, boss, 'lockScreen', b.deviceId)).body.data.taskId
    const aPoll = await agentCall('/poll', {}, a.phone.credential!)
    expect(aPoll.body.data.tasks).toEqual([])
    const bPoll = await agentCall('/poll', {}, b.phone.credential!)
    expect(bPoll.body.data.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([bTask])
    const stolen = await agentCall('/result', { taskId: bTask, success: true }, a.phone.credential!)
    const missing = await agentCall('/result', { taskId: 'no-such-task', success: true }, a.phone.credential!)
    expect(stolen.status).toBe(404)
    expect(stolen.body).toEqual(missing.body)
    expect(stolen.body.msg).toBe('任务不存在')
    expect((await taskStatus(h, boss, bTask)).data.status).toBe('SENT')
    expect((await detail(h, boss, b.deviceId)).data.state.locked).toBe(false)
  })

  it('a poll does not overwrite state that a result committed after the poll’s credential was checked', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const taskId = (await command(h, boss, 'lockScreen', deviceId)).body.data.taskId
    expect((await agentCall('/poll', {}, phone.credential!)).body.data.tasks).toHaveLength(1)
    // A second poll has read the device (locked: false) when the lock's result commits …
    const agent = new AgentService(h.services)
    const polling = (await agent.authenticate(phone.credential!))!
    expect(polling.state.locked).toBe(false)
    expect((await agentCall('/result', { taskId, success: true }, phone.credential!)).body.data.status).toBe('DONE')
    // … and then stores what it was told: the lock must survive it.
    await agent.poll(polling, { state: { battery: 40 } })
    expect((await detail(h, boss, deviceId)).data.state).toMatchObject({ locked: true, battery: 40, poweredOn: true })
  })

  it('delivers every queued task exactly once when polls race', async () => {
    await racingPolls(h, fetchApp, boss)
  })

  it('validates results: a failure needs a reason, unknown fields are refused, a result is taken once', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const taskId = (await command(h, boss, 'check', deviceId)).body.data.taskId
    const beforeDelivery = await agentCall('/result', { taskId, success: true }, phone.credential!)
    expect(beforeDelivery.body).toEqual({ code: 409, msg: '任务尚未下发给设备', data: null })
    await agentCall('/poll', {}, phone.credential!)
    expect((await agentCall('/result', { taskId, success: false }, phone.credential!)).body.msg).toBe('失败原因不能为空')
    expect((await agentCall('/result', { taskId, success: true, extra: 1 }, phone.credential!)).body.msg).toBe('不支持的字段：extra')
    expect((await agentCall('/poll', { state: { battery: 101 } }, phone.credential!)).body.msg).toBe('电量不能大于100')
    const done = await agentCall('/result', { taskId, success: true, data: { online: true } }, phone.credential!)
    expect(done.body.data).toEqual({ taskId, status: 'DONE' })
    const again = await agentCall('/result', { taskId, success: false, reason: 'x' }, phone.credential!)
    expect(again.body).toEqual({ code: 409, msg: '任务已结束，不能重复上报结果', data: null })
  })
})

describe('every command through a simulated phone', () => {
  it('lockScreen and unlockScreen lock and unlock the phone', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const locked = await run(phone, deviceId, 'lockScreen')
    expect(locked.msg).toBe('锁屏成功')
    expect(locked.task).toMatchObject({ status: 'DONE', type: 'lockScreen', createdByName: '演示老板' })
    expect(locked.task.finishedAt).not.toBeNull()
    expect(locked.device.state.locked).toBe(true)
    expect(phone.state.locked).toBe(true)
    const unlocked = await run(phone, deviceId, 'unlockScreen')
    expect(unlocked.msg).toBe('解锁成功')
    expect(unlocked.task.status).toBe('DONE')
    expect(unlocked.device.state.locked).toBe(false)
    expect(phone.state.locked).toBe(false)
  })

  it('getLockPasscode returns the passcode to the console, not to the task log; clearPasscode removes it', async () => {
    const { deviceId, phone } = await enrolledPhone({ passcode: '246810' })
    expect((await detail(h, boss, deviceId)).data.state.passcodeSet).toBe(true)
    const asked = await run(phone, deviceId, 'getLockPasscode')
    expect(asked.task).toMatchObject({ status: 'DONE', result: { password: '246810' } })
    const log = await h.call('GET', `${HW}/device/task/search?deviceId=${deviceId}`, { token: boss })
    expect(log.body.data.records[0]).toMatchObject({ taskId: asked.taskId, result: null })
    expect(log.text).not.toContain('246810')
    // Stored sealed: a copy of the database does not give the passcode away.
    const [stored] = await h.database.db.select().from(tasks).where(eq(tasks.taskId, asked.taskId))
    expect(JSON.stringify(stored.result)).not.toContain('246810')
    expect(stored.result).toEqual({ sealed: expect.stringMatching(/^v1\./) })
    // A result stored in plain before sealing existed still reaches its author, and is sealed at the next start.
    await h.database.db.update(tasks).set({ result: { password: '246810' } }).where(eq(tasks.taskId, asked.taskId))
    expect((await taskStatus(h, boss, asked.taskId)).data.result).toEqual({ password: '246810' })
    expect(await sealStoredSecrets(h.database.db, h.services.secrets)).toEqual({ accessKeys: 0, taskResults: 1 })
    const [resealed] = await h.database.db.select().from(tasks).where(eq(tasks.taskId, asked.taskId))
    expect(resealed.result).toEqual({ sealed: expect.stringMatching(/^v1\./) })
    expect((await taskStatus(h, boss, asked.taskId)).data.result).toEqual({ password: '246810' })
    const cleared = await run(phone, deviceId, 'clearPasscode')
    expect(cleared.msg).toBe('清除锁屏密码成功')
    expect(cleared.device.state.passcodeSet).toBe(false)
    expect(phone.state.passcode).toBe('')
    const empty = await run(phone, deviceId, 'getLockPasscode')
    expect(empty.task.result).toEqual({ password: '' })
  })

  it('shows the lock passcode only to the user who asked for it, while they hold the command authority', async () => {
    const { deviceId, phone } = await enrolledPhone({ passcode: '246810' })
    // The staff member sees the device: it is assigned to them.
    await h.call('POST', `${HW}/device/move`, { token: boss, json: { deviceId, targetStaffId: h.demo.staffId } })
    const staff = await h.login('demo-staff')
    const bossAsked = await run(phone, deviceId, 'getLockPasscode')
    expect(bossAsked.task.result).toEqual({ password: '246810' })
    const seenByStaff = await h.call('GET', `/task/status?taskId=${bossAsked.taskId}`, { token: staff })
    expect(seenByStaff.body.data).toMatchObject({ taskId: bossAsked.taskId, status: 'DONE', result: null })
    expect(seenByStaff.text).not.toContain('246810')

    const staffAsked = (await command(h, staff, 'getLockPasscode', deviceId)).body.data.taskId
    await phone.pollOnce()
    expect((await taskStatus(h, staff, staffAsked)).data.result).toEqual({ password: '246810' })
    expect((await taskStatus(h, boss, staffAsked)).data).toMatchObject({ status: 'DONE', result: null })
    // Without the command authority the staff member no longer reads even their own answer.
    await h.database.db.update(roles).set({ authorities: ['huawei:device'] }).where(eq(roles.id, h.demo.staffRoleId))
    const demoted = await h.call('GET', `/task/status?taskId=${staffAsked}`, { token: staff })
    expect(demoted.body.data).toMatchObject({ status: 'DONE', result: null })
    expect(demoted.text).not.toContain('246810')
    // Results without a secret stay readable to everyone who sees the device.
    const checked = (await command(h, boss, 'check', deviceId)).body.data.taskId
    await phone.pollOnce()
    expect((await taskStatus(h, staff, checked)).data.result).toMatchObject({ online: true })
  })

  it('runApp, backDesktop and logOff change what the phone shows', async () => {
    const { deviceId, phone } = await enrolledPhone({ defaultApp: 'com.rental.launcher' })
    const ran = await run(phone, deviceId, 'runApp')
    expect(ran.msg).toBe('运行应用成功')
    expect(ran.device.state.runningApp).toBe('com.rental.launcher')
    const home = await run(phone, deviceId, 'backDesktop')
    expect(home.msg).toBe('返回桌面成功')
    expect(home.device.state.runningApp).toBeNull()
    await run(phone, deviceId, 'runApp')
    const out = await run(phone, deviceId, 'logOff')
    expect(out.msg).toBe('注销成功')
    expect(out.device.state).toMatchObject({ loggedIn: false, runningApp: null })
  })

  it('check and getDeviceInfo report back; device info updates the device', async () => {
    const { deviceId, phone } = await enrolledPhone({ osVersion: 'HarmonyOS 4.2', battery: 55 })
    const checked = await run(phone, deviceId, 'check')
    expect(checked.msg).toBe('检查成功')
    expect(checked.task).toMatchObject({ status: 'DONE', result: { online: true, battery: 55 } })
    phone.options.osVersion = 'HarmonyOS 5.0'
    const info = await run(phone, deviceId, 'getDeviceInfo')
    expect(info.msg).toBe('更新成功')
    expect(info.device).toMatchObject({ osVersion: 'HarmonyOS 5.0', model: 'ALN-AL00', imei: '860000000000011', state: { battery: 55 } })
  })

  it.each(['shutdown', 'reboot'])('%s powers the phone off until its next poll', async (name) => {
    const { deviceId, phone } = await enrolledPhone()
    const res = await run(phone, deviceId, name)
    expect(res.msg).toBe(name === 'shutdown' ? '关机成功' : '重启成功')
    expect(res.task.status).toBe('DONE')
    expect(res.device.state.poweredOn).toBe(false)
    const lastSeen = res.device.lastCommunicationTime
    const queued = (await command(h, boss, 'check', deviceId)).body.data.taskId
    expect(await phone.pollOnce()).toEqual({ skipped: 'poweredOff', executed: [] })
    expect((await detail(h, boss, deviceId)).data.lastCommunicationTime).toBe(lastSeen)
    expect((await taskStatus(h, boss, queued)).data.status).toBe('QUEUED')
    const back = await phone.pollOnce()
    expect(back.executed.map((e) => e.task.taskId)).toEqual([queued])
    expect((await detail(h, boss, deviceId)).data.state.poweredOn).toBe(true)
  })

  it('restoreSettings wipes the phone, which enrolls again with a new credential', async () => {
    const { deviceId, phone } = await enrolledPhone({ passcode: '1234' })
    await run(phone, deviceId, 'lockScreen')
    const oldCredential = phone.credential!
    const res = await run(phone, deviceId, 'restoreSettings')
    expect(res.msg).toBe('恢复出厂设置成功')
    expect(res.task.status).toBe('DONE')
    expect(res.device).toMatchObject({ enrolled: false, state: { locked: false, passcodeSet: false, loggedIn: false } })
    expect(res.device.state.wipedAt).toEqual(expect.any(String))
    expect(phone.state).toMatchObject({ locked: false, passcode: '', runningApp: null })
    expect((await agentCall('/poll', {}, oldCredential)).status).toBe(401)
    await phone.pollOnce()
    expect(phone.credential).not.toBe(oldCredential)
    expect((await detail(h, boss, deviceId)).data.enrolled).toBe(true)
  })

  it('exitControl ends management: the phone stops polling and its credential is refused', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const oldCredential = phone.credential!
    const res = await run(phone, deviceId, 'exitControl')
    expect(res.msg).toBe('退出管控成功')
    expect(res.task.status).toBe('DONE')
    expect(res.device).toMatchObject({ enrolled: false, state: { controlled: false } })
    expect(await phone.pollOnce()).toEqual({ skipped: 'leftManagement', executed: [] })
    expect((await agentCall('/poll', {}, oldCredential)).body.code).toBe(401)
  })

  it('a failure is recorded as ERROR with the phone’s reason and changes nothing', async () => {
    const { deviceId, phone } = await enrolledPhone({ failCommands: { lockScreen: '设备管理权限被关闭' } })
    const res = await run(phone, deviceId, 'lockScreen')
    expect(res.task).toMatchObject({ status: 'ERROR', errorMessage: '设备管理权限被关闭', result: null })
    expect(res.device.state.locked).toBe(false)
  })

  it('works the same for a Mi phone under the Mi area', async () => {
    const { deviceId, phone } = await enrolledPhone({ serialNumber: 'MISIM01' }, MI)
    const res = await run(phone, deviceId, 'lockScreen', MI)
    expect(res.task.status).toBe('DONE')
    expect(res.device).toMatchObject({ platform: 'MI', state: { locked: true } })
    // The Huawei area does not see or command Mi devices.
    expect((await command(h, boss, 'lockScreen', deviceId)).body).toEqual({ code: 404, msg: '设备不存在', data: null })
  })
})

describe('task states', () => {
  it('a task whose result never comes back ends as TIMEOUT, and a late result is refused', async () => {
    const { deviceId, phone } = await enrolledPhone({ dropResults: ['reboot'] })
    const queued = (await command(h, boss, 'reboot', deviceId)).body.data.taskId
    const outcome = await phone.pollOnce()
    expect(outcome.executed[0].answer).toBeUndefined()
    expect((await taskStatus(h, boss, queued)).data.status).toBe('SENT')
    await h.database.db
      .update(tasks)
      .set({ sentAt: new Date(Date.now() - TASK_RESULT_TIMEOUT_MS - 1000) })
      .where(eq(tasks.taskId, queued))
    const log = await h.call('GET', `${HW}/device/task/search?deviceId=${deviceId}`, { token: boss })
    expect(log.body.data.records[0]).toMatchObject({ taskId: queued, status: 'TIMEOUT', errorMessage: '设备未在规定时间内返回结果' })
    expect(log.body.data.pendingCount).toBe(0)
    const late = await agentCall('/result', { taskId: queued, success: true }, phone.credential!)
    expect(late.body.msg).toBe('任务已结束，不能重复上报结果')
  })

  it('a task left queued too long expires instead of being delivered', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const queued = (await command(h, boss, 'lockScreen', deviceId)).body.data.taskId
    await h.database.db
      .update(tasks)
      .set({ createdAt: new Date(Date.now() - TASK_QUEUE_EXPIRY_MS - 1000) })
      .where(eq(tasks.taskId, queued))
    expect((await phone.pollOnce()).executed).toEqual([])
    expect((await taskStatus(h, boss, queued)).data).toMatchObject({ status: 'TIMEOUT', errorMessage: '设备长时间未连接，任务已过期' })
  })

  it('a command pressed twice while queued is queued once', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const [a, b] = await Promise.all([command(h, boss, 'lockScreen', deviceId), command(h, boss, 'lockScreen', deviceId)])
    expect(a.body.data.taskId).toBe(b.body.data.taskId)
    const other = (await command(h, boss, 'unlockScreen', deviceId)).body.data.taskId
    expect(other).not.toBe(a.body.data.taskId)
    expect((await phone.pollOnce()).executed).toHaveLength(2)
    const next = (await command(h, boss, 'lockScreen', deviceId)).body.data.taskId
    expect(next).not.toBe(a.body.data.taskId)
  })

  it('lock → unlock → lock while the phone is offline queues all three, and the phone ends locked', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const sent: string[] = []
    for (const name of ['lockScreen', 'unlockScreen', 'lockScreen']) sent.push((await command(h, boss, name, deviceId)).body.data.taskId)
    expect(new Set(sent).size).toBe(3)
    // A double press of the newest queued command is still answered with its task.
    expect((await command(h, boss, 'lockScreen', deviceId)).body.data.taskId).toBe(sent[2])
    const outcome = await phone.pollOnce()
    expect(outcome.executed.map((e) => [e.task.taskId, e.task.type])).toEqual([
      [sent[0], 'lockScreen'],
      [sent[1], 'unlockScreen'],
      [sent[2], 'lockScreen'],
    ])
    expect(phone.state.locked).toBe(true)
    expect((await detail(h, boss, deviceId)).data.state.locked).toBe(true)
  })

  it('lists tasks newest first with paging and the pending count', async () => {
    const { deviceId, phone } = await enrolledPhone()
    for (const name of ['check', 'lockScreen', 'unlockScreen']) {
      await command(h, boss, name, deviceId)
      await phone.pollOnce()
    }
    await command(h, boss, 'reboot', deviceId)
    const page1 = await h.call('GET', `${HW}/device/task/search?deviceId=${deviceId}&current=1&pageSize=2`, { token: boss })
    expect(page1.body.data).toMatchObject({ total: 4, pendingCount: 1 })
    expect(page1.body.data.records.map((r: { type: string; status: string }) => [r.type, r.status])).toEqual([
      ['reboot', 'QUEUED'],
      ['unlockScreen', 'DONE'],
    ])
    const page2 = await h.call('GET', `${HW}/device/task/search?deviceId=${deviceId}&current=2&pageSize=2`, { token: boss })
    expect(page2.body.data.records.map((r: { type: string }) => r.type)).toEqual(['lockScreen', 'check'])
  })
})

describe('tenancy', () => {
  it('a device of another company answers exactly like a missing one, for every device route', async () => {
    const other = await makeTenant(h, { quota: { HUAWEI: 10 }, signIn: true })
    const foreign = await addDevice(h, other.token, { serialNumber: 'FOREIGN1' })
    const foreignTask = (await command(h, other.token, 'lockScreen', foreign)).body.data.taskId
    const missing = 2_147_000_000
    for (const [method, path, body] of [
      ['POST', '/device/command/lockScreen', (id: number) => ({ deviceId: id })],
      ['POST', '/device/command/exitControl', (id: number) => ({ deviceId: id })],
      ['GET', '/device/detail?deviceId=', null],
      ['GET', '/device/task/search?deviceId=', null],
      ['PUT', '/device/updateRentUserInfo', (id: number) => ({ deviceId: id, renterName: '某人' })],
      ['POST', '/device/putInRecycle', (id: number) => ({ deviceId: id })],
      ['POST', '/device/move', (id: number) => ({ deviceId: id, targetCompanyId: h.demo.eastCompanyId })],
    ] as const) {
      const send = (id: number) =>
        body ? h.call(method, `${HW}${path}`, { token: boss, json: body(id) }) : h.call(method, `${HW}${path}${id}`, { token: boss })
      const [a, b] = [await send(foreign), await send(missing)]
      expect(a.status, path).toBe(404)
      expect(a.body, path).toEqual(b.body)
      expect(a.body.msg).toBe('设备不存在')
    }
    expect((await taskStatus(h, boss, foreignTask))).toEqual(await taskStatus(h, boss, 'missing-task'))
    const [row] = await h.database.db.select().from(tasks).where(eq(tasks.taskId, foreignTask))
    expect(row.status).toBe('QUEUED')
    expect(await h.database.db.select().from(tasks)).toHaveLength(1)
  })

  it('asking about another tenant’s overdue task changes nothing there', async () => {
    const other = await makeTenant(h, { quota: { HUAWEI: 10 }, signIn: true })
    const foreign = await addDevice(h, other.token, { serialNumber: 'FOREIGN2' })
    const queued = (await command(h, other.token, 'lockScreen', foreign)).body.data.taskId
    const sent = (await command(h, other.token, 'reboot', foreign)).body.data.taskId
    const long = Date.now() - TASK_QUEUE_EXPIRY_MS - 1000
    await h.database.db.update(tasks).set({ createdAt: new Date(long) }).where(eq(tasks.taskId, queued))
    await h.database.db.update(tasks).set({ status: 'SENT', sentAt: new Date(long) }).where(eq(tasks.taskId, sent))
    for (const taskId of [queued, sent]) {
      expect(await taskStatus(h, boss, taskId)).toEqual({ code: 404, msg: '任务不存在', data: null })
    }
    const rows = await h.database.db.select({ taskId: tasks.taskId, status: tasks.status }).from(tasks).where(eq(tasks.deviceId, foreign))
    expect(Object.fromEntries(rows.map((r) => [r.taskId, r.status]))).toEqual({ [queued]: 'QUEUED', [sent]: 'SENT' })
    // Its owner's own question does expire them.
    expect((await taskStatus(h, other.token, queued)).data.status).toBe('TIMEOUT')
  })

  it('a child company cannot command its sibling’s device; the boss can', async () => {
    await setHuaweiQuota(h, h.demo.westCompanyId, 1)
    const westDevice = await addDevice(h, boss, { serialNumber: 'WEST0001', companyId: h.demo.westCompanyId })
    const east = await h.login('demo-east')
    expect((await command(h, east, 'lockScreen', westDevice)).body).toEqual({ code: 404, msg: '设备不存在', data: null })
    expect((await command(h, await h.login('demo-west'), 'lockScreen', westDevice)).body.code).toBe(200)
  })
})

/**
 * On PostgreSQL the polls (and enrollments) really race. `.ci/run` sets MDM_TEST_POSTGRES_URL (a superuser); the
 * suite makes its own database there and drops it afterwards. In CI a missing URL fails the suite instead of
 * skipping it, so the race is never silently untested; locally without a server it is skipped.
 */
const postgresUrl = process.env.MDM_TEST_POSTGRES_URL

describe.runIf(postgresUrl || process.env.CI)('racing on PostgreSQL (FOR UPDATE SKIP LOCKED, unique serials)', () => {
  let pg: Harness | undefined
  let own: Awaited<ReturnType<typeof ownDatabase>> | undefined
  beforeAll(async () => {
    if (!postgresUrl) throw new Error('CI 中必须设置 MDM_TEST_POSTGRES_URL（由 .ci/run 启动 PostgreSQL）')
    own = await ownDatabase(postgresUrl, 'mdm_test_huawei_agent')
    pg = await createHarness({}, own.url)
  })
  afterAll(async () => {
    await pg?.close()
    await own?.drop()
  })

  it('runs on PostgreSQL', () => {
    expect(pg!.database.engine).toBe('postgres')
  })

  it('never hands one task to two polls', async () => {
    const fetch = appFetch(pg!)
    const token = await pg!.login('demo')
    for (let round = 0; round < 3; round++) await racingPolls(pg!, fetch, token)
  })

  it('answers enrollments racing for one new serial with success or a clear conflict, never a server error', async () => {
    const fetch = appFetch(pg!)
    const enrollmentToken = await issueToken(pg!, await pg!.login('demo'))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      for (let round = 0; round < 3; round++) {
        const serialNumber = `PGRACE${round}`
        const answers = await Promise.all(
          Array.from({ length: 6 }, () =>
            fetch(`http://mdm.test${AGENT}/enroll`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ enrollmentToken, serialNumber }),
            }).then((r) => r.json() as Promise<{ code: number; msg: string }>),
          ),
        )
        expect(answers.some((a) => a.code === 200)).toBe(true)
        for (const a of answers) if (a.code !== 200) expect(a).toMatchObject({ code: 409, msg: '该序列号的设备正在接入，请稍后重试' })
        expect(await pg!.database.db.select().from(devices).where(eq(devices.serialNumber, serialNumber))).toHaveLength(1)
      }
      expect(logged).not.toHaveBeenCalled()
    } finally {
      logged.mockRestore()
    }
  })
})
