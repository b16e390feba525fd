import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { testConfig } from '../../src/server/config'
import { abmDevices, abmLinks } from '../../src/server/db/schema-abm'
import { companies, quotaRecords } from '../../src/server/db/schema'
import { AbmService } from '../../src/server/modules/abm/service'
import { abmText } from '../../src/shared/messages/abm'
import { startAbmSimulator } from '../../src/sim/abm'
import { harnessForFile, type Harness } from './harness'
import { queue } from './apple-helpers'
import { makeDevice, makeTenant, OTHER_PASSWORD } from './org-builders'
import { secondaryPasswordFor } from './secondary-helpers'

/**
 * Issue #42: a company's Apple Business Manager link over HTTP, against the simulated ABM (src/sim/abm.ts), which
 * checks OAuth and the headers as Apple does: the token-exchange certificate, the token refused for another key,
 * damaged or expired with nothing replaced, the fetch over several pages, the sync with its ops, an expired cursor,
 * a lost session, 429 back-off, the profile, 解除ABM, and another tenant kept out.
 */
const abm = await startAbmSimulator({ pageSize: 2 })
afterAll(() => abm.stop())
const h: Harness = harnessForFile({ apple: { ...testConfig().apple, publicUrl: 'https://mdm.example.com', abmUrl: abm.url } })

let boss: string
let server = 0
/** Every test links its own MDM server of the simulated organisation, so its devices are its own. */
let serverName: string
beforeEach(async () => {
  boss = await h.login('demo')
  serverName = `Server ${++server}`
})

const api = (method: string, path: string, token: string, json?: unknown) => h.call(method, `/mdm/api/v1${path}`, { token, json })
const publicKey = async (token = boss) => (await api('GET', '/abm/publicKey', token)).text
const phones = (...serials: string[]) => serials.map((serial_number) => ({ serial_number, model: 'iPhone 15', color: 'BLACK', description: 'IPHONE 15 BLACK 128GB' }))

async function link(token = boss, o: { expiresAt?: Date; cert?: string } = {}) {
  const file = abm.issueToken(o.cert ?? (await publicKey(token)), { serverName, orgName: '示例租赁', expiresAt: o.expiresAt })
  return api('POST', '/abm/token', token, { token: file })
}

const abmRows = async (companyId = h.demo.bossCompanyId) => h.database.db.select().from(abmDevices).where(eq(abmDevices.companyId, companyId)).orderBy(abmDevices.serialNumber)
const linkRow = async () => (await h.database.db.select().from(abmLinks).where(eq(abmLinks.companyId, h.demo.bossCompanyId)))[0]
const since = (n: number) => abm.requests.slice(n)

describe('linking', () => {
  it('answers one certificate per company as PEM, refuses another key’s, a damaged and an expired token, and links a good one', async () => {
    const first = await api('GET', '/abm/publicKey', boss)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toContain('application/x-pem-file')
    expect(first.text).toMatch(/^-----BEGIN CERTIFICATE-----/)
    expect(await publicKey()).toBe(first.text)
    const other = await makeTenant(h, { tag: 'abmother', signIn: true })
    expect(await publicKey(other.token)).not.toBe(first.text)

    const refused = async (res: Awaited<ReturnType<typeof link>>, msg: string | RegExp) => {
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(res.body.msg).toMatch(msg)
    }
    await refused(await link(boss, { cert: await publicKey(other.token) }), abmText.tokenOtherKey)
    await refused(await api('POST', '/abm/token', boss, { token: 'Content-Type: application/pkcs7-mime\r\n\r\nMIAGCSqGSIb3DQEHA6CAMIACAQAx' }), abmText.tokenDamaged)
    await refused(await link(boss, { expiresAt: new Date(Date.now() - 60_000) }), /已于 .* 过期/)
    expect((await api('GET', '/abm', boss)).body.data).toMatchObject({ linked: false, certificateReady: true })

    const n = abm.requests.length
    const linked = await link()
    expect(linked.body).toMatchObject({ code: 200, msg: abmText.tokenLinked, data: { linked: true, orgName: '示例租赁', serverName, expiringSoon: false } })
    expect(linked.body.data.daysLeft).toBeGreaterThan(300)
    // GET /session with OAuth, then /account with the session and Apple's headers.
    const [session, account] = since(n)
    expect(session).toMatchObject({ method: 'GET', path: '/session', status: 200 })
    expect(session.headers.authorization).toMatch(/^OAuth realm="ADM", .*oauth_signature_method="HMAC-SHA1"/)
    expect(account).toMatchObject({ method: 'GET', path: '/account', status: 200 })
    expect(account.headers).toMatchObject({ 'x-server-protocol-version': '7', 'user-agent': expect.any(String), 'x-adm-auth-session': expect.any(String) })
    // The certificate stays (ABM encrypts the renewal to it); the token is stored sealed.
    expect(await publicKey()).toBe(first.text)
    const row = await linkRow()
    expect(row.tokenSealed).not.toContain('consumer_key')
    expect(row.privateKeySealed).not.toContain('PRIVATE KEY')

    // A bad token later leaves the working link as it was.
    await refused(await link(boss, { cert: await publicKey(other.token) }), abmText.tokenOtherKey)
    expect(await linkRow()).toMatchObject({ tokenSealed: row.tokenSealed, serverName, orgName: '示例租赁' })
    expect((await api('POST', '/abm/sync', boss)).body.code).toBe(200)
  })
})

describe('devices', () => {
  it('fetches over pages, shows them without quota, assigns the profile, then syncs ops from the cursor', async () => {
    abm.addDevices(phones('ABMSYNC00001', 'ABMSYNC00002', 'ABMSYNC00003', 'ABMSYNC00004', 'ABMSYNC00005'), { serverName })
    abm.failingSerials.add('ABMSYNC00004')
    const quotaBefore = (await h.database.db.select().from(quotaRecords)).length
    const n = abm.requests.length
    expect((await link()).body.data).toMatchObject({ deviceCount: 5, enrolledCount: 0, lastSyncError: null })
    const fetches = since(n).filter((r) => r.path === '/server/devices')
    expect(fetches).toHaveLength(3) // pages of 2, following the cursor until more_to_follow is false
    expect((fetches[1].body as { cursor?: string }).cursor).toEqual(expect.any(String))
    expect((await h.database.db.select().from(quotaRecords)).length).toBe(quotaBefore)

    // The profile: defined once with Apple's booleans, assigned to every device.
    const [profile] = since(n).filter((r) => r.path === '/profile' && r.method === 'POST').map((r) => r.body as Record<string, unknown>)
    expect(profile).toMatchObject({
      profile_name: expect.any(String),
      url: 'https://mdm.example.com/mdm/apple/dep/enroll',
      is_supervised: true,
      is_mandatory: true,
      is_mdm_removable: false,
      await_device_configured: true,
      department: expect.any(String),
    })
    const uuid = (await linkRow()).profileUuid!
    expect(abm.assignments.get('ABMSYNC00003')).toBe(uuid)
    const listed = await api('GET', '/abm/devices?serialNumber=abmsync0000&pageSize=3', boss)
    expect(listed.body.data.total).toBe(5)
    const record = (serial: string, res = listed) => res.body.data.records.find((r: { serialNumber: string }) => r.serialNumber === serial)
    expect(record('ABMSYNC00005')).toMatchObject({ model: 'iPhone 15', color: 'BLACK', profileStatus: 'assigned', enrolled: false, assignError: null })
    expect(record('ABMSYNC00004')).toMatchObject({ assignError: 'FAILED（苹果处理失败）' })

    // In the company's iOS list by the usual serial filter, not enrolled.
    const ios = await api('GET', '/myDevice/search?serialNumber=ABMSYNC00002', boss)
    expect(ios.body.data.records).toEqual([expect.objectContaining({ serialNumber: 'ABMSYNC00002', enrolled: false, abmPending: true, model: 'iPhone 15' })])

    // Ops since the cursor: added (and assigned), modified, deleted.
    abm.addDevices(phones('ABMSYNC00006'), { serverName })
    abm.modifyDevice('ABMSYNC00001', { color: 'WHITE' })
    abm.removeDevice('ABMSYNC00002')
    const m = abm.requests.length
    const synced = await api('POST', '/abm/sync', boss)
    // Apple reports its own assignments as modified too.
    expect(synced.body.data).toMatchObject({ full: false, added: 1, deleted: 1, assigned: 1 })
    expect(synced.body.data.modified).toBeGreaterThanOrEqual(1)
    expect(since(m).some((r) => r.path === '/server/devices')).toBe(false)
    expect(since(m).filter((r) => r.path === '/profile' && r.method === 'POST')).toHaveLength(0)
    expect(abm.assignments.get('ABMSYNC00006')).toBe(uuid)
    const rows = await abmRows()
    expect(rows.find((r) => r.serialNumber === 'ABMSYNC00001')?.color).toBe('WHITE')
    expect(rows.find((r) => r.serialNumber === 'ABMSYNC00002')?.removedAt).not.toBeNull()
    expect(synced.body.data.state.deviceCount).toBe(5)

    // 429 and 503 are waited out as Retry-After says (doubling from a second without one); the FAILED one is retried.
    const waits: number[] = []
    const service = new AbmService({ db: h.database.db, secrets: h.services.secrets, config: h.services.config, sleep: async (ms) => void waits.push(ms) })
    abm.failNext('/devices/sync', 429, { retryAfter: 7 })
    abm.failNext('/devices/sync', 503)
    abm.failingSerials.delete('ABMSYNC00004')
    expect(await service.syncCompany(h.demo.bossCompanyId)).toMatchObject({ full: false, assigned: 1 })
    expect(waits).toEqual([7000, 2000])
    expect(record('ABMSYNC00004', await api('GET', '/abm/devices?serialNumber=ABMSYNC00004', boss))).toMatchObject({ assignError: null })

    // An expired cursor starts a full fetch; a lost session is opened again once; the device list holds.
    abm.expireCursors()
    abm.expireSessions()
    abm.removeDevice('ABMSYNC00005')
    const k = abm.requests.length
    const full = await api('POST', '/abm/sync', boss)
    expect(full.body.data).toMatchObject({ full: true })
    expect(since(k).map((r) => `${r.path} ${r.status}`)).toEqual(expect.arrayContaining(['/devices/sync 401', '/session 200', '/devices/sync 400', '/server/devices 200']))
    expect((await abmRows()).filter((r) => r.removedAt === null).map((r) => r.serialNumber)).toEqual(['ABMSYNC00001', 'ABMSYNC00003', 'ABMSYNC00004', 'ABMSYNC00006'])

    // A fetch cut off (the server stopping: its signal) resumes from its cursor, not as a sync from a fetch cursor.
    abm.expireCursors()
    let reads = 0
    const stopAfterOnePage = { get aborted() { return ++reads > 2 } } as AbortSignal
    await service.syncCompany(h.demo.bossCompanyId, stopAfterOnePage)
    expect((await linkRow()).fetchedAt).toBeNull()
    const j = abm.requests.length
    expect(await service.syncCompany(h.demo.bossCompanyId)).toMatchObject({ full: true })
    expect(since(j).some((r) => r.path === '/devices/sync')).toBe(false)
    expect((since(j).find((r) => r.path === '/server/devices')!.body as { cursor?: string }).cursor).toEqual(expect.any(String))
    expect((await linkRow()).fetchedAt).not.toBeNull()

    // A company renamed: the profile is defined again and assigned to every device.
    await h.database.db.update(companies).set({ name: '新名字租赁' }).where(eq(companies.id, h.demo.bossCompanyId))
    await api('POST', '/abm/sync', boss)
    const renamed = (await linkRow()).profileUuid!
    expect(renamed).not.toBe(uuid)
    expect(abm.profiles.get(renamed)).toMatchObject({ department: '新名字租赁' })
    expect(abm.assignments.get('ABMSYNC00004')).toBe(renamed)
  })
})

describe('解除ABM and tenancy', () => {
  it('disowns a device that never enrolled with its serial only, shows Apple’s refusal, and keeps other tenants out', async () => {
    const other = await makeTenant(h, { tag: 'abmten', signIn: true })
    const own = await makeDevice(h, { companyId: other.companyId, platform: 'IOS', serialNumber: 'ABMTEN00001' })
    // Without a link, the answer stays the one of a company that has no ABM.
    const reauth = await secondaryPasswordFor(h, other.token!, 'disownDevice', OTHER_PASSWORD)
    const unlinked = await queue(h, other.token!, 'disownDevice', own.id, reauth)
    expect(unlinked.body.msg).toContain('未配置苹果商务管理（ABM）服务')

    abm.addDevices(phones('ABMOWN00001', 'ABMOWN00002'), { serverName })
    await link()
    const [one, two] = await abmRows()
    const n = abm.requests.length
    const done = await queue(h, boss, 'disownDevice', one.deviceId!)
    expect(done.body).toMatchObject({ code: 200, msg: '解除ABM成功' })
    const call = since(n).find((r) => r.path === '/devices/disown')!
    expect(call.body).toEqual({ devices: ['ABMOWN00001'] })
    expect(abm.disowned.has('ABMOWN00001')).toBe(true)
    const disowned = (await api('GET', '/abm/devices?serialNumber=ABMOWN00001', boss)).body.data.records[0]
    expect(disowned).toMatchObject({ removed: true, disownStatus: expect.stringContaining('SUCCESS') })
    expect((await api('GET', `/myDevice/detail?deviceId=${one.deviceId}`, boss)).body.data).toMatchObject({ abmPending: false })
    expect((await api('GET', `/myDevice/detail?deviceId=${two.deviceId}`, boss)).body.data).toMatchObject({ abmPending: true })

    abm.failingSerials.add('ABMOWN00002')
    const failed = await queue(h, boss, 'disownDevice', two.deviceId!)
    expect(failed.status).toBe(400)
    expect(failed.body.msg).toBe(abmText.disownFailed('ABMOWN00002', 'FAILED（苹果处理失败）'))

    // Another tenant: its own (empty) link, none of these devices, no command on them.
    expect((await api('GET', '/abm', other.token!)).body.data).toMatchObject({ linked: false, deviceCount: 0 })
    expect((await api('GET', '/abm/devices', other.token!)).body.data).toEqual({ records: [], total: 0 })
    expect((await api('POST', '/abm/sync', other.token!)).body.msg).toBe(abmText.notLinked)
    const foreign = await queue(h, other.token!, 'disownDevice', two.deviceId!, reauth)
    expect(foreign.status).toBe(404)
    expect(abm.requests.filter((r) => r.path === '/devices/disown')).toHaveLength(2)
    // The administrator belongs to no company and links none.
    const admin = await h.login('admin')
    expect((await api('GET', '/abm/publicKey', admin)).status).toBe(403)
  })
})
