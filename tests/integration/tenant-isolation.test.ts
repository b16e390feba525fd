import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devices, quotaRecords, users } from '../../src/server/db/schema'
import { createHarness, type Harness } from './harness'
import { FULL_TENANT, makeDevice, makeStaff, makeTenant, MISSING_ID, snapshotCompanies, type FullTenant } from './org-builders'

/**
 * ARCHITECTURE (tenancy): for every endpoint that takes an id, a user of one company using an id of another gets
 * exactly the answer a missing id gets, and nothing changes on the other side.
 */
let h: Harness
let b: FullTenant
let westStaff: { staffId: number; roleId: number }
beforeAll(async () => {
  h = await createHarness()
  b = await makeTenant(h, { ...FULL_TENANT, tag: 'b' })
  westStaff = await makeStaff(h, h.demo.westCompanyId, 'west-staff', ['dashboard'])
  await makeDevice(h, { serialNumber: 'DEMOSN0001' })
})
afterAll(() => h.close())

interface Foreign {
  companyId: number
  childId: number
  accountId: number
  staffId: number
  staffRoleId: number
  companyRoleId: number
}

type Probe = [method: string, path: (id: Foreign) => string, body?: (id: Foreign) => Record<string, unknown>]

const missing: Foreign = { companyId: MISSING_ID, childId: MISSING_ID, accountId: MISSING_ID, staffId: MISSING_ID, staffRoleId: MISSING_ID, companyRoleId: MISSING_ID }

const probes: Probe[] = [
  ['GET', (f) => `/role/detail?roleId=${f.staffRoleId}`],
  ['PUT', () => '/role/update', (f) => ({ id: f.staffRoleId, name: '被篡改', authorityIdList: ['dashboard'] })],
  ['POST', () => '/role/delete', (f) => ({ id: f.staffRoleId })],
  ['GET', (f) => `/company/listChildren?companyId=${f.companyId}`],
  ['GET', (f) => `/company/searchChildrenDevice?companyId=${f.companyId}`],
  ['GET', (f) => `/company/searchChildrenDevice?companyId=${f.childId}`],
  ['PUT', () => '/company/update', (f) => ({ id: f.childId, name: '被篡改', available: false })],
  ['PUT', () => '/company/update', (f) => ({ id: f.companyId, bossName: '被篡改' })],
  ['PUT', () => '/company/resetPassword', (f) => ({ bossId: f.accountId })],
  ['POST', () => '/company/add', (f) => ({ name: '偷偷', username: 'sneaky-co', password: 'Nf2#xVp7-Qe5', confirmPassword: 'Nf2#xVp7-Qe5', bossName: 'x', phoneNumber: '13000000000', roleId: f.companyRoleId })],
  ['GET', (f) => `/company/staff/search?companyId=${f.companyId}`],
  ['POST', () => '/company/staff/add', (f) => ({ username: 'sneaky', password: 'Nf2#xVp7-Qe5', name: 'x', phoneNumber: '13000000000', roleId: f.staffRoleId })],
  ['PUT', () => '/company/staff/update', (f) => ({ id: f.staffId, name: '被篡改', available: false, roleId: null })],
  ['POST', () => '/company/staff/delete', (f) => ({ id: f.staffId })],
  ['PUT', () => '/company/staff/resetPassword', (f) => ({ staffId: f.staffId })],
  ['POST', () => '/account/changeQuantity', (f) => ({ targetCompanyId: f.childId, quantity: 1 })],
  ['POST', () => '/account/changeQuantity', (f) => ({ targetCompanyId: f.companyId, quantity: -1, huawei: true })],
  ['POST', () => '/account/create', (f) => ({ companyId: f.childId })],
  ['GET', (f) => `/account/consumedRecord/search?quotaType=IOS&companyId=${f.companyId}`],
  ['GET', (f) => `/account/info?quotaType=IOS&companyId=${f.companyId}`],
]

const describeProbe = ([method, path]: Probe) => `${method} ${path(missing).replace(/\?.*/, '')}`
const probeNames = [...new Set(probes.map(describeProbe))]

/** The answer of the authority guard: the actor lacks the route's authority, so the id was never looked at. */
const guarded = (res: { status: number; body: { msg?: string } }) => res.status === 403 && res.body.msg === '没有权限执行此操作'

/**
 * Compares each probe with a foreign id to the same probe with a missing id. Answers the probes the authority guard
 * refused (for both ids alike): they prove nothing about the scope, since a 403 for both ids would pass with no
 * scope filter at all. Each probe must therefore reach the scope filter for at least one actor (the bosses).
 */
async function expectSameAsMissing(token: string, foreign: Foreign, protectedCompanies: number[]): Promise<string[]> {
  const before = await snapshotCompanies(h, protectedCompanies)
  const refused: string[] = []
  for (const probe of probes) {
    const [method, path, body] = probe
    const name = describeProbe(probe)
    const asForeign = await h.call(method, path(foreign), { token, json: body?.(foreign) })
    const asMissing = await h.call(method, path(missing), { token, json: body?.(missing) })
    expect({ status: asForeign.status, body: asForeign.body }, name).toEqual({ status: asMissing.status, body: asMissing.body })
    // A foreign id must never succeed (the staff filter answers an empty page, like a company without staff).
    if (asForeign.body.code === 200) expect(asForeign.body.data, name).toMatchObject({ records: [], total: 0 })
    if (guarded(asMissing)) refused.push(name)
  }
  expect(await snapshotCompanies(h, protectedCompanies)).toEqual(before)
  return [...new Set(refused)]
}

/** The foreign side holds data behind every probe, so that a probe without its scope filter would answer it. */
async function expectForeignDataBehindProbes(t: { companyId: number; staffId: number }) {
  const db = h.database.db
  expect(await db.select().from(quotaRecords).where(and(eq(quotaRecords.companyId, t.companyId), eq(quotaRecords.quotaType, 'IOS')))).not.toHaveLength(0)
  expect(await db.select().from(users).where(and(eq(users.id, t.staffId), eq(users.companyId, t.companyId)))).toHaveLength(1)
  expect(await db.select().from(devices).where(eq(devices.companyId, t.companyId))).not.toHaveLength(0)
}

describe('tenant isolation matrix', () => {
  it('a boss using ids of another top-level tenant', async () => {
    const token = await h.login('demo')
    const foreign: Foreign = { companyId: b.companyId, childId: b.childId, accountId: b.childUserId, staffId: b.staffId, staffRoleId: b.staffRoleId, companyRoleId: b.companyRoleId }
    await expectForeignDataBehindProbes(b)
    // A boss holds every authority these routes need: each probe reaches the scope filter.
    expect(await expectSameAsMissing(token, foreign, [b.companyId, b.childId])).toEqual([])
    // The boss's own data still works with the same probes (the matrix is not vacuous).
    const own = await h.call('GET', `/role/detail?roleId=${h.demo.staffRoleId}`, { token })
    expect(own.body.code).toBe(200)
    const ownRecords = await h.call('GET', `/account/consumedRecord/search?quotaType=IOS&companyId=${h.demo.bossCompanyId}`, { token })
    expect(ownRecords.body.data.total).toBeGreaterThan(0)
  })

  it('the other tenant’s boss using ids of the demo tenant', async () => {
    const token = await h.login(b.bossUsername, 'Other@2026')
    const foreign: Foreign = {
      companyId: h.demo.bossCompanyId,
      childId: h.demo.eastCompanyId,
      accountId: h.demo.eastUserId,
      staffId: h.demo.staffId,
      staffRoleId: h.demo.staffRoleId,
      companyRoleId: h.demo.staffRoleId,
    }
    await expectForeignDataBehindProbes({ companyId: h.demo.bossCompanyId, staffId: h.demo.staffId })
    expect(await expectSameAsMissing(token, foreign, [h.demo.bossCompanyId, h.demo.eastCompanyId, h.demo.westCompanyId])).toEqual([])
  })

  it('a child company using ids of its sibling and of its parent', async () => {
    const token = await h.login('demo-east')
    const sibling: Foreign = {
      companyId: h.demo.westCompanyId,
      childId: h.demo.westCompanyId,
      accountId: h.demo.westUserId,
      staffId: westStaff.staffId,
      staffRoleId: westStaff.roleId,
      companyRoleId: westStaff.roleId,
    }
    // Child companies do not manage companies or move quota (boss-only authority `company`): those probes are
    // refused by the guard here and proven by the two bosses above.
    const bossOnly = probeNames.filter((n) => /\/company\/(?!staff)|\/account\/(changeQuantity|create)/.test(n))
    expect(await expectSameAsMissing(token, sibling, [h.demo.westCompanyId])).toEqual(bossOnly)
    const parent: Foreign = { ...sibling, companyId: h.demo.bossCompanyId, accountId: h.demo.bossId, staffId: h.demo.staffId, staffRoleId: h.demo.staffRoleId }
    expect(await expectSameAsMissing(token, parent, [h.demo.bossCompanyId, h.demo.westCompanyId])).toEqual(bossOnly)
  })

  it('signed-out callers get 401 on every probed endpoint', async () => {
    for (const probe of probes) {
      const [method, path, body] = probe
      expect((await h.call(method, path(missing), { json: body?.(missing) })).status, describeProbe(probe)).toBe(401)
    }
  })
})
