import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { blacklistEntries, devices } from '../../src/server/db/schema'
import { idCardCheckCharacter } from '../../src/shared/domain/validators'
import { iphone, deviceOf } from './apple-helpers'
import { harnessForFile } from './harness'
import { HW, issueToken } from './huawei-helpers'
import { makeTenant, MISSING_ID, quotaOf, setQuota } from './org-builders'

const h = harnessForFile()
let admin: string
let boss: string

/** A valid 18-digit ID-card number (the check character computed by the spec's rule). */
const idCard = (first17: string) => first17 + idCardCheckCharacter(first17)
const RENTER = idCard('11010519900307123')

beforeEach(async () => {
  admin = await h.login('admin')
  boss = await h.login('demo')
  await setQuota(h, h.demo.bossCompanyId, 'IOS', 10)
  await setQuota(h, h.demo.bossCompanyId, 'HUAWEI', 10)
})

const add = (token: string, json: Record<string, unknown>) => h.call('POST', '/blacklist/add', { token, json })
const lookup = (token: string, value: string) => h.call('GET', `/blacklist/lookup?value=${encodeURIComponent(value)}`, { token })

describe('administrator entries', () => {
  it('adds serials, IMEIs and ID-card numbers with a reason; the ID-card number is stored and shown only masked', async () => {
    const serial = await add(admin, { kind: 'SERIAL', value: 'stolen001', reason: '设备被盗', blockEnrollment: true })
    expect(serial.body).toMatchObject({ code: 200, msg: '保存成功', data: { kind: 'SERIAL', display: 'STOLEN001', reason: '设备被盗', blockEnrollment: true, createdByName: '平台管理员' } })
    expect((await add(admin, { kind: 'IMEI', value: '356938035643809', reason: '欠费未还' })).body.code).toBe(200)
    const renter = await add(admin, { kind: 'ID_CARD', value: RENTER.toLowerCase(), reason: '恶意租赁' })
    expect(renter.body.data.display).toBe(`${RENTER.slice(0, 4)}**********${RENTER.slice(-4)}`)
    const list = await h.call('GET', '/blacklist/search', { token: admin })
    expect(list.body.data.total).toBe(3)
    expect(list.text).not.toContain(RENTER)
    const stored = await h.database.db.select().from(blacklistEntries)
    expect(JSON.stringify(stored)).not.toContain(RENTER.slice(4, 14))
    // A full number finds its masked entry; part of a serial finds the serial.
    expect((await h.call('GET', `/blacklist/search?keyword=${RENTER}`, { token: admin })).body.data.records.map((r: { kind: string }) => r.kind)).toEqual(['ID_CARD'])
    expect((await h.call('GET', '/blacklist/search?keyword=len0', { token: admin })).body.data.records.map((r: { display: string }) => r.display)).toEqual(['STOLEN001'])
  })

  it('refuses duplicates and malformed values in Chinese', async () => {
    await add(admin, { kind: 'SERIAL', value: 'DUP001', reason: '测试' })
    expect((await add(admin, { kind: 'SERIAL', value: 'dup001', reason: '再次' })).body).toEqual({ code: 409, msg: '该号码已在黑名单中', data: null })
    expect((await add(admin, { kind: 'IMEI', value: '12345', reason: '测试' })).body).toEqual({ code: 400, msg: 'IMEI 必须是15位数字', data: null })
    expect((await add(admin, { kind: 'ID_CARD', value: '110105199003071230', reason: '测试' })).body.code).toBe(400)
    expect((await add(admin, { kind: 'SERIAL', value: 'OK001', reason: '' })).body).toEqual({ code: 400, msg: '原因不能为空', data: null })
  })

  it('removes an entry: it stops matching, and removing it again reads like a missing one', async () => {
    const { id } = (await add(admin, { kind: 'SERIAL', value: 'GONE001', reason: '误报' })).body.data
    expect((await lookup(boss, 'GONE001')).body.data.listed).toBe(true)
    expect((await h.call('POST', '/blacklist/remove', { token: admin, json: { id } })).body).toEqual({ code: 200, msg: '移除成功', data: null })
    expect((await lookup(boss, 'GONE001')).body.data).toEqual({ listed: false, hits: [] })
    const again = await h.call('POST', '/blacklist/remove', { token: admin, json: { id } })
    expect(again.body).toEqual((await h.call('POST', '/blacklist/remove', { token: admin, json: { id: MISSING_ID } })).body)
    // Listed again after removal: a new entry is allowed.
    expect((await add(admin, { kind: 'SERIAL', value: 'GONE001', reason: '再次列入' })).body.code).toBe(200)
  })

  it('only the platform administrator keeps the list', async () => {
    const { id } = (await add(admin, { kind: 'SERIAL', value: 'ADMINONLY1', reason: '测试' })).body.data
    for (const token of [boss, await h.login('demo-east', 'Demo@2026'), await h.login('demo-staff', 'Demo@2026')]) {
      expect((await add(token, { kind: 'SERIAL', value: 'X1', reason: '测试' })).status).toBe(403)
      expect((await h.call('GET', '/blacklist/search', { token })).status).toBe(403)
      expect((await h.call('POST', '/blacklist/remove', { token, json: { id } })).status).toBe(403)
    }
    expect((await lookup(boss, 'ADMINONLY1')).body.data.listed).toBe(true)
  })
})

describe('the lookup every user has', () => {
  it('answers only whether, why and since when — for a serial, an IMEI or an ID-card number', async () => {
    await add(admin, { kind: 'SERIAL', value: 'LOOK001', reason: '设备被盗' })
    await add(admin, { kind: 'ID_CARD', value: RENTER, reason: '恶意租赁' })
    // Another tenant's device with that serial and renter exists; nothing of it is answered.
    const other = await makeTenant(h, { tag: 'bl' })
    await h.database.db.insert(devices).values({ companyId: other.companyId, platform: 'HUAWEI', serialNumber: 'LOOK001', renterName: '李四', renterIdCard: RENTER })
    const staff = await h.login('demo-staff', 'Demo@2026')
    const bySerial = await lookup(staff, ' look001 ')
    expect(bySerial.body.data).toEqual({ listed: true, hits: [{ kind: 'SERIAL', reason: '设备被盗', since: expect.any(String), blockEnrollment: false }] })
    expect(Date.now() - Date.parse(bySerial.body.data.since ?? bySerial.body.data.hits[0].since)).toBeLessThan(60_000)
    expect(bySerial.text).not.toMatch(/李四|bl租赁|companyId|deviceId/)
    expect((await lookup(boss, RENTER.toLowerCase())).body.data.hits).toEqual([{ kind: 'ID_CARD', reason: '恶意租赁', since: expect.any(String), blockEnrollment: false }])
    expect((await lookup(boss, 'NOTLISTED1')).body.data).toEqual({ listed: false, hits: [] })
    expect((await lookup(boss, '')).body.code).toBe(400)
  })

  it('is rate-limited per account, so it cannot be used to harvest the list', async () => {
    const east = await h.login('demo-east', 'Demo@2026')
    for (let i = 0; i < 60; i++) expect((await lookup(east, `PROBE${i}`)).body.code).toBe(200)
    const refused = await lookup(east, 'PROBE60')
    expect(refused.body.code).toBe(429)
    expect(refused.body.msg).toMatch(/^黑名单查询过于频繁，请 \d+ 分钟后再试$/)
    // Another account is counted apart.
    expect((await lookup(boss, 'PROBE61')).body.code).toBe(200)
  })
})

describe('saving and enrolling a blacklisted device', () => {
  it('adding a Huawei device warns first; nothing is saved or consumed until the user confirms', async () => {
    await add(admin, { kind: 'SERIAL', value: 'WARN001', reason: '设备被盗' })
    const body = { serialNumber: 'WARN001', imei: '', model: '', renterName: '', renterPhone: '', renterIdCard: '', rentRemark: '' }
    const warned = await h.call('POST', `${HW}/device/add`, { token: boss, json: body })
    expect(warned.body).toEqual({ code: 412, msg: '该设备在黑名单中：序列号（设备被盗）。确认仍要保存吗？', data: null })
    expect(await h.database.db.select().from(devices).where(eq(devices.serialNumber, 'WARN001'))).toEqual([])
    expect((await quotaOf(h, h.demo.bossCompanyId, 'HUAWEI')).remainingQuantity).toBe(10)
    const confirmed = await h.call('POST', `${HW}/device/add`, { token: boss, json: { ...body, confirmBlacklisted: true } })
    expect(confirmed.body.code).toBe(200)
    expect((await quotaOf(h, h.demo.bossCompanyId, 'HUAWEI')).remainingQuantity).toBe(9)
    const audit = await h.call('GET', '/audit/search?action=blacklist.override', { token: boss })
    expect(audit.body.data.records[0].summary).toContain('WARN001')
  })

  it("a blacklisted renter's ID-card number warns on an Apple add; registering a listed serial warns too", async () => {
    await add(admin, { kind: 'ID_CARD', value: RENTER, reason: '恶意租赁' })
    await add(admin, { kind: 'SERIAL', value: 'REGWARN1', reason: '欠费' })
    const apple = { serialNumber: 'APPLEOK1', confirmSerialNumber: 'APPLEOK1', renterName: '张三', renterIdCard: RENTER }
    expect((await h.call('POST', '/myDevice/add', { token: boss, json: apple })).body).toEqual({ code: 412, msg: '该设备在黑名单中：租用人身份证号（恶意租赁）。确认仍要保存吗？', data: null })
    expect((await h.call('POST', '/myDevice/add', { token: boss, json: { ...apple, confirmBlacklisted: 'true' } })).body.code).toBe(200)
    const reg = { serialNumber: 'REGWARN1', confirmSerialNumber: 'REGWARN1' }
    expect((await h.call('POST', '/myDevice/register', { token: boss, json: reg })).body.code).toBe(412)
    expect((await h.call('POST', '/myDevice/register', { token: boss, json: { ...reg, confirmBlacklisted: true } })).body.code).toBe(200)
    expect((await quotaOf(h, h.demo.bossCompanyId, 'IOS')).remainingQuantity).toBe(8)
  })

  it('the Huawei agent cannot enroll a phone the administrator blocked; an entry that only warns lets it in', async () => {
    await add(admin, { kind: 'SERIAL', value: 'BLOCKHW1', reason: '设备被盗', blockEnrollment: true })
    await add(admin, { kind: 'IMEI', value: '356938035643809', reason: '欠费', blockEnrollment: true })
    await add(admin, { kind: 'SERIAL', value: 'WARNHW01', reason: '提醒' })
    const token = await issueToken(h, boss)
    const enroll = (json: Record<string, unknown>) => h.call('POST', '/agent/v1/enroll', { json: { enrollmentToken: token, ...json } })
    expect((await enroll({ serialNumber: 'BLOCKHW1' })).body).toEqual({ code: 403, msg: '该设备在平台黑名单中，已禁止接入，请联系平台管理员', data: null })
    expect((await enroll({ serialNumber: 'OTHERHW1', imei: '356938035643809' })).body.code).toBe(403)
    expect(await h.database.db.select().from(devices).where(eq(devices.serialNumber, 'BLOCKHW1'))).toEqual([])
    expect((await quotaOf(h, h.demo.bossCompanyId, 'HUAWEI')).remainingQuantity).toBe(10)
    expect((await enroll({ serialNumber: 'WARNHW01' })).body.code).toBe(200)
  })

  it('an iPhone whose serial blocks enrollment is refused at Authenticate; nothing is stored', async () => {
    await add(admin, { kind: 'SERIAL', value: 'BLOCKIOS1', reason: '设备被盗', blockEnrollment: true })
    const phone = await iphone(h, boss, { serialNumber: 'BLOCKIOS1' })
    const res = await phone.send('CheckInURL', phone.authenticateMessage())
    expect(res.status).toBe(403)
    expect(await deviceOf(h, phone)).toBeUndefined()
    expect((await quotaOf(h, h.demo.bossCompanyId, 'IOS')).remainingQuantity).toBe(10)
    const allowed = await iphone(h, boss, { serialNumber: 'FINEIOS01' })
    await allowed.enroll()
    expect((await deviceOf(h, allowed)).device.serialNumber).toBe('FINEIOS01')
  })
})
