import { randomInt } from 'node:crypto'
import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { endpointUrl, type Endpoint } from '../../src/shared/contract/endpoint'
import { companies, devices, roles, users } from '../../src/server/db/schema'
import { demoAccounts } from '../../src/server/demo/seed'
import type { Harness } from './harness'
import { expectSane, hostileObject, keysOf, hostileQuery, rawBodies, runs, structuralJson, toQuery, validish } from './fuzz-inputs'
import { makeDevice, MISSING_ID, signOpenApi } from './org-builders'

/** What one fuzzed request carries. */
export interface FuzzRequest {
  query?: string
  /** Raw body text (JSON.stringify of a generated value, or raw text of a malformed class). */
  body?: string
  contentType?: string
}

/** Requests sent, per class of input, for the run's figures. */
export const sentCount: Record<string, number> = {}

type Account = 'demo' | 'admin'

/**
 * The fuzz run's side of one harness: a fresh credential for each endpoint (one endpoint's /logout or password reset
 * must not make the next one's walk a row of 401s), open-API keys, and real row ids for the generators.
 */
export function fuzzBed(h: () => Harness) {
  // A bed per test file: the integration files share their worker's modules (vite.config.ts), and one file's counts and
  // seen schemas must not thin out the next file's runs.
  for (const name of Object.keys(sentCount)) delete sentCount[name]
  schemasSeen.clear()
  const tokens: Partial<Record<Account, string>> = {}
  let authorities: Record<Account, string[]> = { demo: [], admin: [] }
  let key: { accessKey: string; accessSecret: string } | undefined
  let ids: number[] = []

  async function login(account: Account) {
    const password = account === 'admin' ? demoAccounts.admin.password : demoAccounts.boss.password
    try {
      return await h().login(account, password)
    } catch {
      // A fuzzed reset or update reached the account itself: start again from the demo seed.
      await h().reset()
      await seedObjects()
      return h().login(account, password)
    }
  }

  /** A few rows of every kind, so generated ids (small integers) reach real objects now and then. */
  async function seedObjects() {
    for (const platform of ['IOS', 'HUAWEI', 'MI'] as const) await makeDevice(h(), { platform })
    await makeDevice(h(), { platform: 'HUAWEI', companyId: h().demo.eastCompanyId })
    const db = h().database.db
    const rows = await Promise.all([db.select({ id: companies.id }).from(companies), db.select({ id: users.id }).from(users), db.select({ id: roles.id }).from(roles), db.select({ id: devices.id }).from(devices)])
    ids = [...new Set(rows.flat().map((r) => r.id)), 0, -1, MISSING_ID, 2 ** 31]
    key = undefined
  }

  /** Called before each endpoint: counters cleared, every account signed in (afresh when its session ended). */
  async function prepare() {
    await h().database.db.execute(sql`DELETE FROM rate_limits`)
    if (!ids.length) await seedObjects()
    for (const account of ['demo', 'admin'] as const) {
      const info = tokens[account] && (await h().call('POST', '/userCenter/info', { token: tokens[account] }))
      if (info && info.status === 200) {
        authorities = { ...authorities, [account]: info.body.data.authorityList }
        continue
      }
      tokens[account] = await login(account)
      const fresh = await h().call('POST', '/userCenter/info', { token: tokens[account] })
      authorities = { ...authorities, [account]: fresh.body.data.authorityList }
    }
  }

  /** Who may call the endpoint: the demo boss when it holds the authority, the administrator otherwise. */
  function callerOf(e: Endpoint): Account | null {
    if (e.access.kind === 'public' || e.access.kind === 'device') return null
    if (e.access.kind === 'signedIn') return 'demo'
    const anyOf = e.access.anyOf
    return (['demo', 'admin'] as const).find((a) => anyOf.some((code) => authorities[a].includes(code))) ?? 'demo'
  }

  async function openKey() {
    const probe = key && (await openCall('GET', '/openapi/v1/company/info', {}))
    if (probe?.status === 200) return key!
    const token = tokens.demo!
    await h().call('POST', '/access/delete', { token })
    const res = await h().call('POST', '/access/create', { token, json: { name: 'fuzz', remark: '', ipWhiteList: '' } })
    key = res.body.data
    return key!
  }

  function openCall(method: string, url: string, req: FuzzRequest) {
    const path = url + (req.query ? `?${req.query}` : '')
    const s = signOpenApi(key!.accessSecret, method, path, req.body ?? '')
    const headers: Record<string, string> = { 'x-access-key': key!.accessKey, 'x-timestamp': s.timestamp, 'x-nonce': s.nonce, 'x-signature': s.signature }
    if (req.contentType) headers['content-type'] = req.contentType
    return h().call(method, `http://localhost${path}`, { body: req.body, headers })
  }

  /** One request to an endpoint as its caller, from a client address of its own (per-address limits stay out of the way). */
  async function send(e: Endpoint, req: FuzzRequest, extraHeaders: Record<string, string> = {}) {
    const url = endpointUrl(e)
    const headers: Record<string, string> = { 'x-forwarded-for': `198.51.${randomInt(256)}.${randomInt(256)}`, ...extraHeaders }
    if (req.contentType) headers['content-type'] = req.contentType
    if (e.base === 'open') {
      await openKey()
      return openCall(e.method, url, req)
    }
    const caller = callerOf(e)
    const path = url + (req.query ? `?${req.query}` : '')
    return h().call(e.method, path, { token: caller ? tokens[caller] : undefined, body: req.body, headers })
  }

  return { prepare, send, callerOf, ids: () => ids, get authorities() { return authorities } }
}

export type FuzzBed = ReturnType<typeof fuzzBed>

const JSON_TYPE = 'application/json'

/**
 * The classes of input, each a bounded property over one endpoint: in its schema, hostile values, structure, raw
 * bodies. `runs` scales them down for an endpoint whose request schema an earlier endpoint took (the Huawei commands
 * share one) or that takes nothing: the parsing is the same, only the handler differs.
 */
export function inputClasses(e: Endpoint, ids: readonly number[], scale = 1): [string, fc.Arbitrary<FuzzRequest>, number][] {
  const n = (count: number) => Math.max(2, Math.round(count * scale))
  if (e.method === 'GET') {
    return [
      ['schema', validish(e.request, ids).map((v) => ({ query: toQuery(v) })), n(6)],
      ['hostile', hostileQuery(e.request).map((query) => ({ query })), n(8)],
    ]
  }
  return [
    ['schema', validish(e.request, ids).map((v) => ({ body: JSON.stringify(v), contentType: JSON_TYPE })), n(6)],
    ['hostile', hostileObject(e.request).map((v) => ({ body: JSON.stringify(v), contentType: JSON_TYPE })), n(6)],
    ['structure', structuralJson.map((body) => ({ body, contentType: JSON_TYPE })), n(4)],
    ['raw', rawBodies, n(4)],
  ]
}

/** The request schemas fuzzed at full scale in this file; an endpoint sharing one is run at the smallest scale. */
const schemasSeen = new Set<unknown>()

/** Runs every class of input against one endpoint; every answer must pass `expectSane`. */
export async function fuzzEndpoint(e: Endpoint, send: (req: FuzzRequest) => Promise<{ status: number; text: string; body: unknown }>, ids: readonly number[]) {
  const scale = schemasSeen.has(e.request) || !keysOf(e.request).length ? 0 : 1
  schemasSeen.add(e.request)
  for (const [name, arbitrary, numRuns] of inputClasses(e, ids, scale)) {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (req) => {
        sentCount[name] = (sentCount[name] ?? 0) + 1
        const res = await send(req)
        expectSane(res, `${name}: ${e.method} ${endpointUrl(e)} ${JSON.stringify(req).slice(0, 300)}`)
      }),
      runs(numRuns),
    )
  }
}
