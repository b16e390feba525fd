import { createHmac, randomBytes } from 'node:crypto'
import { and, eq, inArray, or } from 'drizzle-orm'
import { hashPassword } from '../../src/server/auth/password'
import { accessKeys, companies, devices, quotaAccounts, quotaRecords, registrations, roles, users, type DeviceRow, type QuotaType } from '../../src/server/db/schema'
import type { Harness } from './harness'

export const OTHER_PASSWORD = 'Other@2026'
/** An id no row has (PostgreSQL integers stop at 2147483647). */
export const MISSING_ID = 2_147_480_000

let passwordHash: Promise<string> | undefined
const otherHash = () => (passwordHash ??= hashPassword(OTHER_PASSWORD))

let deviceSerial = 0

/** A device row written straight to the database: a Huawei device of the demo boss company unless told otherwise. */
export async function makeDevice(h: Harness, overrides: Partial<typeof devices.$inferInsert> = {}): Promise<DeviceRow> {
  const [row] = await h.database.db
    .insert(devices)
    .values({ companyId: h.demo.bossCompanyId, platform: 'HUAWEI', serialNumber: `BUILT${String(++deviceSerial).padStart(6, '0')}`, ...overrides })
    .returning()
  return row
}

/** Sets a company's quota account of one type (opening it when needed). */
export async function setQuota(h: Harness, companyId: number, quotaType: QuotaType, remainingQuantity: number) {
  await h.database.db
    .insert(quotaAccounts)
    .values({ companyId, quotaType, remainingQuantity })
    .onConflictDoUpdate({ target: [quotaAccounts.companyId, quotaAccounts.quotaType], set: { remainingQuantity } })
}

export async function quotaOf(h: Harness, companyId: number, quotaType: QuotaType) {
  const [row] = await h.database.db
    .select()
    .from(quotaAccounts)
    .where(and(eq(quotaAccounts.companyId, companyId), eq(quotaAccounts.quotaType, quotaType)))
  return row
}

type Quota = Partial<Record<QuotaType, number>>

export interface TenantOptions {
  /** Prefix of its names and usernames (`${tag}-boss`, `${tag}租赁公司` …): distinct for each tenant of a test. */
  tag?: string
  /** The boss company's name, `${tag}租赁公司` unless given. */
  name?: string
  /** Quota accounts of the boss company, each with the GRANT record behind it. */
  quota?: Quota
  /** A child company with its own account (under a COMPANY role of the boss company) and quota accounts. */
  child?: { quota?: Quota }
  /** A staff member of the boss company under a STAFF role. */
  staff?: true
  /** A Huawei device in the boss company and, with a child, one in the child company. */
  devices?: true
  /** Signs the boss in: the tenant then carries its token. */
  signIn?: true
}

export interface BossCompany {
  companyId: number
  companyName: string
  bossId: number
  bossUsername: string
}

export interface ChildCompany {
  childId: number
  childUserId: number
  childUsername: string
  companyRoleId: number
}

export interface CompanyStaff {
  staffId: number
  staffUsername: string
  staffRoleId: number
}

/** What `makeTenant` made: the handles of exactly the parts its options asked for. */
export type Tenant<O extends TenantOptions = TenantOptions> = BossCompany &
  (O extends { child: object } ? ChildCompany : unknown) &
  (O extends { staff: true } ? CompanyStaff : unknown) &
  (O extends { devices: true } ? { deviceId: number } & (O extends { child: object } ? { childDeviceId: number } : unknown) : unknown) &
  (O extends { signIn: true } ? { token: string } : unknown)

/** Everything a tenant can hold, so that a request escaping its scope would find something there. */
export const FULL_TENANT = { quota: { IOS: 7, HUAWEI: 9 }, child: { quota: { IOS: 3 } }, staff: true, devices: true } as const satisfies TenantOptions
export type FullTenant = Tenant<typeof FULL_TENANT>

/**
 * Another top-level tenant beside the demo one, written straight to the database: a boss company and, as the
 * options ask, a child company, staff, quota, devices and the boss's token. Every account's password is OTHER_PASSWORD.
 */
export async function makeTenant<const O extends TenantOptions>(h: Harness, options: O): Promise<Tenant<O>> {
  const db = h.database.db
  const tag = options.tag ?? 'other'
  const [company] = await db.insert(companies).values({ name: options.name ?? `${tag}租赁公司` }).returning()
  const [boss] = await db
    .insert(users)
    .values({ username: `${tag}-boss`, kind: 'BOSS', companyId: company.id, name: `${tag}老板`, phoneNumber: '13900000000', passwordHash: await otherHash() })
    .returning()
  for (const [quotaType, quantity] of quotaEntries(options.quota)) {
    await setQuota(h, company.id, quotaType, quantity)
    // The record behind the account, so that a quota search without its scope filter would show something.
    await db.insert(quotaRecords).values({ companyId: company.id, quotaType, kind: 'GRANT', quantity, remainingAfter: quantity })
  }
  const child = options.child && (await makeChildCompany(h, company.id, tag, options.child.quota))
  const staff = options.staff && (await makeStaff(h, company.id, `${tag}-staff`))
  const serial = (n: number) => `${tag.toUpperCase()}SN000${n}`
  return {
    companyId: company.id,
    companyName: company.name,
    bossId: boss.id,
    bossUsername: boss.username,
    ...child,
    ...(staff && { staffId: staff.staffId, staffUsername: `${tag}-staff`, staffRoleId: staff.roleId }),
    ...(options.devices && { deviceId: (await makeDevice(h, { companyId: company.id, serialNumber: serial(1) })).id }),
    ...(options.devices && child && { childDeviceId: (await makeDevice(h, { companyId: child.childId, serialNumber: serial(2) })).id }),
    ...(options.signIn && { token: await h.login(boss.username, OTHER_PASSWORD) }),
  } as Tenant<O>
}

const quotaEntries = (quota: Quota = {}) => Object.entries(quota) as [QuotaType, number][]

/** A child company of `parentId` with its own account under a COMPANY role of the parent, and quota accounts. */
async function makeChildCompany(h: Harness, parentId: number, tag: string, quota?: Quota): Promise<ChildCompany> {
  const db = h.database.db
  const [child] = await db.insert(companies).values({ name: `${tag}分公司`, parentId }).returning()
  const [companyRole] = await db.insert(roles).values({ companyId: parentId, name: `${tag}公司角色`, roleType: 'COMPANY', authorities: ['dashboard', 'staff'] }).returning()
  const [childUser] = await db
    .insert(users)
    .values({ username: `${tag}-child`, kind: 'COMPANY', companyId: child.id, name: `${tag}分公司负责人`, phoneNumber: '13900000001', passwordHash: await otherHash(), roleId: companyRole.id })
    .returning()
  for (const [quotaType, quantity] of quotaEntries(quota)) await setQuota(h, child.id, quotaType, quantity)
  return { childId: child.id, childUserId: childUser.id, childUsername: childUser.username, companyRoleId: companyRole.id }
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
