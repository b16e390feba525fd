import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness'
import { makeStaff, makeTenant, MISSING_ID, snapshotCompanies, type Tenant } from './org-builders'

/**
 * ARCHITECTURE (tenancy): for every endpoint that takes an id, a user of one company using an id of another gets
 * exactly the answer a missing id gets, and nothing changes on the other side.
 */
let h: Harness
let b: Tenant
let westStaff: { staffId: number; roleId: number }
beforeAll(async () => {
  h = await createHarness()
  b = await makeTenant(h, 'b')
  westStaff = await makeStaff(h, h.demo.westCompanyId, 'west-staff', ['dashboard'])
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
  ['POST', () => '/company/add', (f) => ({ name: '偷偷', username: 'sneaky-co', password: 'Sneaky2026', confirmPassword: 'Sneaky2026', bossName: 'x', phoneNumber: '13000000000', roleId: f.companyRoleId })],
  ['GET', (f) => `/company/staff/search?companyId=${f.companyId}`],
  ['POST', () => '/company/staff/add', (f) => ({ username: 'sneaky', password: 'Sneaky2026', name: 'x', phoneNumber: '13000000000', roleId: f.staffRoleId })],
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

async function expectSameAsMissing(token: string, foreign: Foreign, protectedCompanies: number[]) {
  const before = await snapshotCompanies(h, protectedCompanies)
  for (const probe of probes) {
    const [method, path, body] = probe
    const asForeign = await h.call(method, path(foreign), { token, json: body?.(foreign) })
    const asMissing = await h.call(method, path(missing), { token, json: body?.(missing) })
    expect({ status: asForeign.status, body: asForeign.body }, describeProbe(probe)).toEqual({ status: asMissing.status, body: asMissing.body })
    // A foreign id must never succeed (the staff filter answers an empty page, like a company without staff).
    if (asForeign.body.code === 200) expect(asForeign.body.data, describeProbe(probe)).toEqual({ records: [], total: 0 })
  }
  expect(await snapshotCompanies(h, protectedCompanies)).toEqual(before)
}

describe('tenant isolation matrix', () => {
  it('a boss using ids of another top-level tenant', async () => {
    const token = await h.login('demo')
    const foreign: Foreign = { companyId: b.companyId, childId: b.childId, accountId: b.childUserId, staffId: b.staffId, staffRoleId: b.staffRoleId, companyRoleId: b.companyRoleId }
    await expectSameAsMissing(token, foreign, [b.companyId, b.childId])
    // The boss's own data still works with the same probes (the matrix is not vacuous).
    const own = await h.call('GET', `/role/detail?roleId=${h.demo.staffRoleId}`, { token })
    expect(own.body.code).toBe(200)
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
    await expectSameAsMissing(token, foreign, [h.demo.bossCompanyId, h.demo.eastCompanyId, h.demo.westCompanyId])
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
    await expectSameAsMissing(token, sibling, [h.demo.westCompanyId])
    const parent: Foreign = { ...sibling, companyId: h.demo.bossCompanyId, accountId: h.demo.bossId, staffId: h.demo.staffId, staffRoleId: h.demo.staffRoleId }
    await expectSameAsMissing(token, parent, [h.demo.bossCompanyId, h.demo.westCompanyId])
  })

  it('signed-out callers get 401 on every probed endpoint', async () => {
    for (const probe of probes) {
      const [method, path, body] = probe
      expect((await h.call(method, path(missing), { json: body?.(missing) })).status, describeProbe(probe)).toBe(401)
    }
  })
})
