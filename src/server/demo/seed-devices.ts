import { randomBytes } from 'node:crypto'
import { and, inArray } from 'drizzle-orm'
import type { AgentPlatform } from '../../shared/contract/agent'
import { idCardCheckCharacter } from '../../shared/domain/validators'
import { hashToken } from '../auth/sessions'
import { QuotaService } from '../modules/quota/service'
import type { Db } from '../db/client'
import { devices } from '../db/schema'
import type { DemoIds } from './seed'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

type DemoCompany = 'boss' | 'east' | 'west'

export interface DemoDevice {
  serialNumber: string
  platform: AgentPlatform
  company: DemoCompany
  model: string
  name: string
  osVersion: string
  imei: string
  /** Days since it was added: the demo's fleet grew over a year, so its trend and histogram show one (issue #43). */
  addedDaysAgo: number
  /** Hours since the device was last seen; null = never. Devices with an agent are seen as soon as it polls. */
  lastSeenHours: number | null
  /** Run a simulated agent for it in demo mode. */
  agent: boolean
  /** Assigned to the demo staff member. */
  staff?: boolean
  passcode?: string
  renter?: { name: string; phone: string; birth: string }
}

/** A valid ID card number (GB 11643-1999 check character) for a demo renter born on `birth` (YYYYMMDD). */
function demoIdCard(birth: string, sequence: string): string {
  const first17 = `110105${birth}${sequence}`
  return first17 + idCardCheckCharacter(first17)
}

/**
 * The demo fleet: Huawei and Mi phones in the three demo companies, added over the last year, last seen at varied
 * times so that all three status colours appear; the ones with `agent` are kept online by simulated agents (src/server/demo/agents.ts).
 */
export const demoDevices: DemoDevice[] = [
  { serialNumber: 'HWDEMO0001', platform: 'HUAWEI', company: 'boss', model: 'ALN-AL00', name: 'HUAWEI Mate 60 Pro', osVersion: 'HarmonyOS 4.2', imei: '860000000000011', addedDaysAgo: 352, lastSeenHours: 0, agent: true, passcode: '246810', renter: { name: '张伟', phone: '13912345601', birth: '19900307' } },
  { serialNumber: 'HWDEMO0002', platform: 'HUAWEI', company: 'boss', model: 'CET-AL00', name: 'HUAWEI nova 12', osVersion: 'HarmonyOS 4.0', imei: '860000000000029', addedDaysAgo: 318, lastSeenHours: 0, agent: true, staff: true, renter: { name: '李娜', phone: '13912345602', birth: '19951112' } },
  { serialNumber: 'HWDEMO0003', platform: 'HUAWEI', company: 'boss', model: 'BRA-AL00', name: 'HUAWEI Pura 70', osVersion: 'HarmonyOS 4.2', imei: '860000000000037', addedDaysAgo: 287, lastSeenHours: 10, agent: false, staff: true, renter: { name: '王芳', phone: '13912345603', birth: '19880521' } },
  { serialNumber: 'HWDEMO0004', platform: 'HUAWEI', company: 'boss', model: 'JLN-AL00', name: 'HUAWEI nova 11', osVersion: 'HarmonyOS 3.1', imei: '860000000000045', addedDaysAgo: 251, lastSeenHours: 75, agent: false },
  { serialNumber: 'HWDEMO0005', platform: 'HUAWEI', company: 'boss', model: 'ALN-AL80', name: 'HUAWEI Mate 60', osVersion: 'HarmonyOS 4.0', imei: '860000000000052', addedDaysAgo: 214, lastSeenHours: null, agent: false },
  { serialNumber: 'HWDEMO0006', platform: 'HUAWEI', company: 'east', model: 'ALN-AL00', name: 'HUAWEI Mate 60 Pro', osVersion: 'HarmonyOS 4.2', imei: '860000000000060', addedDaysAgo: 183, lastSeenHours: 0, agent: true, passcode: '135790', renter: { name: '刘洋', phone: '13912345606', birth: '19920815' } },
  { serialNumber: 'HWDEMO0007', platform: 'HUAWEI', company: 'east', model: 'CET-AL00', name: 'HUAWEI nova 12', osVersion: 'HarmonyOS 4.0', imei: '860000000000078', addedDaysAgo: 149, lastSeenHours: 30, agent: false },
  { serialNumber: 'HWDEMO0008', platform: 'HUAWEI', company: 'west', model: 'BRA-AL00', name: 'HUAWEI Pura 70', osVersion: 'HarmonyOS 4.2', imei: '860000000000086', addedDaysAgo: 118, lastSeenHours: 8, agent: false, renter: { name: '陈静', phone: '13912345608', birth: '19870203' } },
  { serialNumber: 'MIDEMO0001', platform: 'MI', company: 'boss', model: '23127PN0CC', name: 'Xiaomi 14', osVersion: 'HyperOS 1.0', imei: '868000000000016', addedDaysAgo: 86, lastSeenHours: 0, agent: true, passcode: '112233', renter: { name: '赵磊', phone: '13912345611', birth: '19930619' } },
  { serialNumber: 'MIDEMO0002', platform: 'MI', company: 'boss', model: '2311DRK48C', name: 'Redmi K70', osVersion: 'HyperOS 1.0', imei: '868000000000024', addedDaysAgo: 51, lastSeenHours: 12, agent: false, staff: true },
  { serialNumber: 'MIDEMO0003', platform: 'MI', company: 'boss', model: '23090RA98C', name: 'Redmi Note 13 Pro', osVersion: 'MIUI 14', imei: '868000000000032', addedDaysAgo: 19, lastSeenHours: 100, agent: false },
  { serialNumber: 'MIDEMO0004', platform: 'MI', company: 'east', model: '23127PN0CC', name: 'Xiaomi 14', osVersion: 'HyperOS 1.0', imei: '868000000000040', addedDaysAgo: 3, lastSeenHours: 0, agent: true },
]

/**
 * Seeds the demo fleet (demo mode, empty database). Each device consumes Huawei quota like any added device; the
 * quota accounts are opened here and topped up only by what is missing, so this does not depend on whether the
 * organization seed opened or granted them first.
 */
export async function seedDemoDevices(db: Db, ids: DemoIds, now = new Date()): Promise<void> {
  const companyIds: Record<DemoCompany, number> = { boss: ids.bossCompanyId, east: ids.eastCompanyId, west: ids.westCompanyId }
  const quota = new QuotaService(db)
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ serialNumber: devices.serialNumber })
      .from(devices)
      .where(inArray(devices.serialNumber, demoDevices.map((d) => d.serialNumber)))
    const todo = demoDevices.filter((d) => !existing.some((e) => e.serialNumber === d.serialNumber))
    const need = (company: DemoCompany) => todo.filter((d) => d.company === company).length
    for (const company of ['boss', 'east', 'west'] as const) await quota.open(companyIds[company], 'HUAWEI', tx)
    // The boss company gets what it and its children lack; then it passes the children their part.
    const missing = async (company: DemoCompany) =>
      Math.max(0, need(company) - (await quota.info(companyIds[company], 'HUAWEI', tx)).remainingQuantity)
    const childMissing = { east: await missing('east'), west: await missing('west') }
    const bossMissing = Math.max(
      0,
      need('boss') + childMissing.east + childMissing.west - (await quota.info(ids.bossCompanyId, 'HUAWEI', tx)).remainingQuantity,
    )
    if (bossMissing > 0) {
      await quota.transfer(tx, { fromCompanyId: null, toCompanyId: ids.bossCompanyId, quotaType: 'HUAWEI', quantity: bossMissing, operatorUserId: ids.adminId })
    }
    for (const child of ['east', 'west'] as const) {
      if (childMissing[child] > 0) {
        await quota.transfer(tx, { fromCompanyId: ids.bossCompanyId, toCompanyId: companyIds[child], quotaType: 'HUAWEI', quantity: childMissing[child], operatorUserId: ids.bossId })
      }
    }
    // The demo iPhones (src/server/demo-iphones.ts) enroll in the boss company and in 华东: the child needs iOS quota.
    await quota.open(ids.eastCompanyId, 'IOS', tx)
    if ((await quota.info(ids.eastCompanyId, 'IOS', tx)).remainingQuantity === 0) {
      await quota.transfer(tx, { fromCompanyId: ids.bossCompanyId, toCompanyId: ids.eastCompanyId, quotaType: 'IOS', quantity: 5, operatorUserId: ids.bossId })
    }
    let sequence = 100
    for (const d of todo) {
      sequence += 7
      const [row] = await tx
        .insert(devices)
        .values({
          companyId: companyIds[d.company],
          staffId: d.staff ? ids.staffId : null,
          platform: d.platform,
          serialNumber: d.serialNumber,
          imei: d.imei,
          model: d.model,
          name: d.name,
          osVersion: d.osVersion,
          lastCommunicationTime: d.lastSeenHours === null ? null : new Date(now.getTime() - d.lastSeenHours * HOUR_MS),
          // A phone that was heard from had enrolled: its agent holds a credential (one nobody knows here) and is only
          // away. The ones with a simulated agent enroll when it starts; the one never seen has not enrolled.
          ...(d.lastSeenHours !== null && !d.agent
            ? { enrolledAt: new Date(now.getTime() - d.lastSeenHours * HOUR_MS), credentialHash: hashToken(randomBytes(32).toString('base64url')) }
            : {}),
          renterName: d.renter?.name ?? '',
          renterPhone: d.renter?.phone ?? '',
          renterIdCard: d.renter ? demoIdCard(d.renter.birth, String(sequence)) : '',
          state: { poweredOn: d.lastSeenHours !== null, locked: false, passcodeSet: !!d.passcode, runningApp: null, loggedIn: true, controlled: true },
          // Added over the last year, in the list's order (the first one first), at a working hour's minute of its own.
          createdAt: new Date(now.getTime() - d.addedDaysAgo * DAY_MS - (demoDevices.length - demoDevices.indexOf(d)) * 60_000),
        })
        .returning({ id: devices.id })
      await quota.consume(tx, {
        companyId: companyIds[d.company],
        quotaType: 'HUAWEI',
        deviceId: row.id,
        serialNumber: d.serialNumber,
        operatorUserId: d.company === 'boss' ? ids.bossId : d.company === 'east' ? ids.eastUserId : ids.westUserId,
      })
    }
  })
}

/** The demo devices that have a simulated agent, as they are now (they may have been moved or deleted). */
export async function demoAgentDevices(db: Db) {
  const serials = demoDevices.filter((d) => d.agent).map((d) => d.serialNumber)
  const rows = await db
    .select({ id: devices.id, companyId: devices.companyId, platform: devices.platform, serialNumber: devices.serialNumber })
    .from(devices)
    .where(and(inArray(devices.serialNumber, serials), inArray(devices.platform, ['HUAWEI', 'MI'])))
  return rows.map((r) => ({ ...r, demo: demoDevices.find((d) => d.serialNumber === r.serialNumber && d.platform === r.platform)! })).filter((r) => r.demo)
}

