import { count } from 'drizzle-orm'
import { hashPassword, randomPassword } from '../auth/password'
import type { Db } from '../db/client'
import { companies, roles, users } from '../db/schema'
import { QuotaService } from '../modules/quota/service'

/** Demo logins, fixed so that documentation and checks can rely on them. */
export const demoAccounts = {
  admin: { username: 'admin', password: 'Admin@2026' },
  boss: { username: 'demo', password: 'Demo@2026', company: '演示租赁公司' },
  east: { username: 'demo-east', password: 'Demo@2026', company: '演示租赁华东分公司' },
  west: { username: 'demo-west', password: 'Demo@2026', company: '演示租赁华西分公司' },
  staff: { username: 'demo-staff', password: 'Demo@2026' },
} as const

/** What the demo staff member's role grants: devices and commands, but not role or staff management. */
export const demoStaffAuthorities = [
  'dashboard', 'ios:device', 'ios:command', 'huawei:device', 'huawei:command', 'huawei:recycle', 'mi:device',
  'announcement',
]

/** Quota of each type the demo boss company starts with. */
export const demoQuota = 50

export async function isEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users)
  return n === 0
}

export interface DemoIds {
  adminId: number
  bossCompanyId: number
  bossId: number
  eastCompanyId: number
  eastUserId: number
  westCompanyId: number
  westUserId: number
  staffRoleId: number
  staffId: number
}

/**
 * Seeds the demo tenant: administrator, boss company with two child companies, and a staff member. `hash` is the
 * password hash (the test harness, which seeds before every test, hashes each demo password once per file).
 */
export async function seedDemo(db: Db, hash: (password: string) => Promise<string> = hashPassword): Promise<DemoIds> {
  const a = demoAccounts
  const [adminHash, demoHash] = await Promise.all([hash(a.admin.password), hash(a.boss.password)])
  return db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({ username: a.admin.username, kind: 'ADMIN', name: '平台管理员', passwordHash: adminHash })
      .returning()
    const [boss] = await tx.insert(companies).values({ name: a.boss.company }).returning()
    const [east] = await tx.insert(companies).values({ name: a.east.company, parentId: boss.id }).returning()
    const [west] = await tx.insert(companies).values({ name: a.west.company, parentId: boss.id }).returning()
    const [bossUser] = await tx
      .insert(users)
      .values({ username: a.boss.username, kind: 'BOSS', companyId: boss.id, name: '演示老板', phoneNumber: '13800000000', passwordHash: demoHash })
      .returning()
    const [eastUser] = await tx
      .insert(users)
      .values({ username: a.east.username, kind: 'COMPANY', companyId: east.id, name: '华东负责人', phoneNumber: '13800000001', passwordHash: demoHash })
      .returning()
    const [westUser] = await tx
      .insert(users)
      .values({ username: a.west.username, kind: 'COMPANY', companyId: west.id, name: '华西负责人', phoneNumber: '13800000002', passwordHash: demoHash })
      .returning()
    const [role] = await tx
      .insert(roles)
      .values({ companyId: boss.id, name: '设备专员', roleType: 'STAFF', authorities: demoStaffAuthorities })
      .returning()
    const [staff] = await tx
      .insert(users)
      .values({ username: a.staff.username, kind: 'STAFF', companyId: boss.id, roleId: role.id, name: '演示员工', phoneNumber: '13800000003', passwordHash: demoHash })
      .returning()
    // Quota: Apple accounts open with every company; the boss also has Huawei, and the administrator grants 50 of each.
    const quota = new QuotaService(db)
    for (const company of [boss, east, west]) await quota.open(company.id, 'IOS', tx)
    await quota.open(boss.id, 'HUAWEI', tx)
    for (const quotaType of ['IOS', 'HUAWEI'] as const) {
      await quota.transfer(tx, { fromCompanyId: null, toCompanyId: boss.id, quotaType, quantity: demoQuota, operatorUserId: admin.id })
    }
    return {
      adminId: admin.id,
      bossCompanyId: boss.id,
      bossId: bossUser.id,
      eastCompanyId: east.id,
      eastUserId: eastUser.id,
      westCompanyId: west.id,
      westUserId: westUser.id,
      staffRoleId: role.id,
      staffId: staff.id,
    }
  })
}

/** Without the demo: only the administrator, with the configured password or a random one returned to be logged once. */
export async function seedAdmin(db: Db, password: string | undefined): Promise<{ password: string; generated: boolean }> {
  const chosen = password ?? randomPassword(16)
  await db.insert(users).values({ username: 'admin', kind: 'ADMIN', name: '平台管理员', passwordHash: await hashPassword(chosen) })
  return { password: chosen, generated: password === undefined }
}
