import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/client'
import { auditLog, companies, devices, tasks } from '../../src/server/db/schema'
import { lifecycleLocks, lifecyclePolicies, lifecycleReminders } from '../../src/server/db/schema-lifecycle'
import { LifecycleService } from '../../src/server/modules/lifecycle/service'
import { runLifecycleSweep } from '../../src/server/modules/lifecycle/sweep'
import { addYears } from '../../src/server/modules/renew/service'
import type { FetchLike } from '../../src/sim/huawei-agent'
import { enrolledIphone, setIosQuota } from './apple-helpers'
import { harnessForFile, ownDatabase, type Harness } from './harness'
import { addDevice, appFetch, issueToken, setHuaweiQuota, simulator } from './huawei-helpers'
import { makeDevice, makeTenant, MISSING_ID } from './org-builders'

const h = harnessForFile()
let boss: string
const DAY = 86_400_000
const MESSAGE = '租期已到，请联系门店续费'
const PHONE = '13800138000'

beforeEach(async () => {
  boss = await h.login('demo')
  await setIosQuota(h, h.demo.bossCompanyId, 10)
  await setHuaweiQuota(h, h.demo.bossCompanyId, 10)
})

/** Saves the phrase and phone the policy picks, then the policy. */
async function savePolicy(harness: Harness, token: string, policy: Record<string, unknown> = {}) {
  for (const [type, value] of [['PHRASES', MESSAGE], ['PHONE', PHONE]]) await harness.call('POST', '/user/commonPhrasesPhone/add', { token, json: { type, value } })
  const res = await harness.call('PUT', '/lifecycle/policy', { token, json: { autoLock: true, graceDays: 2, reminderDays: [7, 1], lockMessage: MESSAGE, lockPhone: PHONE, ...policy } })
  expect(res.body.code, res.text).toBe(200)
  return res.body.data
}

/** A device's service end as the renewals give it: a year after it was added. */
const endOf = (createdAt: Date) => addYears(createdAt, 1)

/** A Huawei phone added in the console and enrolled, on a clock the test moves, behind a network it can cut. */
async function agentPhone(serialNumber: string, clock: { now: Date }) {
  const network = { up: true }
  const app = appFetch(h)
  const fetch: FetchLike = (input, init) => (network.up ? app(input, init) : Promise.reject(new Error('network unreachable')))
  const deviceId = await addDevice(h, boss, { serialNumber })
  const phone = simulator(fetch, { enrollmentToken: await issueToken(h, boss), serialNumber, now: () => clock.now })
  await phone.enroll()
  return { deviceId, phone, network }
}

const createdAt = async (deviceId: number) => (await h.database.db.select().from(devices).where(eq(devices.id, deviceId)))[0].createdAt

const tasksOfDevice = (deviceId: number) => h.database.db.select().from(tasks).where(eq(tasks.deviceId, deviceId)).orderBy(tasks.id)

describe('the automatic lock at the end of service', () => {
  it('locks an iPhone (pay mode) and an agent (service lock) once at end + grace, leaves an exempt device alone, and lifts after renewal and 已付款', async () => {
    const policy = await savePolicy(h, boss)
    expect(policy).toEqual({ autoLock: true, graceDays: 2, reminderDays: [7, 1], lockMessage: MESSAGE, lockPhone: PHONE })
    const { phone: iphone, deviceId: iosId } = await enrolledIphone(h, boss, { supervised: true })
    const clock = { now: new Date() }
    const agent = await agentPhone('LIFE0001', clock)
    const exempt = await makeDevice(h, { platform: 'HUAWEI', serialNumber: 'LIFE0002' })
    expect((await h.call('POST', '/lifecycle/exempt', { token: boss, json: { deviceId: exempt.id, exempt: true } })).body.code).toBe(200)
    const [earliest, latest] = [await createdAt(iosId), await createdAt(agent.deviceId)]

    // Before end + grace: nothing.
    expect(await h.services.lifecycle.sweep(new Date(endOf(earliest).getTime() + 2 * DAY - 60_000))).toMatchObject({ locked: 0 })
    const lockAt = new Date(endOf(latest).getTime() + 2 * DAY + 60_000)
    expect((await h.services.lifecycle.sweep(lockAt)).locked).toBe(2)
    // Repeated, and after a clock jump of ten days: the same period is never locked again.
    expect((await h.services.lifecycle.sweep(lockAt)).locked).toBe(0)
    expect((await h.services.lifecycle.sweep(new Date(lockAt.getTime() + 10 * DAY))).locked).toBe(0)
    // A clock set back before the end lifts nothing (the end did not move).
    expect(await h.services.lifecycle.sweep(new Date())).toMatchObject({ locked: 0, lifted: 0 })
    expect(await tasksOfDevice(exempt.id)).toEqual([])

    // The iPhone gets pay mode with the company's message and phone; the task is DONE and the console sees pay mode.
    await iphone.checkIn()
    expect(iphone.state.lostMode).toEqual({ message: MESSAGE, phoneNumber: PHONE, footnote: '' })
    const iosTasks = (await tasksOfDevice(iosId)).filter((t) => t.type === 'openPayMode')
    expect(iosTasks.map((t) => [t.status, t.createdBy])).toEqual([['DONE', null]])
    const detail = (await h.call('GET', `/myDevice/detail?deviceId=${iosId}`, { token: boss })).body.data
    expect(detail.payMode).toBe(true)

    // The agent gets its service lock with the message; the task log shows it.
    clock.now = lockAt
    const polled = await agent.phone.pollOnce()
    expect(polled.executed.map((e) => [e.task.type, e.task.payload])).toEqual([['serviceLock', { message: MESSAGE, phoneNumber: PHONE }]])
    expect(agent.phone.state).toMatchObject({ locked: true, serviceLocked: true })
    const log = await h.call('GET', `/huawei/mdm/api/v1/device/task/search?deviceId=${agent.deviceId}&current=1&pageSize=10`, { token: boss })
    expect(log.body.data.records.map((r: { type: string; status: string }) => [r.type, r.status])).toContainEqual(['serviceLock', 'DONE'])

    // The audit trail names the operator 系统.
    const audited = await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'lifecycle.lock'))
    expect(audited.map((a) => a.actorUsername)).toEqual(['系统', '系统'])
    const trail = await h.call('GET', '/audit/search?action=lifecycle.lock&current=1&pageSize=10', { token: boss })
    expect(trail.body.data.total).toBe(2)

    // Renewal of the iPhone: the next sweep lifts its lock with closePayMode.
    const draft = await h.call('POST', '/device/renew/init', { token: boss, json: { deviceId: iosId, years: 1 } })
    expect((await h.call('POST', '/device/renew/start', { token: boss, json: { id: draft.body.data.id } })).body.code).toBe(200)
    expect(await h.services.lifecycle.sweep(lockAt)).toMatchObject({ lifted: 1, locked: 0 })
    await iphone.checkIn()
    expect(iphone.state.lostMode).toBeNull()
    expect((await tasksOfDevice(iosId)).filter((t) => t.type === 'closePayMode').map((t) => t.status)).toEqual(['DONE'])

    // 已付款 for the agent: unlocked at once (serviceUnlock queued), and never locked again in this period.
    expect((await h.call('POST', '/lifecycle/markPaid', { token: boss, json: { deviceId: agent.deviceId } })).body).toMatchObject({ code: 200, msg: '已标记付款' })
    const unlocked = await agent.phone.pollOnce()
    expect(unlocked.executed.map((e) => e.task.type)).toEqual(['serviceUnlock'])
    expect(agent.phone.state).toMatchObject({ locked: false, serviceLocked: false })
    expect((await h.services.lifecycle.sweep(new Date(lockAt.getTime() + DAY))).locked).toBe(0)
    const locks = await h.database.db.select().from(lifecycleLocks).where(eq(lifecycleLocks.deviceId, agent.deviceId))
    expect(locks.map((l) => l.liftReason)).toEqual(['PAID'])
  })

  it('keeps a lost mode a person set: no pay mode over it, no closePayMode after renewal', async () => {
    await savePolicy(h, boss, { graceDays: 0 })
    // An iPhone whose lost mode a person enabled (acknowledged: the state the server keeps).
    const device = await makeDevice(h, { platform: 'IOS', serialNumber: 'LOSTHAND1', state: { lostMode: true, payMode: false } })
    const after = new Date(endOf(device.createdAt).getTime() + DAY)
    expect((await h.services.lifecycle.sweep(after)).locked).toBe(0)
    const [lock] = await h.database.db.select().from(lifecycleLocks).where(eq(lifecycleLocks.deviceId, device.id))
    expect(lock.lockTaskId).toBeNull()
    const draft = await h.call('POST', '/device/renew/init', { token: boss, json: { deviceId: device.id, years: 1 } })
    expect((await h.call('POST', '/device/renew/start', { token: boss, json: { id: draft.body.data.id } })).body.code).toBe(200)
    expect(await h.services.lifecycle.sweep(after)).toMatchObject({ lifted: 0 })
    expect((await h.database.db.select().from(lifecycleLocks).where(eq(lifecycleLocks.deviceId, device.id)))[0].liftReason).toBe('RENEWED')
    expect(await tasksOfDevice(device.id)).toEqual([])
  })

  it('an agent with its network cut locks itself when its clock passes end + grace, and unlocks at the next poll after 已付款', async () => {
    await savePolicy(h, boss, { graceDays: 1 })
    const clock = { now: new Date() }
    const agent = await agentPhone('LIFE0003', clock)
    const first = await agent.phone.pollOnce()
    expect(first.executed).toEqual([])
    const terms = agent.phone.state.service!
    expect(terms).toMatchObject({ graceDays: 1, message: MESSAGE, phoneNumber: PHONE })
    expect(Date.parse(terms.lockAt!) - Date.parse(terms.endsAt)).toBe(DAY)

    agent.network.up = false
    clock.now = new Date(Date.parse(terms.lockAt!) - 1000)
    await expect(agent.phone.pollOnce()).rejects.toThrow('network unreachable')
    expect(agent.phone.state.locked).toBe(false)
    clock.now = new Date(Date.parse(terms.lockAt!) + 1000)
    await expect(agent.phone.pollOnce()).rejects.toThrow('network unreachable')
    expect(agent.phone.state).toMatchObject({ locked: true, serviceLocked: true })

    // The company marks the period paid (no sweep has run: the phone locked itself); back online, the poll unlocks it.
    expect((await h.call('POST', '/lifecycle/markPaid', { token: boss, json: { deviceId: agent.deviceId } })).body.code).toBe(200)
    agent.network.up = true
    await agent.phone.pollOnce()
    expect(agent.phone.state).toMatchObject({ locked: false, serviceLocked: false })
    expect(agent.phone.state.service?.lockAt).toBeNull()
  })
})

describe('reminders and the 即将到期 list', () => {
  it('reminds once per reminder day by SMS with the end date and the company phone, and lists the device', async () => {
    await savePolicy(h, boss, { autoLock: false })
    const sent: { phone: string; text: string }[] = []
    const lifecycle = new LifecycleService({ db: h.database.db, appleMdm: h.services.appleMdm, sms: { send: async (phone, text) => void sent.push({ phone, text }) } })
    const now = new Date()
    // Added a year ago less five days: its service ends in five days.
    const device = await makeDevice(h, { platform: 'IOS', serialNumber: 'REMIND01', renterPhone: '13900139000', createdAt: new Date(now.getTime() - 365 * DAY + 5 * DAY) })
    const end = endOf(device.createdAt)
    // Ends in 65 days: outside every window.
    await makeDevice(h, { platform: 'IOS', serialNumber: 'REMIND02', createdAt: new Date(now.getTime() - 300 * DAY) })

    await lifecycle.sweep(now)
    await lifecycle.sweep(now)
    const endDate = new Date(end.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
    expect(sent).toEqual([{ phone: '13900139000', text: `【设备租赁】您租用的设备（序列号 REMIND01）服务将于 ${endDate} 到期，请及时续费，联系电话 ${PHONE}。` }])
    // A day before the end: the second reminder.
    await lifecycle.sweep(new Date(end.getTime() - DAY + 60_000))
    expect(sent).toHaveLength(2)
    const reminders = await h.database.db.select().from(lifecycleReminders).where(eq(lifecycleReminders.deviceId, device.id))
    expect(reminders.map((r) => [r.daysBefore, r.smsOutcome]).sort()).toEqual([[1, 'SENT'], [7, 'SENT']])

    const list = await h.call('GET', '/lifecycle/expiring?current=1&pageSize=10', { token: boss })
    expect(list.body.data).toMatchObject({ total: 1, windowDays: 7, records: [{ deviceId: device.id, serialNumber: 'REMIND01', serviceEndsAt: end.toISOString(), exempt: false, locked: false }] })
  })
})

describe('the policy and device actions', () => {
  it('validates the policy, picks the message and phone from saved ones, and answers a foreign device like a missing one', async () => {
    const put = (json: Record<string, unknown>) => h.call('PUT', '/lifecycle/policy', { token: boss, json: { autoLock: true, graceDays: 0, reminderDays: [3], lockMessage: '', lockPhone: '', ...json } })
    expect((await h.call('GET', '/lifecycle/policy', { token: boss })).body.data).toEqual({ autoLock: false, graceDays: 0, reminderDays: [7, 1], lockMessage: '', lockPhone: '' })
    expect((await put({ graceDays: -1 })).body).toEqual({ code: 400, msg: '宽限天数须为 0–90 的整数', data: null })
    expect((await put({ lockMessage: '没保存过的话' })).body).toEqual({ code: 400, msg: '提示语须从常用语中选择', data: null })
    expect((await put({ lockPhone: '13700000000' })).body).toEqual({ code: 400, msg: '联系电话须从常用电话中选择', data: null })
    expect((await put({ reminderDays: [1, 7, 7] })).body.data.reminderDays).toEqual([7, 1])

    const other = await makeTenant(h, { devices: true })
    const foreign = await h.call('POST', '/lifecycle/markPaid', { token: boss, json: { deviceId: other.deviceId } })
    const missing = await h.call('POST', '/lifecycle/markPaid', { token: boss, json: { deviceId: MISSING_ID } })
    expect(foreign.body).toEqual(missing.body)
    expect(missing.body.code).toBe(404)
    expect((await h.call('POST', '/lifecycle/exempt', { token: boss, json: { deviceId: other.deviceId, exempt: true } })).body).toEqual(missing.body)
    const locks = await h.database.db.select().from(lifecycleLocks).where(eq(lifecycleLocks.deviceId, other.deviceId))
    expect(locks).toEqual([])
  })
})

const postgresUrl = process.env.MDM_TEST_POSTGRES_URL
describe.runIf(postgresUrl || process.env.CI)('two server processes on one PostgreSQL', () => {
  it('sweeping at the same time, they lock each device once', async () => {
    if (!postgresUrl) throw new Error('CI 中必须设置 MDM_TEST_POSTGRES_URL（由 .ci/run 启动 PostgreSQL）')
    const own = await ownDatabase(postgresUrl, 'mdm_test_lifecycle')
    // Two processes' databases: each its own pool of connections to the same PostgreSQL database.
    const [a, b] = [await openDatabase(own.url), await openDatabase(own.url)]
    try {
      const [company] = await a.db.insert(companies).values({ name: '并发测试公司' }).returning({ id: companies.id })
      await a.db.insert(lifecyclePolicies).values({ companyId: company.id, autoLock: true })
      const added = new Date(Date.now() - 400 * DAY)
      await a.db.insert(devices).values(Array.from({ length: 300 }, (_, i) => ({ companyId: company.id, platform: i % 2 ? ('IOS' as const) : ('HUAWEI' as const), serialNumber: `RACE${i}`, createdAt: added })))
      const wake = { wake: async () => undefined }
      const now = new Date()
      const runs = await Promise.all([a, b, a, b].map((d, i) => runLifecycleSweep({ db: d.db, appleMdm: wake }, new Date(now.getTime() + i * DAY))))
      expect(runs.reduce((n, r) => n + r.locked, 0)).toBe(300)
      const count = async (table: typeof tasks | typeof lifecycleLocks | typeof auditLog) => (await a.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n
      expect([await count(tasks), await count(lifecycleLocks), await count(auditLog)]).toEqual([300, 300, 300])
    } finally {
      await a.close()
      await b.close()
      await own.drop()
    }
  })
})
