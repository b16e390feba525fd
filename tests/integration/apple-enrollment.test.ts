import { spawnSync } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import forge from 'node-forge'
import { build, parse } from 'plist'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { appleEnrollments, appleIdentities, devices, quotaRecords } from '../../src/server/db/schema'
import { identityFromProfile } from '../../src/sim/iphone'
import { harnessForFile } from './harness'
import { deviceOf, downloadProfile, iosQuota, iphone, setIosQuota, tasksOf } from './apple-helpers'
import { makeDevice, makeTenant } from './org-builders'
import { testConfig } from '../../src/server/config'

const h = harnessForFile({ apple: { ...harnessApple() } })

function harnessApple() {
  return { ...testConfig().apple, publicUrl: 'http://mdm.test', caDir: '', identitySource: 'signature' as const, clientCertHeader: 'X-Ssl-Client-Cert', apnsCertFile: undefined, apnsKeyFile: undefined, apnsUrl: 'https://api.push.apple.com' }
}

let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
  await setIosQuota(h, h.demo.bossCompanyId, 5)
})

async function counts() {
  const db = h.database.db
  return {
    devices: (await db.select().from(devices)).length,
    enrollments: (await db.select().from(appleEnrollments)).length,
    records: (await db.select().from(quotaRecords)).length,
  }
}

describe('enrollment profile', () => {
  it('is a .mobileconfig with a PKCS#12 identity issued by the CA and the com.apple.mdm payload', async () => {
    const app = (await import('../../src/server/app')).createApp(h.services)
    const res = await app.request('/mdm/api/v1/myDevice/enrollmentProfile', { headers: { authorization: `Bearer ${boss}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/x-apple-aspen-config')
    const text = await res.text()
    const root = parse(text) as Record<string, unknown>
    expect(root.PayloadType).toBe('Configuration')
    const { identity, mdm } = identityFromProfile(text)
    expect(mdm).toMatchObject({
      PayloadType: 'com.apple.mdm',
      ServerURL: 'http://mdm.test/mdm/apple/server',
      CheckInURL: 'http://mdm.test/mdm/apple/checkin',
      Topic: 'com.apple.mgmt.External.not-configured',
      SignMessage: true,
      AccessRights: 8191,
      CheckOutWhenRemoved: true,
    })
    const pem = forge.pki.certificateToPem(identity.certificate)
    expect(h.services.appleCa.verifyIssued(pem)).not.toBeNull()
    // The identity is bound to the company that downloaded it.
    const [row] = await h.database.db.select().from(appleIdentities)
    expect(row.companyId).toBe(h.demo.bossCompanyId)
    expect(row.serialNumber).toBe(new X509Certificate(pem).serialNumber)
    // Each download is a new identity.
    const again = identityFromProfile(await downloadProfile(h, boss))
    expect(again.identity.certificate.serialNumber).not.toBe(identity.certificate.serialNumber)
  })

  it('is for company accounts only', async () => {
    const staff = await h.login('demo-staff')
    const res = await h.call('GET', '/myDevice/enrollmentProfile', { token: staff })
    expect(res.status).toBe(403)
    const admin = await h.login('admin')
    expect((await h.call('GET', '/myDevice/enrollmentProfile', { token: admin })).body.code).toBe(403)
    expect((await h.database.db.select().from(appleIdentities)).length).toBe(0)
  })
})

describe('check-in', () => {
  it('Authenticate creates the device and consumes one iOS unit; TokenUpdate stores the push token and the sealed UnlockToken', async () => {
    const phone = await iphone(h, boss)
    await phone.enroll()
    const { device, enrollment } = await deviceOf(h, phone)
    expect(device).toMatchObject({ companyId: h.demo.bossCompanyId, platform: 'IOS', serialNumber: phone.authenticateMessage().SerialNumber, model: 'iPhone15,2', osVersion: '17.5.1' })
    expect(device.state).toMatchObject({ mdmEnrolled: true, udid: phone.udid })
    expect(device.enrolledAt).not.toBeNull()
    expect(enrollment.pushToken).toBe(phone.pushToken.toString('hex'))
    expect(enrollment.pushMagic).toBeTruthy()
    expect(enrollment.unlockToken).not.toContain(Buffer.from(`unlock-${phone.udid}`).toString('base64'))
    expect(Buffer.from(h.services.secrets.open(enrollment.unlockToken!), 'base64').toString()).toBe(`unlock-${phone.udid}`)
    expect((await iosQuota(h, h.demo.bossCompanyId)).remainingQuantity).toBe(4)
    const records = await h.database.db.select().from(quotaRecords).where(eq(quotaRecords.deviceId, device.id))
    expect(records).toMatchObject([{ kind: 'CONSUME', quantity: -1, quotaType: 'IOS' }])
  })

  it('links a serial registered beforehand in the same company without consuming quota; another company’s is its own device', async () => {
    const pre = await makeDevice(h, { platform: 'IOS', serialNumber: 'PREREG0001', renterName: '张三' })
    const phone = await iphone(h, boss, { serialNumber: 'PREREG0001' })
    await phone.enroll()
    expect((await deviceOf(h, phone)).device).toMatchObject({ id: pre.id, renterName: '张三' })
    expect((await iosQuota(h, h.demo.bossCompanyId)).remainingQuantity).toBe(5)

    // docs/serials.md: the serial a message names is not proven; another company's profile naming it gets a device of
    // its own there, as for a serial nobody has, and the enrolled one is untouched.
    const other = await makeTenant(h, { quota: { IOS: 5 }, signIn: true })
    const foreign = await iphone(h, other.token, { serialNumber: 'PREREG0001' })
    await foreign.enroll()
    expect((await deviceOf(h, foreign)).device).toMatchObject({ companyId: other.companyId, serialNumber: 'PREREG0001' })
    expect((await iosQuota(h, other.companyId)).remainingQuantity).toBe(4)
    expect((await deviceOf(h, phone)).device).toMatchObject({ id: pre.id, companyId: h.demo.bossCompanyId })
  })

  it('asks a phone what it is at its first token: an iPhone’s Authenticate names nothing, and keeps what is stored', async () => {
    const pre = await makeDevice(h, { platform: 'IOS', serialNumber: 'PREREG0002', name: '前台备用机', osVersion: '16.0' })
    const phone = await iphone(h, boss, { serialNumber: 'PREREG0002', deviceName: '张三的 iPhone', productName: 'iPhone16,1' })
    const pushes: string[] = []
    const push = vi.spyOn(h.services.apns, 'push').mockImplementation((target) => (pushes.push(target.token), Promise.resolve('sent' as const)))
    try {
      // Apple's schema: DeviceName, ModelName and Model are macOS's; the stored name stays, the reported rest is taken.
      expect(phone.authenticateMessage()).not.toHaveProperty('DeviceName')
      await phone.enroll({ checkIn: false })
      expect((await deviceOf(h, phone)).device).toMatchObject({ id: pre.id, name: '前台备用机', model: 'iPhone16,1', osVersion: '17.5.1' })
      // The first token queues one DeviceInformation of the server's own and wakes the phone for it.
      const queued = await tasksOf(h, pre.id, { all: true })
      expect(queued).toMatchObject([{ type: 'deviceInformation', status: 'QUEUED', createdBy: null, payload: { requestType: 'DeviceInformation' } }])
      expect(pushes).toEqual([phone.pushToken.toString('hex')])
      expect(await phone.checkIn()).toBe(1)
      // The answer's IMEI (from its SIM's subscription, as iOS 16+ answers); the typed name stays.
      expect((await deviceOf(h, phone)).device).toMatchObject({ name: '前台备用机', model: 'iPhone16,1', imei: phone.imei.replace(/ /g, '') })
      // A later token (APNs renews them) asks nothing more.
      await phone.send('CheckInURL', phone.tokenUpdateMessage())
      expect(await tasksOf(h, pre.id, { all: true })).toHaveLength(1)
      expect(pushes).toHaveLength(1)
      // A phone nobody named takes the name it answers with.
      const unnamed = await iphone(h, boss, { deviceName: '李四的 iPhone' })
      await unnamed.enroll()
      expect((await deviceOf(h, unnamed)).device.name).toBe('李四的 iPhone')
    } finally {
      push.mockRestore()
    }
  })

  it('refuses a new device with nothing stored when no iOS quota is left', async () => {
    await setIosQuota(h, h.demo.bossCompanyId, 0)
    const before = await counts()
    const phone = await iphone(h, boss)
    const res = await phone.send('CheckInURL', phone.authenticateMessage())
    expect(res.status).toBe(400)
    expect(await counts()).toEqual(before)
  })

  it('joins the company the profile was issued for, and a profile of another company cannot take over an enrolled UDID', async () => {
    const other = await makeTenant(h, { quota: { IOS: 5 }, signIn: true })
    const phone = await iphone(h, boss)
    await phone.enroll()
    const before = await deviceOf(h, phone)
    // Its Authenticate is answered as any new phone's (docs/serials.md): an enrollment of its own in its company.
    const intruder = await iphone(h, other.token, { udid: phone.udid, serialNumber: 'OTHERSERIAL1' })
    expect((await intruder.send('CheckInURL', intruder.authenticateMessage())).status).toBe(200)
    expect((await deviceOf(h, intruder)).device.companyId).toBe(other.companyId)
    expect(await deviceOf(h, phone)).toEqual(before)
    const theirs = await iphone(h, other.token)
    await theirs.enroll()
    expect((await deviceOf(h, theirs)).device.companyId).toBe(other.companyId)
    expect((await iosQuota(h, other.companyId)).remainingQuantity).toBe(3)
  })

  it('refuses unsigned messages, another device identity and certificates this CA did not issue; nothing changes', async () => {
    const phone = await iphone(h, boss)
    await phone.enroll()
    const other = await iphone(h, boss)
    await other.enroll()
    const before = await deviceOf(h, phone)

    expect((await phone.send('CheckInURL', phone.tokenUpdateMessage(), null)).status).toBe(401)
    expect((await phone.send('ServerURL', { Status: 'Idle', UDID: phone.udid }, null)).status).toBe(401)
    // Another enrolled device's identity speaking for this UDID.
    expect((await phone.send('CheckInURL', { ...phone.tokenUpdateMessage(), PushMagic: 'stolen' }, other.identity)).status).toBe(401)
    expect((await phone.send('CheckInURL', { MessageType: 'CheckOut', UDID: phone.udid, Topic: phone.topic }, other.identity)).status).toBe(401)
    // A self-made certificate with the same subject: not issued by this server's CA.
    const keys = forge.pki.rsa.generateKeyPair(1024)
    const fake = forge.pki.createCertificate()
    fake.publicKey = keys.publicKey
    fake.serialNumber = '01'
    fake.validity.notBefore = new Date(Date.now() - 60_000)
    fake.validity.notAfter = new Date(Date.now() + 86400_000)
    fake.setSubject(phone.identity.certificate.subject.attributes)
    fake.setIssuer(phone.identity.certificate.issuer.attributes)
    fake.sign(keys.privateKey, forge.md.sha256.create())
    expect((await phone.send('ServerURL', { Status: 'Idle', UDID: phone.udid }, { certificate: fake, key: keys.privateKey })).status).toBe(401)
    expect((await phone.send('CheckInURL', { ...phone.authenticateMessage(), SerialNumber: 'FAKE1' }, { certificate: fake, key: keys.privateKey })).status).toBe(401)
    // A signature over another body.
    const res = await h.call('PUT', '/mdm/apple/server', {
      body: '<?xml version="1.0"?><plist version="1.0"><dict><key>Status</key><string>Idle</string></dict></plist>',
      headers: { 'mdm-signature': (await import('../../src/sim/iphone')).mdmSignature(phone.identity, 'other body') },
    })
    expect(res.status).toBe(401)
    expect(await deviceOf(h, phone)).toEqual(before)
  })

  it('accepts an Mdm-Signature made by openssl cms, the way a device makes it', async () => {
    const phone = await iphone(h, boss)
    await phone.enroll()
    const dir = mkdtempSync(path.join(tmpdir(), 'mdm-sig-'))
    try {
      const body = build({ Status: 'Idle', UDID: phone.udid })
      writeFileSync(path.join(dir, 'body'), body)
      writeFileSync(path.join(dir, 'cert.pem'), forge.pki.certificateToPem(phone.identity.certificate))
      writeFileSync(path.join(dir, 'key.pem'), forge.pki.privateKeyToPem(phone.identity.key as forge.pki.rsa.PrivateKey))
      const signed = spawnSync('openssl', ['cms', '-sign', '-binary', '-outform', 'DER', '-in', 'body', '-signer', 'cert.pem', '-inkey', 'key.pem'], { cwd: dir })
      expect(signed.status).toBe(0)
      const signature = signed.stdout.toString('base64')
      expect((await h.call('PUT', '/mdm/apple/server', { body, headers: { 'mdm-signature': signature } })).status).toBe(200)
      // The same signature over a changed body is refused.
      expect((await h.call('PUT', '/mdm/apple/server', { body: body.replace('Idle', 'Idle '), headers: { 'mdm-signature': signature } })).status).toBe(401)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('CheckOut ends the enrollment: later messages are refused', async () => {
    const phone = await iphone(h, boss)
    await phone.enroll()
    expect((await phone.checkOut()).status).toBe(200)
    const { device, enrollment } = await deviceOf(h, phone)
    expect(enrollment.checkedOutAt).not.toBeNull()
    expect(device.state).toMatchObject({ mdmEnrolled: false })
    expect((await phone.send('ServerURL', { Status: 'Idle', UDID: phone.udid })).status).toBe(401)
  })

  it('accepts the forwarded client certificate when so configured', async () => {
    const phone = await iphone(h, boss)
    await phone.enroll()
    h.services.config.apple.identitySource = 'client-cert'
    try {
      const pem = forge.pki.certificateToPem(phone.identity.certificate)
      const body = '<?xml version="1.0"?><plist version="1.0"><dict><key>Status</key><string>Idle</string><key>UDID</key><string>' + phone.udid + '</string></dict></plist>'
      expect((await h.call('PUT', '/mdm/apple/server', { body, headers: { 'x-ssl-client-cert': encodeURIComponent(pem) } })).status).toBe(200)
      expect((await h.call('PUT', '/mdm/apple/server', { body, headers: { 'x-ssl-client-cert': 'garbage' } })).status).toBe(401)
    } finally {
      h.services.config.apple.identitySource = 'signature'
    }
  })
})
