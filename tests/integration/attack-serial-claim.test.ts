import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { appleEnrollments, auditLog, devices } from '../../src/server/db/schema'
import { enrolledIphone, iphone, setIosQuota, tasksOf } from './apple-helpers'
import { harnessForFile } from './harness'
import { agentTestbed } from './huawei-agent-helpers'
import { addDevice, command, issueToken, setHuaweiQuota, taskStatus } from './huawei-helpers'
import { makeTenant } from './org-builders'
import { testConfig } from '../../src/server/config'

/**
 * Issue 41 item 7 (docs/security-devices.md): a company holding only its own enrollment token or profile claims a
 * serial (or a UDID) another tenant registered or enrolled. What a phone reports of itself is not proven, so it
 * claims nothing outside the company that enrolls it: the answer is the one for a serial nobody has, and the other
 * tenant's device neither moves nor stops working.
 */
const h = harnessForFile({ apple: { ...testApple() } })

function testApple() {
  return { ...testConfig().apple, publicUrl: 'http://mdm.test', caDir: '', identitySource: 'signature' as const, clientCertHeader: 'X-Ssl-Client-Cert', apnsCertFile: undefined, apnsKeyFile: undefined, apnsUrl: 'https://api.push.apple.com' }
}

let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})
const { agentCall } = agentTestbed(h, () => boss)

const row = async (id: number) => (await h.database.db.select().from(devices).where(eq(devices.id, id)))[0]

/** An enrollment's answer with what differs on every call (the new device's id, its credential) taken out. */
const shape = (res: { status: number; body: { code: number; msg: string; data: Record<string, unknown> | null } }) => ({
  status: res.status,
  code: res.body.code,
  msg: res.body.msg,
  keys: Object.keys(res.body.data ?? {}).sort(),
})

describe('an agent enrolled with another tenant’s serial', () => {
  it('is answered as for a serial nobody has; the victim’s registration stays, and its real phone enrolls into it', async () => {
    await setHuaweiQuota(h, h.demo.bossCompanyId, 5)
    const victimDevice = await addDevice(h, boss, { serialNumber: 'VICTIM0001' })
    const before = await row(victimDevice)
    const attacker = await makeTenant(h, { tag: 'attacker', quota: { HUAWEI: 10 }, signIn: true })
    const attackerToken = await issueToken(h, attacker.token)

    const claimed = await agentCall('/enroll', { enrollmentToken: attackerToken, serialNumber: 'VICTIM0001' })
    const nobodys = await agentCall('/enroll', { enrollmentToken: attackerToken, serialNumber: 'NOBODY0001' })
    expect(shape(claimed)).toEqual(shape(nobodys))
    expect(claimed.body.code).toBe(200)
    // The attacker got a device of its own, as for any new serial.
    expect(await row(claimed.body.data.deviceId)).toMatchObject({ companyId: attacker.companyId, serialNumber: 'VICTIM0001' })

    // The victim's registration did not move, and nothing was written to its trail.
    expect(await row(victimDevice)).toMatchObject({ companyId: before.companyId, recycleStatus: false, enrolledAt: null })
    expect(await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'device.release'))).toEqual([])

    // The victim's real phone enrolls into its own registration and takes its commands.
    const real = await agentCall('/enroll', { enrollmentToken: await issueToken(h, boss), serialNumber: 'VICTIM0001' })
    expect(real.body).toMatchObject({ code: 200, data: { deviceId: victimDevice } })
    const lock = await command(h, boss, 'lockScreen', victimDevice)
    const polled = await agentCall('/poll', {}, real.body.data.credential)
    expect(polled.body.data.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([lock.body.data.taskId])
  })

  it('tells nothing of a serial enrolled elsewhere, and the phone enrolled there keeps working', async () => {
    await setHuaweiQuota(h, h.demo.bossCompanyId, 5)
    const victim = await agentCall('/enroll', { enrollmentToken: await issueToken(h, boss), serialNumber: 'VICTIM0002' })
    expect(victim.body.code).toBe(200)
    const attacker = await makeTenant(h, { tag: 'attacker', quota: { HUAWEI: 10 }, signIn: true })
    const attackerToken = await issueToken(h, attacker.token)

    const claimed = await agentCall('/enroll', { enrollmentToken: attackerToken, serialNumber: 'VICTIM0002' })
    const nobodys = await agentCall('/enroll', { enrollmentToken: attackerToken, serialNumber: 'NOBODY0002' })
    expect(shape(claimed)).toEqual(shape(nobodys))
    expect(claimed.text).not.toContain('其他公司')

    // The victim's device is still enrolled where it was, with its credential.
    expect(await row(victim.body.data.deviceId)).toMatchObject({ companyId: h.demo.bossCompanyId, recycleStatus: false })
    const lock = await command(h, boss, 'lockScreen', victim.body.data.deviceId)
    const polled = await agentCall('/poll', {}, victim.body.data.credential)
    expect(polled.body.data.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([lock.body.data.taskId])
    // And the attacker's enrolling again with it changes nothing there either.
    expect((await agentCall('/enroll', { enrollmentToken: attackerToken, serialNumber: 'VICTIM0002' })).body.code).toBe(200)
    expect((await agentCall('/poll', {}, victim.body.data.credential)).status).toBe(200)
    expect((await taskStatus(h, boss, lock.body.data.taskId)).data.status).toBe('SENT')
  })
})

describe('an iPhone profile of one company speaking for another tenant’s serial or UDID', () => {
  it('is answered as for a phone nobody has, and the enrolled phone keeps its enrollment and its commands', async () => {
    await setIosQuota(h, h.demo.bossCompanyId, 5)
    const { phone, deviceId } = await enrolledIphone(h, boss, { serialNumber: 'VICTIMIOS1' })
    const attacker = await makeTenant(h, { tag: 'attacker', quota: { IOS: 10 }, signIn: true })

    // The victim's serial with a UDID of the attacker's making, the victim's UDID itself, and a phone nobody has.
    const bySerial = await iphone(h, attacker.token, { serialNumber: 'VICTIMIOS1', rewriteUrl: toTestApp })
    // (A serial of its own: the attacker's company now holds a VICTIMIOS1 enrolled by the first fake, which a second
    // profile of that company may not take over, issue #41 item 8.)
    const byUdid = await iphone(h, attacker.token, { serialNumber: 'UDIDCLAIM1', udid: phone.udid, rewriteUrl: toTestApp })
    const nobody = await iphone(h, attacker.token, { serialNumber: 'NOBODYIOS1', rewriteUrl: toTestApp })
    const answers = []
    for (const fake of [bySerial, byUdid, nobody]) {
      const auth = await fake.send('CheckInURL', fake.authenticateMessage())
      const token = await fake.send('CheckInURL', fake.tokenUpdateMessage())
      answers.push({ auth: auth.status, authBody: await auth.text(), token: token.status, tokenBody: await token.text() })
    }
    expect(answers[0]).toEqual(answers[2])
    expect(answers[1]).toEqual(answers[2])
    expect(answers[2]).toMatchObject({ auth: 200, token: 200 })

    // The victim's device: same company, still bound to the real phone's identity, and the real phone gets its commands.
    expect(await row(deviceId)).toMatchObject({ companyId: h.demo.bossCompanyId, recycleStatus: false })
    const [bound] = await h.database.db.select().from(appleEnrollments).where(eq(appleEnrollments.deviceId, deviceId))
    expect(bound).toMatchObject({ udid: phone.udid, checkedOutAt: null })
    const lock = await h.call('POST', '/myDevice/oneClickLockDown', { token: boss, json: { deviceId } })
    expect(lock.body.code).toBe(200)
    expect(await phone.checkIn()).toBe(1)
    expect(phone.state.locked).toBe(true)
    expect((await tasksOf(h, deviceId)).map((t) => t.status)).toEqual(['DONE'])
  })

  it('a registration the victim made first does not move, and its real phone then enrolls into it', async () => {
    await setIosQuota(h, h.demo.bossCompanyId, 5)
    const registered = await h.call('POST', '/myDevice/add', { token: boss, json: { serialNumber: 'VICTIMIOS2' } })
    expect(registered.body.code).toBe(200)
    const victimDevice = registered.body.data.id as number
    const attacker = await makeTenant(h, { tag: 'attacker', quota: { IOS: 10 }, signIn: true })
    const realUdid = 'REAL-PHONE-UDID-0002'
    // The attacker enrolls first, with the victim's serial and the real phone's UDID.
    const fake = await iphone(h, attacker.token, { serialNumber: 'VICTIMIOS2', udid: realUdid, rewriteUrl: toTestApp })
    await fake.enroll({ checkIn: false })
    expect(await row(victimDevice)).toMatchObject({ companyId: h.demo.bossCompanyId, recycleStatus: false, enrolledAt: null })
    expect(await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'device.release'))).toEqual([])

    const { deviceId } = await enrolledIphone(h, boss, { serialNumber: 'VICTIMIOS2', udid: realUdid })
    expect(deviceId).toBe(victimDevice)
  })
})

const toTestApp = (url: string) => url.replace(/^https?:\/\/[^/]+/, 'http://mdm.test')
