import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { testConfig } from '../../src/server/config'
import { activationLockCodes } from '../../src/server/db/schema-abm'
import { bypassCodeFromText, bypassCodeHash } from '../../src/server/modules/abm/albc'
import { appleMdmText } from '../../src/shared/messages/apple'
import { activationLockText } from '../../src/shared/messages/activation-lock'
import { startAbmSimulator } from '../../src/sim/abm'
import { startDeviceServicesSimulator } from '../../src/sim/device-services'
import { harnessForFile, type Harness } from './harness'
import { enrolledIphone, queue, tasksOf } from './apple-helpers'
import { pushCertificate } from './push-certificate'
import { secondaryPasswordFor } from './secondary-helpers'

/**
 * Issue #42, 删除激活锁 end to end: the bypass code escrowed where Apple takes it (with ABM at 下发激活锁 for a phone ABM
 * lists; the phone's own code read with ActivationLockBypassCode otherwise), kept sealed, and the lock removed at
 * Apple's (simulated) device services, which take the push certificate as TLS client identity and check the code
 * against the hashes Apple holds. Without an ABM link the command still answers 未配置苹果商务管理（ABM）服务.
 */
const abm = await startAbmSimulator()
const ds = await startDeviceServicesSimulator({ abm })
const push = pushCertificate()
ds.trustedClients.push(push.certificatePem)
const dir = mkdtempSync(path.join(tmpdir(), 'abm-al-'))
for (const [name, text] of [['push.pem', push.certificatePem], ['push.key', push.privateKeyPem], ['ds-ca.pem', ds.caPem]]) writeFileSync(path.join(dir, name), text)
afterAll(async () => {
  await Promise.all([abm.stop(), ds.stop()])
  rmSync(dir, { recursive: true, force: true })
})
const h: Harness = harnessForFile({
  apple: {
    ...testConfig().apple,
    abmUrl: abm.url,
    deviceServicesUrl: ds.url,
    deviceServicesCaFile: path.join(dir, 'ds-ca.pem'),
    apnsCertFile: path.join(dir, 'push.pem'),
    apnsKeyFile: path.join(dir, 'push.key'),
    // No APNs here: a push to nowhere fails at once, and the phones check in by themselves.
    apnsUrl: 'https://127.0.0.1:9',
  },
  commandAnswerWaitMs: 5000,
})

let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})

const api = (method: string, p: string, json?: unknown) => h.call(method, `/mdm/api/v1${p}`, { token: boss, json })
const codeRow = async (deviceId: number) => (await h.database.db.select().from(activationLockCodes).where(eq(activationLockCodes.deviceId, deviceId)))[0]
const askedCode = async (deviceId: number) =>
  (await tasksOf(h, deviceId)).filter((t) => (t.payload as { requestType?: string }).requestType === 'ActivationLockBypassCode')

/** Links the demo company to an MDM server of the simulated organisation listing `serials`, and syncs. */
async function linkAbm(...serials: string[]) {
  abm.addDevices(serials.map((serial_number) => ({ serial_number })))
  const cert = (await api('GET', '/abm/publicKey')).text
  expect((await api('POST', '/abm/token', { token: abm.issueToken(cert, { orgName: '示例租赁' }) })).body.code).toBe(200)
  expect((await api('POST', '/abm/sync')).body.code).toBe(200)
}

// One journey (one sign-in, two phones): each step is a state the next builds on.
describe('删除激活锁', () => {
  it('not configured without ABM; with ABM the server code escrowed at 下发激活锁, else the phone\'s own, unlock at device services', async () => {
    // 1. No ABM link: the answer is still that ABM is not configured, and Apple is not called.
    const own = await enrolledIphone(h, boss, { serialNumber: 'ALOWN0001' })
    expect((await queue(h, boss, 'disableActivationLock', own.deviceId)).body.msg).toBe(appleMdmText.webServiceNotConfigured(appleMdmText.disableActivationLock))
    expect(ds.requests).toHaveLength(0)

    // 2. A phone ABM lists: 下发激活锁 escrows the server's code with ABM (its hash) before the lock is on; sealed here.
    await linkAbm('ALABM0001')
    const { phone, deviceId } = await enrolledIphone(h, boss, { serialNumber: 'ALABM0001' })
    expect((await queue(h, boss, 'activationLock', deviceId)).body.code).toBe(200)
    const escrowed = abm.escrowKeys.get('ALABM0001')
    expect(escrowed).toMatch(/^[0-9a-f]{64}$/)
    const row = await codeRow(deviceId)
    expect(row).toMatchObject({ source: 'SERVER', removedAt: null })
    const code = h.services.secrets.open(row.codeSealed)
    expect(row.codeSealed).not.toContain(code)
    expect(bypassCodeHash(bypassCodeFromText(code)!)).toBe(escrowed)
    await phone.checkIn()
    expect(phone.state.activationLockAllowed).toBe(true)

    // 3. The user turned Find My on; 删除激活锁 unlocks with the escrowed code, the push certificate as TLS identity.
    ds.lock('ALABM0001')
    expect((await queue(h, boss, 'disableActivationLock', deviceId)).body).toMatchObject({ code: 200 })
    expect(ds.locked.has('ALABM0001')).toBe(false)
    const call = ds.requests.at(-1)!
    expect(call).toMatchObject({ status: 200, query: { serial: 'ALABM0001', productType: 'iPhone15,2' }, form: { orgName: '示例租赁', guid: 'demo', escrowKey: code } })
    expect(call.query.imei).toMatch(/^\d{15}$/)
    expect(call.clientCertificate?.replace(/\s/g, '')).toBe(push.certificatePem.replace(/\s/g, ''))
    expect((await codeRow(deviceId)).removedAt).not.toBeNull()
    expect(await askedCode(deviceId)).toHaveLength(0) // the escrowed code worked: the phone was not asked

    // 3b. 查看激活锁密码 of a phone that has no code of its own to give: the escrowed code is the password.
    const ownCode = phone.state.bypassCode
    phone.state.bypassCode = ''
    const showing = h.call('POST', '/myDevice/showActivationLockPassword', { token: boss, json: { deviceId, ...(await secondaryPasswordFor(h, boss, 'showActivationLockPassword')) } })
    await waitForQuestion(deviceId)
    await phone.checkIn()
    expect((await showing).body.data.password).toBe(code)
    phone.state.bypassCode = ownCode

    // 4. A phone ABM does not list (the first one): the phone's own code is asked for, kept sealed in its task, and unlocks.
    ds.lock('ALOWN0001', { bypassCodes: [own.phone.state.bypassCode] })
    const asking = queue(h, boss, 'disableActivationLock', own.deviceId)
    await waitForQuestion(own.deviceId)
    await own.phone.checkIn()
    expect((await asking).body).toMatchObject({ code: 200 })
    expect(ds.requests.at(-1)).toMatchObject({ status: 200, form: { escrowKey: own.phone.state.bypassCode } })
    expect(ds.locked.has('ALOWN0001')).toBe(false)
    expect(JSON.stringify((await askedCode(own.deviceId))[0].result)).not.toContain(own.phone.state.bypassCode)
    expect(await codeRow(own.deviceId)).toMatchObject({ source: 'DEVICE' })

    // 5. Apple holds neither code's hash (ABM's escrow gone, another phone's code): both are tried, Apple's answer shown.
    abm.escrowKeys.delete('ALABM0001')
    ds.lock('ALABM0001', { bypassCodes: [own.phone.state.bypassCode] })
    const before = ds.requests.length
    const refused = queue(h, boss, 'disableActivationLock', deviceId)
    await waitForQuestion(deviceId)
    await phone.checkIn()
    expect((await refused).body.msg).toBe(activationLockText.refused('400 escrow key does not match'))
    expect(ds.requests.slice(before).map((r) => r.form.escrowKey)).toEqual([code, ownCode])
    expect(ds.locked.has('ALABM0001')).toBe(true)
    expect((await codeRow(deviceId)).lastError).toBe('400 escrow key does not match')
  }, 60_000)
})

/** Until the server has queued its ActivationLockBypassCode question for the device. */
async function waitForQuestion(deviceId: number) {
  for (let i = 0; i < 100; i += 1) {
    if ((await askedCode(deviceId)).some((t) => t.status === 'QUEUED')) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the server never asked the phone')
}
