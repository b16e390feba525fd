import { createHmac, randomBytes } from 'node:crypto'
import { eq, inArray, or } from 'drizzle-orm'
import { hashPassword } from '../../src/server/auth/password'
import { accessKeys, companies, devices, quotaAccounts, quotaRecords, registrations, roles, users } from '../../src/server/db/schema'
import type { Harness } from './harness'

export const OTHER_PASSWORD = 'Other@2026'
/** An id no row has (PostgreSQL integers stop at 2147483647). */
export const MISSING_ID = 2_147_480_000

let passwordHash: Promise<string> | undefined
const otherHash = () => (passwordHash ??= hashPassword(OTHER_PASSWORD))

export interface Tenant {
  companyId: number
  childId: number
  bossId: number
  bossUsername: string
  childUserId: number
  childUsername: string
  staffRoleId: number
  companyRoleId: number
  staffId: number
  staffUsername: string
  deviceId: number
  childDeviceId: number
}

/** A second top-level tenant (boss company, child company, roles, staff, devices, quota), written straight to the database. */
export async function makeTenant(h: Harness, tag = 'b'): Promise<Tenant> {
  const db = h.database.db
  const hash = await otherHash()
  const [company] = await db.insert(companies).values({ name: `${tag}租赁公司` }).returning()
  const [child] = await db.insert(companies).values({ name: `${tag}分公司`, parentId: company.id }).returning()
  const [boss] = await db
    .insert(users)
    .values({ username: `${tag}-boss`, kind: 'BOSS', companyId: company.id, name: `${tag}老板`, phoneNumber: '13900000000', passwordHash: hash })
    .returning()
  const [companyRole] = await db.insert(roles).values({ companyId: company.id, name: `${tag}公司角色`, roleType: 'COMPANY', authorities: ['dashboard', 'staff'] }).returning()
  const [childUser] = await db
    .insert(users)
    .values({ username: `${tag}-child`, kind: 'COMPANY', companyId: child.id, name: `${tag}分公司负责人`, phoneNumber: '13900000001', passwordHash: hash, roleId: companyRole.id })
    .returning()
  const [staffRole] = await db.insert(roles).values({ companyId: company.id, name: `${tag}员工角色`, roleType: 'STAFF', authorities: ['dashboard'] }).returning()
  const [staff] = await db
    .insert(users)
    .values({ username: `${tag}-staff`, kind: 'STAFF', companyId: company.id, name: `${tag}员工`, phoneNumber: '13900000002', passwordHash: hash, roleId: staffRole.id })
    .returning()
  const [device] = await db.insert(devices).values({ companyId: company.id, platform: 'HUAWEI', serialNumber: `${tag.toUpperCase()}SN0001` }).returning()
  const [childDevice] = await db.insert(devices).values({ companyId: child.id, platform: 'HUAWEI', serialNumber: `${tag.toUpperCase()}SN0002` }).returning()
  await db.insert(quotaAccounts).values([
    { companyId: company.id, quotaType: 'IOS', remainingQuantity: 7 },
    { companyId: company.id, quotaType: 'HUAWEI', remainingQuantity: 9 },
    { companyId: child.id, quotaType: 'IOS', remainingQuantity: 3 },
  ])
  // Records behind the quota accounts, so that a quota search without its scope filter would show something.
  await db.insert(quotaRecords).values([
    { companyId: company.id, quotaType: 'IOS', kind: 'GRANT', quantity: 7, remainingAfter: 7 },
    { companyId: company.id, quotaType: 'HUAWEI', kind: 'GRANT', quantity: 9, remainingAfter: 9 },
  ])
  return {
    companyId: company.id,
    childId: child.id,
    bossId: boss.id,
    bossUsername: boss.username,
    childUserId: childUser.id,
    childUsername: childUser.username,
    staffRoleId: staffRole.id,
    companyRoleId: companyRole.id,
    staffId: staff.id,
    staffUsername: staff.username,
    deviceId: device.id,
    childDeviceId: childDevice.id,
  }
}

/** A staff member of a company with its own STAFF role (written straight to the database). */
export async function makeStaff(h: Harness, companyId: number, username: string, authorities: string[] = ['dashboard']) {
  const db = h.database.db
  const [role] = await db.insert(roles).values({ companyId, name: `${username}的角色`, roleType: 'STAFF', authorities }).returning()
  const [staff] = await db
    .insert(users)
    .values({ username, kind: 'STAFF', companyId, name: username, phoneNumber: '13700000000', passwordHash: await otherHash(), roleId: role.id })
    .returning()
  return { staffId: staff.id, roleId: role.id }
}

/** Everything stored about some companies, to prove a request changed nothing there. */
export async function snapshotCompanies(h: Harness, companyIds: number[]) {
  const db = h.database.db
  const userRows = await db.select().from(users).where(inArray(users.companyId, companyIds)).orderBy(users.id)
  return {
    companies: await db.select().from(companies).where(or(inArray(companies.id, companyIds), inArray(companies.parentId, companyIds))).orderBy(companies.id),
    users: userRows,
    roles: await db.select().from(roles).where(inArray(roles.companyId, companyIds)).orderBy(roles.id),
    quotaAccounts: await db.select().from(quotaAccounts).where(inArray(quotaAccounts.companyId, companyIds)).orderBy(quotaAccounts.id),
    quotaRecords: await db.select().from(quotaRecords).where(inArray(quotaRecords.companyId, companyIds)).orderBy(quotaRecords.id),
    devices: await db.select().from(devices).where(inArray(devices.companyId, companyIds)).orderBy(devices.id),
    accessKeys: await db.select().from(accessKeys).where(inArray(accessKeys.companyId, companyIds)).orderBy(accessKeys.id),
  }
}

export async function registrationById(h: Harness, id: number) {
  const [row] = await h.database.db.select().from(registrations).where(eq(registrations.id, id))
  return row
}

/** Signs an open-API request the way the README tells clients to, independently of the server's code. */
export function signOpenApi(secret: string, method: string, path: string, body = '', opts: { timestamp?: number; nonce?: string } = {}) {
  const timestamp = String(opts.timestamp ?? Date.now())
  const nonce = opts.nonce ?? randomBytes(12).toString('hex')
  const signature = createHmac('sha256', secret).update(`${method}\n${path}\n${timestamp}\n${nonce}\n${body}`).digest('hex')
  return { timestamp, nonce, signature }
}
