import { createHash } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { SimulatedIphone, type IphoneFetch } from '../../sim/iphone'
import type { Services } from '../context'
import { appleEnrollments, companies, devices, users } from '../db/schema'
import { appleCommands } from '../protocol/apple/commands'
import { demoAccounts } from './seed'
import { log } from '../log'

/** Simulated iPhones poll (no push reaches them) about as often as the demo agents. */
export const DEMO_IPHONE_POLL_MS = 3000

interface DemoIphone {
  company: 'boss' | 'east'
  serialNumber: string
  deviceName: string
  /** The product identifier it reports (the model its name says: the console shows it by that name). */
  productName: string
  supervised: boolean
  osVersion: string
  location: { latitude: number; longitude: number }
  /** Days before the demo's first start it was added (issue #43: the fleet grew over a year, not all today). */
  addedDaysAgo: number
  /** What the demo shows of it: lost mode on (queued once, on its first start), or a profile never finished installing. */
  show?: 'lost' | 'notEnrolled'
}

export const demoIphones: DemoIphone[] = [
  { company: 'boss', serialNumber: 'F2LXDEMO0001', addedDaysAgo: 331, deviceName: '演示 iPhone 15', productName: 'iPhone15,4', supervised: true, osVersion: '17.5.1', location: { latitude: 31.2304, longitude: 121.4737 } },
  { company: 'boss', serialNumber: 'F2LXDEMO0002', addedDaysAgo: 236, deviceName: '演示 iPhone 13', productName: 'iPhone14,5', supervised: true, osVersion: '16.7.8', location: { latitude: 39.9042, longitude: 116.4074 }, show: 'lost' },
  { company: 'boss', serialNumber: 'F2LXDEMO0003', addedDaysAgo: 163, deviceName: '演示 iPhone SE（未监管）', productName: 'iPhone14,6', supervised: false, osVersion: '17.4', location: { latitude: 22.5431, longitude: 114.0579 } },
  { company: 'east', serialNumber: 'F2LXDEMO0004', addedDaysAgo: 71, deviceName: '华东 iPhone 14', productName: 'iPhone14,7', supervised: true, osVersion: '17.5.1', location: { latitude: 30.2741, longitude: 120.1551 } },
  { company: 'boss', serialNumber: 'F2LXDEMO0005', addedDaysAgo: 27, deviceName: '演示 iPhone 12（未完成注册）', productName: 'iPhone13,2', supervised: true, osVersion: '17.1', location: { latitude: 23.1291, longitude: 113.2644 }, show: 'notEnrolled' },
]

/** Lost mode as the demo shows it on its lost iPhone. */
const DEMO_LOST_MODE = { message: '此手机已丢失，拾到请联系失主，谢谢！', phoneNumber: '13800000000' }

/**
 * What the demo queues for an enrolled phone at each start: a DeviceInformation query, so that its record knows
 * whether it is supervised; and on the lost phone's first start (it never reported lost mode), lost mode.
 */
async function demoCommands(services: Services, deviceId: number, companyId: number, spec: DemoIphone): Promise<void> {
  const [device] = await services.db.select({ state: devices.state }).from(devices).where(eq(devices.id, deviceId))
  const queue = async (type: 'checkNetwork' | 'enableLostMode', params: Record<string, unknown>) => {
    for (const request of appleCommands[type].requests(params)) {
      await services.tasks.enqueue({ deviceId, companyId, type, payload: { ...request }, createdBy: null })
    }
  }
  await queue('checkNetwork', {})
  if (spec.show === 'lost' && device && device.state.lostMode === undefined) await queue('enableLostMode', DEMO_LOST_MODE)
}

/**
 * On the demo's first start an iPhone's record is new: dated back to when the demo says it was added, so that the
 * dashboard's trend and histogram show a year's history. A record older than a day (a later start) keeps its date.
 */
async function backdateFirstStart(services: Services, spec: DemoIphone): Promise<void> {
  const now = Date.now()
  await services.db
    .update(devices)
    .set({ createdAt: new Date(now - spec.addedDaysAgo * 86_400_000) })
    .where(and(eq(devices.platform, 'IOS'), eq(devices.serialNumber, spec.serialNumber), gt(devices.createdAt, new Date(now - 86_400_000))))
}

/** A UDID of the same shape as a real one, fixed per serial so that a restart re-enrolls the same device. */
export function udidOf(serial: string): string {
  const hex = createHash('sha256').update(`demo-udid:${serial}`).digest('hex').toUpperCase()
  return `${hex.slice(0, 8)}-${hex.slice(8, 24)}`
}

/**
 * Demo mode (`npm start`): simulated iPhones in the demo companies, beside the Huawei agents. Each start downloads a
 * fresh profile for its company (a new identity), installs it over real HTTP (Authenticate links the serial, so a
 * restart consumes no further quota) and polls the ServerURL.
 */
export async function startDemoIphones(services: Services, serverUrl: string, fetch?: IphoneFetch): Promise<{ phones: SimulatedIphone[]; stop(): void }> {
  const db = services.db
  const profiles = services.myDevices
  const phones: SimulatedIphone[] = []
  for (const spec of demoIphones) {
    const name = spec.company === 'boss' ? demoAccounts.boss.company : demoAccounts.east.company
    const [company] = await db
      .select({ id: companies.id, parentId: companies.parentId })
      .from(companies)
      .where(spec.company === 'boss' ? and(eq(companies.name, name), isNull(companies.parentId)) : eq(companies.name, name))
    const [account] = company
      ? await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, company.id), eq(users.kind, spec.company === 'boss' ? 'BOSS' : 'COMPANY')))
      : []
    if (!company || !account) continue
    const phone = new SimulatedIphone({
      profile: await profiles.issueProfile(company.id, account.id),
      serialNumber: spec.serialNumber,
      udid: udidOf(spec.serialNumber),
      deviceName: spec.deviceName,
      productName: spec.productName,
      supervised: spec.supervised,
      osVersion: spec.osVersion,
      location: spec.location,
      notNowEvery: 7,
      rewriteUrl: (url) => url.replace(/^https?:\/\/[^/]+/, serverUrl),
      ...(fetch ? { fetch } : {}),
    })
    try {
      // Each start installs a new profile on the same UDID. A real phone that lost its profile without checking out
      // is let go by its company (the recycle bin, docs/security-devices.md); the demo's phone checks out instead,
      // with the identity of its previous run, which only the database still knows.
      await db
        .update(appleEnrollments)
        .set({ checkedOutAt: new Date(), pushToken: null, pushMagic: null })
        .where(and(eq(appleEnrollments.companyId, company.id), eq(appleEnrollments.udid, phone.udid), isNull(appleEnrollments.checkedOutAt)))
      if (spec.show === 'notEnrolled') {
        // The profile's installation stopped after Authenticate: the device is known, not enrolled, takes no command.
        await phone.send('CheckInURL', phone.authenticateMessage())
        // An iPhone's Authenticate names no device: the demo names it, as a company would when registering it.
        await db
          .update(devices)
          .set({ name: spec.deviceName })
          .where(and(eq(devices.platform, 'IOS'), eq(devices.serialNumber, spec.serialNumber), eq(devices.name, '')))
        await backdateFirstStart(services, spec)
        continue
      }
      await phone.enroll()
      await backdateFirstStart(services, spec)
      const [enrollment] = await db
        .select({ deviceId: appleEnrollments.deviceId })
        .from(appleEnrollments)
        .where(and(eq(appleEnrollments.companyId, company.id), eq(appleEnrollments.udid, phone.udid)))
      if (enrollment) await demoCommands(services, enrollment.deviceId, company.id, spec)
    } catch (error) {
      log.warn((error as Error).message, { demoIphone: spec.serialNumber })
      continue
    }
    phone.startPolling(DEMO_IPHONE_POLL_MS)
    phones.push(phone)
  }
  return {
    phones,
    stop() {
      for (const p of phones) p.stop()
    },
  }
}
