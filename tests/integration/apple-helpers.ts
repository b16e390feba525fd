import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import forge from 'node-forge'
import { createApp } from '../../src/server/app'
import { appleEnrollments, devices, tasks } from '../../src/server/db/schema'
import { SimulatedIphone, type IphoneFetch, type SimulatedIphoneOptions } from '../../src/sim/iphone'
import { DEVICE_INFORMATION_TASK } from '../../src/server/protocol/apple/device-information'
import type { Harness } from './harness'
import { quotaOf, setQuota } from './org-builders'
import { secondaryPasswordFor } from './secondary-helpers'

/** The app's own handler as the iPhone's HTTP client; the profile's URLs are rewritten to it. */
export function iphoneFetch(h: Harness): IphoneFetch {
  const app = createApp(h.services)
  return (input, init) => Promise.resolve(app.request(input, init))
}

export const setIosQuota = (h: Harness, companyId: number, remainingQuantity: number) => setQuota(h, companyId, 'IOS', remainingQuantity)

export const iosQuota = (h: Harness, companyId: number) => quotaOf(h, companyId, 'IOS')

export async function downloadProfile(h: Harness, token: string): Promise<string> {
  const app = createApp(h.services)
  const res = await app.request('/mdm/api/v1/myDevice/enrollmentProfile', { headers: { authorization: `Bearer ${token}` } })
  if (res.status !== 200) throw new Error(`profile download failed: ${res.status} ${await res.text()}`)
  return res.text()
}

let serial = 0

/** A simulated iPhone with a freshly downloaded profile of the token's company (not enrolled yet). */
export async function iphone(h: Harness, token: string, options: Partial<SimulatedIphoneOptions> = {}) {
  return new SimulatedIphone({
    profile: options.profile ?? (await downloadProfile(h, token)),
    serialNumber: options.serialNumber ?? `F2LX${String(++serial).padStart(8, '0')}`,
    fetch: iphoneFetch(h),
    ...options,
  })
}

/** The SHA-256 of the phone's identity certificate, as the server names the identity (ca.ts: fingerprintOf). */
export function identityFingerprint(phone: SimulatedIphone): string {
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(phone.identity.certificate)).getBytes()
  return createHash('sha256').update(Buffer.from(der, 'binary')).digest('hex')
}

/** The phone's device and enrollment: its UDID as enrolled with its own identity (another company may name the UDID too). */
export async function deviceOf(h: Harness, phone: SimulatedIphone) {
  const [row] = await h.database.db
    .select({ device: devices, enrollment: appleEnrollments })
    .from(appleEnrollments)
    .innerJoin(devices, eq(devices.id, appleEnrollments.deviceId))
    .where(and(eq(appleEnrollments.udid, phone.udid), eq(appleEnrollments.identityFingerprint, identityFingerprint(phone))))
  return row
}

/** The device's tasks, oldest first, without the enrollment's own DeviceInformation (`all`: with it). */
export async function tasksOf(h: Harness, deviceId: number, { all = false } = {}) {
  const rows = await h.database.db.select().from(tasks).where(eq(tasks.deviceId, deviceId)).orderBy(tasks.id)
  return all ? rows : rows.filter((task) => !(task.type === DEVICE_INFORMATION_TASK && task.createdBy === null))
}

/** POST /myDevice/<name>; one that cannot be undone carries the secondary password unless `params` names one. */
export async function queue(h: Harness, token: string, name: string, deviceId: number, params: Record<string, unknown> = {}) {
  const reauth = 'secondaryPassword' in params ? {} : await secondaryPasswordFor(h, token, name)
  return h.call('POST', `/myDevice/${name}`, { token, json: { deviceId, ...reauth, ...params } })
}

/** As if the device had acknowledged EnableLostMode: for tests of what only a device in lost mode takes. */
export async function markLost(h: Harness, deviceId: number) {
  await h.database.db
    .update(devices)
    .set({ state: sql`${devices.state} || '{"lostMode": true}'::jsonb` })
    .where(eq(devices.id, deviceId))
}

/** The harness answers every host: the profile's URLs are pointed at the app in process. */
export const toTestApp = (url: string) => url.replace(/^https?:\/\/[^/]+/, 'http://mdm.test')

/**
 * A simulated iPhone of the token's company, enrolled (Authenticate and TokenUpdate) and done with the server's first
 * question (the DeviceInformation every enrollment's first token queues), with its device id.
 */
export async function enrolledIphone(h: Harness, token: string, options: Partial<SimulatedIphoneOptions> & { enroll?: { checkIn?: boolean } } = {}) {
  const { enroll, ...rest } = options
  const phone = await iphone(h, token, { rewriteUrl: toTestApp, ...rest })
  await phone.enroll(enroll)
  const { device } = await deviceOf(h, phone)
  // The phone's log starts after that first question: tests read it for what they sent.
  if (enroll?.checkIn !== false) {
    if (phone.log.map((l) => `${l.requestType}:${l.status}`).join() !== 'DeviceInformation:Acknowledged') throw new Error(`enrollment answered ${JSON.stringify(phone.log)}`)
    phone.log.length = 0
  }
  return { phone, deviceId: device.id }
}

/** GET /myDevice/detail: the envelope. */
export async function iosDetail(h: Harness, token: string, deviceId: number) {
  return (await h.call('GET', `/myDevice/detail?deviceId=${deviceId}`, { token })).body
}

/** GET /task/status: the task as the console reads it. */
export async function taskOf(h: Harness, token: string, taskId: string) {
  return (await h.call('GET', `/task/status?taskId=${encodeURIComponent(taskId)}`, { token })).body.data
}

/** Queues a command, lets the phone check in, and answers the task's final state as /task/status tells it. */
export async function sendAndRun(h: Harness, token: string, phone: SimulatedIphone, name: string, deviceId: number, params: Record<string, unknown> = {}) {
  const res = await queue(h, token, name, deviceId, params)
  if (res.body?.code !== 200) throw new Error(`${name} refused: ${res.text}`)
  await phone.checkIn()
  return { res: res.body, task: await taskOf(h, token, res.body.data.taskId) }
}
