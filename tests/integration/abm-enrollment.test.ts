import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import forge from 'node-forge'
import { parse } from 'plist'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { testConfig } from '../../src/server/config'
import { abmDevices, abmLinks } from '../../src/server/db/schema-abm'
import { appleEnrollments, appleIdentities, companies, devices, quotaRecords } from '../../src/server/db/schema'
import { DEP_ENROLL_PATH } from '../../src/server/protocol/apple/profile'
import { identityFromProfile, SimulatedIphone } from '../../src/sim/iphone'
import { startAbmSimulator } from '../../src/sim/abm'
import { cloudConfigurationOf, OutOfBoxIphone, simulatedAppleDeviceCa, type BinaryFetch, type CloudConfiguration } from '../../src/sim/iphone-dep'
import { harnessForFile } from './harness'
import { iosDetail, iosQuota, iphoneFetch, sendAndRun, setIosQuota, tasksOf, toTestApp } from './apple-helpers'
import { makeDevice } from './org-builders'

/**
 * Issue #42, automated enrollment: a simulated out-of-box iPhone (src/sim/iphone-dep.ts) whose MachineInfo is signed
 * under a simulated Apple root, which the server is told to trust (MDM_APPLE_DEP_ROOTS_FILE), against the simulated
 * ABM (src/sim/abm.ts) that the company links and syncs for real in the journey.
 */
const apple = simulatedAppleDeviceCa()
const rootsDir = mkdtempSync(path.join(tmpdir(), 'mdm-dep-roots-'))
writeFileSync(path.join(rootsDir, 'roots.pem'), apple.rootPem)
const abmSim = await startAbmSimulator()
afterAll(() => abmSim.stop())
const h = harnessForFile({ apple: { ...testConfig().apple, publicUrl: 'http://mdm.test', depRootsFile: path.join(rootsDir, 'roots.pem'), abmUrl: abmSim.url } })

/** The cloud configuration ABM gives every assigned phone of these tests (issue #42: the company's profile). */
const cloud: CloudConfiguration = { url: `http://mdm.test/mdm/apple${DEP_ENROLL_PATH}`, isSupervised: true, awaitDeviceConfigured: true }

let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
  await setIosQuota(h, h.demo.bossCompanyId, 5)
})

let serial = 0
const nextSerial = () => `DEPX${String(++serial).padStart(8, '0')}`

/**
 * What a linked company's ABM sync leaves for a serial assigned to its MDM server, written directly: the link, the
 * abm_devices row and (`pending`) the company's device record shown as 待激活, which consumed no quota. The journey
 * below links and syncs for real.
 */
async function inAbm(companyId: number, serialNumber: string, o: { pending?: boolean; removed?: boolean; deviceId?: number } = {}) {
  await h.database.db
    .insert(abmLinks)
    .values({ companyId, certificatePem: 'test', privateKeySealed: 'test', tokenSealed: h.services.secrets.seal('{}') })
    .onConflictDoNothing()
  const device = o.pending ? await makeDevice(h, { companyId, platform: 'IOS', serialNumber }) : undefined
  const [row] = await h.database.db
    .insert(abmDevices)
    .values({ companyId, serialNumber, model: 'iPhone 15', profileStatus: 'assigned', deviceId: device?.id ?? o.deviceId, ...(o.removed ? { removedAt: new Date() } : {}) })
    .returning()
  return row
}

/** The app's own handler as the phone's HTTP client (its MachineInfo is a binary body). */
const appFetch = (): BinaryFetch => {
  const app = createApp(h.services)
  return (input, init) => Promise.resolve(app.request(input, init as RequestInit))
}

function outOfBox(serialNumber: string, o: { udid?: string; cloud?: CloudConfiguration | null } = {}) {
  return new OutOfBoxIphone({
    serialNumber,
    deviceCa: apple,
    cloudConfiguration: () => (o.cloud === undefined ? cloud : o.cloud),
    fetch: appFetch(),
    rewriteUrl: toTestApp,
    ...(o.udid ? { udid: o.udid } : {}),
  })
}

async function stored() {
  const db = h.database.db
  return {
    identities: (await db.select().from(appleIdentities)).length,
    devices: (await db.select().from(devices)).length,
    enrollments: (await db.select().from(appleEnrollments)).length,
    records: (await db.select().from(quotaRecords)).length,
  }
}

const abmRow = async (id: number) => (await h.database.db.select().from(abmDevices).where(eq(abmDevices.id, id)))[0]

describe('the enrollment URL', () => {
  it('answers a signed MachineInfo of an owned serial with its company’s enrollment profile, whose identity speaks for that serial only', async () => {
    const serialNumber = nextSerial()
    const abm = await inAbm(h.demo.eastCompanyId, serialNumber)
    const before = await stored()
    const res = await outOfBox(serialNumber).requestProfile()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/x-apple-aspen-config')
    const text = await res.text()
    const [east] = await h.database.db.select().from(companies).where(eq(companies.id, h.demo.eastCompanyId))
    expect((parse(text) as Record<string, unknown>).PayloadOrganization).toBe(east.name)
    // The same profile as a download: an identity of the server's CA, the check-in and command URLs.
    const { identity, mdm } = identityFromProfile(text)
    expect(mdm).toMatchObject({ CheckInURL: 'http://mdm.test/mdm/apple/checkin', ServerURL: 'http://mdm.test/mdm/apple/server', SignMessage: true })
    expect(h.services.appleCa.verifyIssued(forge.pki.certificateToPem(identity.certificate))).not.toBeNull()
    const [row] = await h.database.db.select().from(appleIdentities)
    expect(row).toMatchObject({ companyId: h.demo.eastCompanyId, createdBy: null })
    expect(await stored()).toEqual({ ...before, identities: before.identities + 1 })

    // Its identity cannot speak for another serial, nor enroll its own once ABM released it: 401 / 403, nothing stored.
    const issued = await stored()
    const impostor = new SimulatedIphone({ profile: text, identity, serialNumber: nextSerial(), fetch: iphoneFetch(h), rewriteUrl: toTestApp })
    await expect(impostor.enroll()).rejects.toThrow(/401/)
    await h.database.db.update(abmDevices).set({ disownedAt: new Date() }).where(eq(abmDevices.id, abm.id))
    const released = new SimulatedIphone({ profile: text, identity, serialNumber, fetch: iphoneFetch(h), rewriteUrl: toTestApp })
    await expect(released.enroll()).rejects.toThrow(/403/)
    expect(await stored()).toEqual(issued)
  })

  it('refuses (403, nothing stored) an unknown serial, a bad signature, a serial only in another company’s list or removed from ABM', async () => {
    const owned = nextSerial()
    await inAbm(h.demo.bossCompanyId, owned)
    const registered = nextSerial()
    await makeDevice(h, { companyId: h.demo.eastCompanyId, platform: 'IOS', serialNumber: registered })
    const removed = nextSerial()
    await inAbm(h.demo.eastCompanyId, removed, { removed: true })
    const before = await stored()
    const phone = outOfBox(owned)
    const stranger = simulatedAppleDeviceCa()
    const refusals = [
      await outOfBox(nextSerial()).requestProfile(),
      await outOfBox(registered).requestProfile(),
      await outOfBox(removed).requestProfile(),
      // Signed by a phone of another "Apple", or by no chain at all.
      await phone.requestProfile(phone.signedMachineInfo({ signer: stranger.issueDeviceIdentity(phone.udid), chain: [stranger.intermediate.certificate] })),
      await phone.requestProfile(phone.signedMachineInfo({ signer: phone.deviceIdentity, chain: [] })),
      await phone.requestProfile(Buffer.from(phone.signedMachineInfo().toString('binary').replace(owned, nextSerial()), 'binary')),
      await phone.requestProfile(Buffer.from('not a signature')),
    ]
    for (const res of refusals) {
      expect(res.status).toBe(403)
      expect(res.headers.get('content-type')).toContain('application/json')
      expect((await res.json()).msg).toMatch(/ABM|签名/)
    }
    expect(await stored()).toEqual(before)
  })
})

describe('the out-of-box iPhone', () => {
  it('enrolls through ABM, awaits configuration, gets DeviceConfigured, is supervised, consumes quota once and takes lost mode', async () => {
    // The company links its ABM server, whose list holds the phone: the sync records it (待激活) and assigns the profile.
    const serialNumber = nextSerial()
    const serverName = `DEP ${serialNumber}`
    abmSim.addDevices([{ serial_number: serialNumber, model: 'iPhone 15', color: 'BLACK' }], { serverName })
    const certificate = (await h.call('GET', '/mdm/api/v1/abm/publicKey', { token: boss })).text
    const linked = await h.call('POST', '/mdm/api/v1/abm/token', { token: boss, json: { token: abmSim.issueToken(certificate, { serverName }) } })
    expect(linked.body.data).toMatchObject({ linked: true, deviceCount: 1, enrolledCount: 0 })
    const [abm] = await h.database.db.select().from(abmDevices).where(eq(abmDevices.serialNumber, serialNumber))
    expect(abm.deviceId).not.toBeNull()
    const quotaBefore = (await iosQuota(h, h.demo.bossCompanyId)).remainingQuantity
    // Apple's activation hands the phone the profile ABM assigned its serial: its url is this server's enrollment URL.
    expect(cloudConfigurationOf(abmSim, serialNumber)).toEqual(cloud)
    const box = outOfBox(serialNumber, { cloud: cloudConfigurationOf(abmSim, serialNumber) })
    const phone = await box.activate({ checkIn: false })

    // Authenticate made the sync's record (待激活) the device, consuming one unit now; the phone waits in Setup Assistant.
    expect((await iosQuota(h, h.demo.bossCompanyId)).remainingQuantity).toBe(quotaBefore - 1)
    const waiting = await abmRow(abm.id)
    expect(waiting).toMatchObject({ deviceId: abm.deviceId, awaitingConfiguration: true })
    expect(waiting.enrolledAt).not.toBeNull()
    const queued = await tasksOf(h, abm.deviceId!, { all: true })
    expect(queued.map((t) => `${t.type}:${t.status}`)).toEqual(['deviceInformation:QUEUED', 'deviceConfigured:QUEUED'])

    // The push makes it check in: the first commands, then DeviceConfigured, and it leaves Setup Assistant.
    await phone.checkIn()
    expect(phone.log.map((l) => `${l.requestType}:${l.status}`)).toEqual(['DeviceInformation:Acknowledged', 'DeviceConfigured:Acknowledged'])
    expect(phone.awaitingConfiguration).toBe(false)
    expect((await abmRow(abm.id)).awaitingConfiguration).toBe(false)
    const [row] = await h.database.db.select().from(devices).where(eq(devices.id, abm.deviceId!))
    expect(row.state).toMatchObject({ abm: true, awaitingConfiguration: false, supervised: true, mdmEnrolled: true })
    const detail = (await iosDetail(h, boss, abm.deviceId!)).data
    expect(detail).toMatchObject({ serialNumber, enrolled: true, supervised: true, udid: box.udid, abmEnrolled: true, awaitingConfiguration: false })

    // A TokenUpdate no longer awaiting queues nothing more.
    await phone.send('CheckInURL', phone.tokenUpdateMessage())
    expect((await tasksOf(h, abm.deviceId!, { all: true })).filter((t) => t.type === 'deviceConfigured')).toHaveLength(1)

    // A supervised phone: lost mode reaches it.
    const lost = await sendAndRun(h, boss, phone, 'enableLostMode', abm.deviceId!, { message: '此手机已丢失', phoneNumber: '13800000000' })
    expect(lost.task.status).toBe('DONE')
    expect(phone.lockScreen).toEqual({ message: '此手机已丢失', phoneNumber: '13800000000' })

    // Set up again through ABM (after its enrollment ended): the same device, the unit is not consumed twice.
    expect((await phone.checkOut()).status).toBe(200)
    const again = await outOfBox(serialNumber, { udid: box.udid }).activate()
    expect(again.log.map((l) => l.requestType)).toContain('DeviceConfigured')
    expect((await iosQuota(h, h.demo.bossCompanyId)).remainingQuantity).toBe(quotaBefore - 1)
    expect((await h.database.db.select().from(devices).where(eq(devices.serialNumber, serialNumber))).length).toBe(1)
  })

  it('takes no second unit for a record the company registered (and paid for) before ABM listed it', async () => {
    const serialNumber = nextSerial()
    const added = await h.call('POST', '/myDevice/add', { token: boss, json: { serialNumber } })
    expect(added.body.code).toBe(200)
    const [record] = await h.database.db.select().from(devices).where(eq(devices.serialNumber, serialNumber))
    // The sync keeps the company's own record and links it (modules/abm/devices.ts).
    const abm = await inAbm(h.demo.bossCompanyId, serialNumber, { deviceId: record.id })
    const quotaBefore = (await iosQuota(h, h.demo.bossCompanyId)).remainingQuantity
    await outOfBox(serialNumber).activate({ checkIn: false })
    expect((await iosQuota(h, h.demo.bossCompanyId)).remainingQuantity).toBe(quotaBefore)
    expect((await abmRow(abm.id)).enrolledAt).not.toBeNull()
  })
})
