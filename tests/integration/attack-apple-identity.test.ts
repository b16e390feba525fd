import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { appleEnrollments } from '../../src/server/db/schema'
import { deviceOf, downloadProfile, enrolledIphone, identityFingerprint, iphone, setIosQuota, tasksOf } from './apple-helpers'
import { harnessForFile } from './harness'
import { testConfig } from '../../src/server/config'

/**
 * Issue 41 item 8 (docs/security-devices.md): a second profile downloaded by the same company authenticated with an
 * enrolled phone's UDID; the real phone was cut off and the attacker received its commands. A UDID bound to an
 * identity stays bound until the phone checks out, or the company takes the device out of use (its recycle bin).
 */
const h = harnessForFile({ apple: { ...testConfig().apple, publicUrl: 'http://mdm.test', caDir: '', identitySource: 'signature', clientCertHeader: 'X-Ssl-Client-Cert', apnsCertFile: undefined, apnsKeyFile: undefined, apnsUrl: 'https://api.push.apple.com' } })

let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
  await setIosQuota(h, h.demo.bossCompanyId, 5)
})

const toTestApp = (url: string) => url.replace(/^https?:\/\/[^/]+/, 'http://mdm.test')

/** The company's second profile, on the attacker's "phone" that names the real one's UDID and serial. */
async function impostorOf(real: { udid: string; serial: string }, udid = real.udid) {
  return iphone(h, boss, { profile: await downloadProfile(h, boss), udid, serialNumber: real.serial, rewriteUrl: toTestApp })
}

const enrollmentsOf = (deviceId: number) => h.database.db.select().from(appleEnrollments).where(eq(appleEnrollments.deviceId, deviceId))

describe('a second profile of the same company speaking for an enrolled phone', () => {
  it('is refused at Authenticate, TokenUpdate and the command endpoint; the real phone keeps its binding and its commands', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss, { serialNumber: 'TAKEOVER01' })
    const before = await enrollmentsOf(deviceId)
    const impostor = await impostorOf({ udid: phone.udid, serial: 'TAKEOVER01' })

    expect((await impostor.send('CheckInURL', impostor.authenticateMessage())).status).toBe(401)
    expect((await impostor.send('CheckInURL', impostor.tokenUpdateMessage())).status).toBe(401)
    expect((await impostor.send('ServerURL', { Status: 'Idle', UDID: phone.udid })).status).toBe(401)
    expect(await enrollmentsOf(deviceId)).toEqual(before)
    expect(before[0].identityFingerprint).toBe(identityFingerprint(phone))

    // The real phone is not cut off: the next command goes to it, not to the impostor.
    const lock = await h.call('POST', '/myDevice/oneClickLockDown', { token: boss, json: { deviceId } })
    expect(lock.body.code).toBe(200)
    expect(await phone.checkIn()).toBe(1)
    expect(phone.state.locked).toBe(true)
    expect((await tasksOf(h, deviceId)).map((t) => t.status)).toEqual(['DONE'])
  })

  it('cannot replace the enrolled phone’s binding by naming its serial with another UDID', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss, { serialNumber: 'TAKEOVER02' })
    const before = await enrollmentsOf(deviceId)
    const impostor = await impostorOf({ udid: phone.udid, serial: 'TAKEOVER02' }, 'IMPOSTOR-UDID-0002')
    expect((await impostor.send('CheckInURL', impostor.authenticateMessage())).status).toBe(401)
    expect(await enrollmentsOf(deviceId)).toEqual(before)
    expect((await phone.send('ServerURL', { Status: 'Idle', UDID: phone.udid })).status).toBe(200)
  })

  it('the same profile installed again authenticates again', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss, { serialNumber: 'TAKEOVER03' })
    expect((await phone.send('CheckInURL', phone.authenticateMessage())).status).toBe(200)
    expect((await phone.send('CheckInURL', phone.tokenUpdateMessage())).status).toBe(200)
    expect((await enrollmentsOf(deviceId)).map((e) => e.identityFingerprint)).toEqual([identityFingerprint(phone)])
  })
})

describe('re-enrolling a phone with a new profile, explicitly', () => {
  it('after the phone checked out', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss, { serialNumber: 'REENROLL01' })
    expect((await phone.checkOut()).status).toBe(200)
    const again = await impostorOf({ udid: phone.udid, serial: 'REENROLL01' })
    await again.enroll()
    expect((await deviceOf(h, again)).device.id).toBe(deviceId)
  })

  it('after the company put the device in its recycle bin (淘汰), which the old identity then no longer speaks for', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss, { serialNumber: 'REENROLL02' })
    expect((await h.call('POST', '/myDevice/putInRecycle', { token: boss, json: { deviceId } })).body.code).toBe(200)
    const again = await impostorOf({ udid: phone.udid, serial: 'REENROLL02' })
    await again.enroll({ checkIn: false })
    expect((await h.call('POST', '/myDevice/takeOutRecycle', { token: boss, json: { deviceId } })).body.code).toBe(200)
    expect((await deviceOf(h, again)).device.id).toBe(deviceId)
    expect((await phone.send('ServerURL', { Status: 'Idle', UDID: phone.udid })).status).toBe(401)
  })
})
