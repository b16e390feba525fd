import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { devices, quotaRecords } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { makeDevice, makeTenant, MISSING_ID, OTHER_PASSWORD, quotaOf, setQuota } from './org-builders'

const h = harnessForFile()
let boss: string
const YEAR_MS = 365 * 24 * 3600_000

beforeEach(async () => {
  boss = await h.login('demo')
  await setQuota(h, h.demo.bossCompanyId, 'IOS', 10)
})

/** A year later in UTC, computed here rather than by the service's own helper. */
function yearsAfter(iso: string | Date, years: number): string {
  const d = new Date(iso)
  return new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds())).toISOString()
}

const init = (token: string, deviceId: number, years: unknown = 2) => h.call('POST', '/device/renew/init', { token, json: { deviceId, years } })
const start = (token: string, id: number) => h.call('POST', '/device/renew/start', { token, json: { id } })
const stop = (token: string, id: number) => h.call('POST', '/device/renew/stop', { token, json: { id } })
const iosRemaining = async (companyId = h.demo.bossCompanyId) => (await quotaOf(h, companyId, 'IOS')).remainingQuantity

async function iosDevice(overrides: Partial<typeof devices.$inferInsert> = {}) {
  return makeDevice(h, { platform: 'IOS', ...overrides })
}

describe('renewal transitions', () => {
  it('init drafts without consuming; start consumes the years once and moves the service end; the device detail shows it', async () => {
    const device = await iosDevice()
    const firstEnd = yearsAfter(device.createdAt, 1)
    const drafted = await init(boss, device.id, '2')
    expect(drafted.body).toMatchObject({ code: 200, msg: '发起续费成功', data: { status: 'DRAFT', years: 2, consumedQuantity: 0, endsAt: null, deviceServiceEndsAt: firstEnd, createdByName: '演示老板' } })
    expect(await iosRemaining()).toBe(10)

    const started = await start(boss, drafted.body.data.id)
    expect(started.body).toMatchObject({
      code: 200,
      msg: '开始续费成功',
      data: { status: 'RUNNING', consumedQuantity: 2, previousEndsAt: firstEnd, endsAt: yearsAfter(firstEnd, 2), deviceServiceEndsAt: yearsAfter(firstEnd, 2), startedByName: '演示老板', expired: false },
    })
    expect(await iosRemaining()).toBe(8)

    // Starting again is refused and consumes nothing more.
    const again = await start(boss, drafted.body.data.id)
    expect(again.body).toEqual({ code: 400, msg: '该续费已在进行中，无需再次开始', data: null })
    expect(await iosRemaining()).toBe(8)

    // What was consumed, when and by whom: the quota record names the device's serial and the operator.
    const records = await h.call('GET', '/account/consumedRecord/search?quotaType=IOS&kind=CONSUME', { token: boss })
    expect(records.body.data.records).toHaveLength(1)
    expect(records.body.data.records[0]).toMatchObject({ kind: 'CONSUME', quantity: -2, remainingAfter: 8, serialNumber: device.serialNumber, operatorName: '演示老板', remark: '续费 2 年', deviceId: device.id })
    expect(Date.now() - Date.parse(records.body.data.records[0].createdAt)).toBeLessThan(60_000)

    const detail = await h.call('GET', `/myDevice/detail?deviceId=${device.id}`, { token: boss })
    expect(detail.body.data.serviceEndsAt).toBe(yearsAfter(firstEnd, 2))
  })

  it('two starts at once consume the quota once', async () => {
    const device = await iosDevice()
    const { id } = (await init(boss, device.id, 3)).body.data
    const answers = await Promise.all([start(boss, id), start(boss, id)])
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 400])
    expect(await iosRemaining()).toBe(7)
    const consumed = await h.database.db.select().from(quotaRecords).where(eq(quotaRecords.deviceId, device.id))
    expect(consumed.map((r) => r.quantity)).toEqual([-3])
  })

  it('stop ends a running renewal: the end date goes back, the quota is not refunded, and it cannot start again', async () => {
    const device = await iosDevice()
    const firstEnd = yearsAfter(device.createdAt, 1)
    const { id } = (await init(boss, device.id, 1)).body.data
    await start(boss, id)
    const stopped = await stop(boss, id)
    expect(stopped.body).toMatchObject({ code: 200, msg: '停止续费成功', data: { status: 'STOPPED', consumedQuantity: 1, endsAt: firstEnd, deviceServiceEndsAt: firstEnd, stoppedByName: '演示老板' } })
    expect(await iosRemaining()).toBe(9)
    expect((await stop(boss, id)).body).toEqual({ code: 400, msg: '该续费未在进行中，无法停止', data: null })
    expect((await start(boss, id)).body).toEqual({ code: 400, msg: '该续费已停止或取消，无法再次开始，请重新发起续费', data: null })
    expect(await iosRemaining()).toBe(9)
  })

  it('a device whose service had ended is renewed from today, and stopping that renewal ends its service now', async () => {
    const added = new Date(Date.now() - 2 * YEAR_MS)
    const device = await iosDevice({ createdAt: added })
    const list = await h.call('GET', '/myDevice/search?recycleStatus=false', { token: boss })
    const listed = list.body.data.records.find((r: { id: number }) => r.id === device.id)
    expect(Date.parse(listed.serviceEndsAt)).toBeLessThan(Date.now())

    const { id } = (await init(boss, device.id, 1)).body.data
    const before = Date.now()
    const started = (await start(boss, id)).body.data
    expect(Date.parse(started.endsAt)).toBeGreaterThanOrEqual(Date.parse(yearsAfter(new Date(before), 1)) - 1000)
    expect(Date.parse(started.endsAt)).toBeLessThanOrEqual(Date.parse(yearsAfter(new Date(), 1)))
    const stopped = (await stop(boss, id)).body.data
    expect(Math.abs(Date.parse(stopped.deviceServiceEndsAt) - Date.now())).toBeLessThan(60_000)
  })

  it('stop on a draft cancels it, consuming nothing; one draft per device at a time', async () => {
    const device = await iosDevice()
    const { id } = (await init(boss, device.id)).body.data
    expect((await init(boss, device.id)).body).toEqual({ code: 409, msg: '该设备已有待开始的续费，请先开始或取消它', data: null })
    const cancelled = await stop(boss, id)
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', consumedQuantity: 0 })
    expect(await iosRemaining()).toBe(10)
    expect((await init(boss, device.id)).body.code).toBe(200)
  })

  it('only the latest started renewal of a device can be stopped', async () => {
    const device = await iosDevice()
    const first = (await init(boss, device.id, 1)).body.data.id
    await start(boss, first)
    const second = (await init(boss, device.id, 1)).body.data.id
    const secondStarted = (await start(boss, second)).body.data
    expect(secondStarted.previousEndsAt).toBe(yearsAfter(device.createdAt, 2))
    expect((await stop(boss, first)).body).toEqual({ code: 400, msg: '只能停止该设备最近一次开始且仍在进行的续费，请先停止之后开始的续费', data: null })
    expect((await stop(boss, second)).body.code).toBe(200)
    expect((await stop(boss, first)).body.code).toBe(200)
    const detail = await h.call('GET', `/myDevice/detail?deviceId=${device.id}`, { token: boss })
    expect(detail.body.data.serviceEndsAt).toBe(yearsAfter(device.createdAt, 1))
  })

  it('refuses a start without enough quota and leaves the draft as it was', async () => {
    await setQuota(h, h.demo.bossCompanyId, 'IOS', 1)
    const device = await iosDevice()
    const { id } = (await init(boss, device.id, 2)).body.data
    expect((await start(boss, id)).body).toEqual({ code: 400, msg: '苹果额度不足（剩余 1），请联系平台管理员增加额度', data: null })
    expect(await iosRemaining()).toBe(1)
    const listed = await h.call('GET', `/device/renew/search?deviceId=${device.id}`, { token: boss })
    expect(listed.body.data.records[0]).toMatchObject({ status: 'DRAFT', consumedQuantity: 0 })
  })

  it('validates the years, the device family and the recycle bin, in Chinese', async () => {
    const device = await iosDevice()
    expect((await init(boss, device.id, 0)).body).toEqual({ code: 400, msg: '续费年限不能小于1', data: null })
    expect((await init(boss, device.id, 6)).body).toEqual({ code: 400, msg: '续费年限不能大于5', data: null })
    const huawei = await makeDevice(h)
    expect((await init(boss, huawei.id)).body).toEqual((await init(boss, MISSING_ID)).body)
    const recycled = await iosDevice({ recycleStatus: true })
    expect((await init(boss, recycled.id)).body).toEqual({ code: 400, msg: '设备在回收站中，无法续费，请先移出回收站', data: null })
  })
})

describe('renewal search and tenancy', () => {
  it('searches by serial and state, newest first; a boss sees its child companies, a child not its sibling', async () => {
    const own = await iosDevice({ serialNumber: 'RENEWBOSS1' })
    const east = await iosDevice({ companyId: h.demo.eastCompanyId, serialNumber: 'RENEWEAST1' })
    const a = (await init(boss, own.id)).body.data.id
    const b = (await init(boss, east.id)).body.data.id
    await start(boss, a)
    const all = await h.call('GET', '/device/renew/search', { token: boss })
    expect(all.body.data.records.map((r: { id: number }) => r.id)).toEqual([b, a])
    expect(all.body.data.total).toBe(2)
    expect((await h.call('GET', '/device/renew/search?serialNumber=east', { token: boss })).body.data.records.map((r: { id: number }) => r.id)).toEqual([b])
    expect((await h.call('GET', '/device/renew/search?status=RUNNING', { token: boss })).body.data.records.map((r: { id: number }) => r.id)).toEqual([a])

    const west = await h.login('demo-west', 'Demo@2026')
    expect((await h.call('GET', '/device/renew/search', { token: west })).body.data).toEqual({ records: [], total: 0 })
    const eastToken = await h.login('demo-east', 'Demo@2026')
    expect((await h.call('GET', '/device/renew/search', { token: eastToken })).body.data.records.map((r: { id: number }) => r.id)).toEqual([b])
    // A sibling's renewal answers exactly like a missing one, and stays as it was.
    expect((await start(west, b)).body).toEqual((await start(west, MISSING_ID)).body)
    expect((await stop(west, b)).body).toEqual((await stop(west, MISSING_ID)).body)
    expect((await h.call('GET', '/device/renew/search?status=DRAFT', { token: boss })).body.data.records.map((r: { id: number }) => r.id)).toEqual([b])
  })

  it("another tenant's device and renewal read like missing ones", async () => {
    const other = await makeTenant(h, { tag: 'rn', quota: { IOS: 5 }, signIn: true })
    const victim = await iosDevice()
    const { id } = (await init(boss, victim.id)).body.data
    expect((await init(other.token, victim.id)).body).toEqual((await init(other.token, MISSING_ID)).body)
    expect((await init(other.token, MISSING_ID)).body).toEqual({ code: 404, msg: '设备不存在', data: null })
    expect((await start(other.token, id)).body).toEqual({ code: 404, msg: '续费记录不存在', data: null })
    expect((await stop(other.token, id)).body).toEqual({ code: 404, msg: '续费记录不存在', data: null })
    expect(await iosRemaining()).toBe(10)
    expect((await quotaOf(h, other.companyId, 'IOS')).remainingQuantity).toBe(5)
    expect(OTHER_PASSWORD).toBeTruthy()
  })

  it('staff and the administrator cannot reach renewals (ios:renew is a company authority)', async () => {
    const admin = await h.login('admin')
    expect((await h.call('GET', '/device/renew/search', { token: admin })).status).toBe(403)
    const staff = await h.login('demo-staff', 'Demo@2026')
    expect((await h.call('GET', '/device/renew/search', { token: staff })).status).toBe(403)
  })
})

describe('iOS quota consumption records', () => {
  it('adding and registering Apple devices consume one iOS unit each, recorded with serial, operator and time', async () => {
    const added = await h.call('POST', '/myDevice/add', { token: boss, json: { serialNumber: 'QUOTAADD01', confirmSerialNumber: 'QUOTAADD01' } })
    expect(added.body.code).toBe(200)
    const registered = await h.call('POST', '/myDevice/register', { token: boss, json: { serialNumber: 'QUOTAREG01', confirmSerialNumber: 'QUOTAREG01' } })
    expect(registered.body.code).toBe(200)
    expect(await iosRemaining()).toBe(8)
    const records = (await h.call('GET', '/account/consumedRecord/search?quotaType=IOS&kind=CONSUME', { token: boss })).body.data
    expect(records.account).toMatchObject({ remainingQuantity: 8, totalConsumedQuantity: 2 })
    expect(records.records.map((r: Record<string, unknown>) => [r.kind, r.quantity, r.serialNumber, r.operatorName, r.devicePlatform])).toEqual([
      ['CONSUME', -1, 'QUOTAREG01', '演示老板', 'IOS'],
      ['CONSUME', -1, 'QUOTAADD01', '演示老板', 'IOS'],
    ])
    for (const r of records.records) expect(Date.now() - Date.parse(r.createdAt)).toBeLessThan(60_000)
    // A Huawei quota page never shows Apple consumption.
    const huawei = (await h.call('GET', '/account/consumedRecord/search?quotaType=HUAWEI', { token: boss })).body.data
    expect(huawei.records.filter((r: { serialNumber: string | null }) => r.serialNumber?.startsWith('QUOTA'))).toEqual([])
  })
})
