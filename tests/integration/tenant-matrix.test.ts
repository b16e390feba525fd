import { eq, sql } from 'drizzle-orm'
import { commonPhrases } from '../../src/server/db/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpointUrl, type Endpoint } from '../../src/shared/contract/endpoint'
import { allEndpoints } from '../../src/shared/contract/endpoints'
import { demoAccounts } from '../../src/server/demo/seed'
import { createHarness, type Harness } from './harness'
import { FULL_TENANT, makeDevice, makeStaff, makeTenant, OTHER_PASSWORD } from './org-builders'
import { callAs, idKeysOf, MISSING, requestWith, victimObjects, victimRows, type Attacker, type Kind } from './tenant-matrix-bed'

/**
 * Issue #10, the tenant matrix generated from the endpoint table: every endpoint that takes an object's id, called
 * with the id of each of the demo tenant's objects of every kind it may name, by (a) an unrelated tenant's boss (also
 * over the open API, signed with its key), (b) a sibling child company's account and (c) a staff member without the
 * endpoint's authority. A foreign id must be answered exactly as a missing one, and nothing of the victim may change.
 */
let h: Harness
let attackers: Attacker[]
let victims: Record<Kind, (number | string)[]>
const figures = { endpoints: 0, requests: 0 }

beforeAll(async () => {
  h = await createHarness()
  victims = await victimObjects(h)
  // The attackers' own rows get ids far from the victim's: an `id` key tried with a victim's device id must not name
  // an attacker's own role of the same number (that would be the attacker's object, not a foreign one).
  await h.database.db.execute(sql`SELECT setval(format('%I', sequencename)::regclass, 100000) FROM pg_sequences WHERE schemaname = 'public'`)
  const other = await makeTenant(h, { ...FULL_TENANT, tag: 'x', signIn: true })
  const key = (await h.call('POST', '/access/create', { token: other.token, json: { name: 'matrix', remark: '', ipWhiteList: '' } })).body.data
  const eastDevice = await makeDevice(h, { companyId: h.demo.eastCompanyId })
  await makeStaff(h, h.demo.bossCompanyId, 'matrix-staff', ['dashboard'])
  const east = await h.login(demoAccounts.east.username, demoAccounts.east.password)
  attackers = [
    {
      name: 'unrelated boss',
      token: other.token,
      key,
      own: { deviceId: other.deviceId, companyId: other.childId, targetCompanyId: other.childId, staffId: other.staffId, targetStaffId: other.staffId, bossId: other.childUserId, roleId: other.staffRoleId },
    },
    { name: 'sibling child company', token: east, own: { deviceId: eastDevice.id, companyId: h.demo.eastCompanyId, targetCompanyId: h.demo.eastCompanyId } },
    { name: 'staff without the authority', token: await h.login('matrix-staff', OTHER_PASSWORD), own: {} },
  ]
})
afterAll(async () => {
  console.log(`tenant matrix: ${figures.endpoints} endpoints, ${figures.requests} requests`)
  await h?.close()
})

const withIds = allEndpoints.filter((e) => e.base !== 'agent' && idKeysOf(e).length > 0)
const staffHolds = (e: Endpoint) => e.access.kind !== 'authority' || e.access.anyOf.includes('dashboard')

/** Who of the attackers tries the endpoint: the open API needs a key (only the unrelated boss made one). */
const attackersOf = (e: Endpoint) => attackers.filter((a) => (e.base === 'open' ? a.key : a.name !== 'staff without the authority' || !staffHolds(e)))

/**
 * Endpoints that share a request schema (the 13 commands of each platform and base) take the same ids through the
 * same service: after the first, one object of each kind stands for all.
 */
const schemasSeen = new Set<unknown>()

async function probe(e: Endpoint, a: Attacker, objectsOf: (kind: Kind) => (number | string)[]) {
  for (const [key, kinds] of idKeysOf(e)) {
    const missingAnswers = new Map<string, unknown>()
    for (const kind of kinds) {
      const missingId = MISSING[kind]
      const missingKey = String(missingId)
      if (!missingAnswers.has(missingKey)) {
        const res = await callAs(h, a, e, requestWith(e, key, missingId, a.own))
        figures.requests++
        missingAnswers.set(missingKey, { status: res.status, body: res.body })
      }
      for (const id of objectsOf(kind)) {
        const res = await callAs(h, a, e, requestWith(e, key, id, a.own))
        figures.requests++
        const label = `${a.name}: ${e.method} ${endpointUrl(e)} ${key}=${id} (${kind})`
        expect({ label, answer: { status: res.status, body: res.body } }).toEqual({ label, answer: missingAnswers.get(missingKey) })
        if (a.name === 'staff without the authority') expect({ label, status: res.status }).toEqual({ label, status: 403 })
      }
    }
  }
}

describe('the tenant matrix', () => {
  it('takes every endpoint with an id, on every base', () => {
    expect(withIds.length).toBeGreaterThan(80)
    expect(new Set(withIds.map((e) => e.base))).toEqual(new Set(['main', 'huawei', 'open']))
  })

  it("sees a change to any of the victim's rows", async () => {
    const before = await victimRows(h)
    const [row] = await h.database.db.insert(commonPhrases).values({ companyId: h.demo.westCompanyId, type: 'PHRASES', value: '改动' }).returning()
    expect(await victimRows(h)).not.toEqual(before)
    await h.database.db.delete(commonPhrases).where(eq(commonPhrases.id, row.id))
    expect(await victimRows(h)).toEqual(before)
  })

  for (const e of withIds) {
    it(`${e.method} ${endpointUrl(e)}: a foreign id is a missing one, and nothing of the victim changes`, async () => {
      figures.endpoints++
      const objectsOf = schemasSeen.has(e.request) ? (kind: Kind) => victims[kind].slice(0, 1) : (kind: Kind) => victims[kind]
      schemasSeen.add(e.request)
      const before = await victimRows(h)
      for (const a of attackersOf(e)) await probe(e, a, objectsOf)
      expect(await victimRows(h)).toEqual(before)
    })
  }
})
