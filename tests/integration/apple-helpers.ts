import { eq } from 'drizzle-orm'
import { createApp } from '../../src/server/app'
import { appleEnrollments, devices, tasks } from '../../src/server/db/schema'
import { SimulatedIphone, type IphoneFetch, type SimulatedIphoneOptions } from '../../src/sim/iphone'
import type { Harness } from './harness'
import { quotaOf, setQuota } from './org-builders'

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

export async function deviceOf(h: Harness, phone: SimulatedIphone) {
  const [row] = await h.database.db
    .select({ device: devices, enrollment: appleEnrollments })
    .from(appleEnrollments)
    .innerJoin(devices, eq(devices.id, appleEnrollments.deviceId))
    .where(eq(appleEnrollments.udid, phone.udid))
  return row
}

export async function tasksOf(h: Harness, deviceId: number) {
  return h.database.db.select().from(tasks).where(eq(tasks.deviceId, deviceId)).orderBy(tasks.id)
}

export async function queue(h: Harness, token: string, name: string, deviceId: number, params: Record<string, unknown> = {}) {
  return h.call('POST', `/myDevice/${name}`, { token, json: { deviceId, ...params } })
}
