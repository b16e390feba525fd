import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { endpointUrl, type Endpoint } from '../../src/shared/contract/endpoint'
import { commonPhrases, registrations, tasks } from '../../src/server/db/schema'
import type { Harness } from './harness'
import { FUZZ_SEED, toQuery, validish } from './fuzz-inputs'
import { makeDevice, MISSING_ID, signOpenApi } from './org-builders'

/**
 * The generated tenant matrix's pieces (issue #10): which objects an id key names, the victim's objects of every
 * kind, a valid request around a chosen id, and everything stored about the victim to compare before and after.
 */

export type Kind = 'device' | 'company' | 'user' | 'role' | 'registration' | 'phrase' | 'task'
type Victims = Record<Kind, (number | string)[]>

/** The kinds of object an id key can name; `id` alone can name any of them. */
const kindsOfKey: Record<string, Kind[]> = {
  deviceId: ['device'],
  companyId: ['company'],
  targetCompanyId: ['company'],
  staffId: ['user'],
  targetStaffId: ['user'],
  bossId: ['user'],
  roleId: ['role'],
  taskId: ['task'],
}
/** Integer keys that name no object of this platform: an App Store app's id is Apple's, not a tenant's. */
const notObjects = new Set(['itunesStoreId'])

const numericKinds: Kind[] = ['device', 'company', 'user', 'role', 'registration', 'phrase']

interface Property {
  type?: string
  anyOf?: Property[]
}

/** The id keys of an endpoint's request, each with the kinds of object it may name (captcha ids and the like are not objects). */
export function idKeysOf(e: Endpoint): [string, Kind[]][] {
  const js = z.toJSONSchema(e.request, { io: 'output', unrepresentable: 'any' }) as { properties?: Record<string, Property>; oneOf?: { properties?: Record<string, Property> }[] }
  const props = { ...Object.assign({}, ...(js.oneOf ?? []).map((o) => o.properties)), ...js.properties } as Record<string, Property>
  const isInteger = (p: Property): boolean => p.type === 'integer' || (p.anyOf ?? []).some(isInteger)
  return Object.entries(props)
    .filter(([key, p]) => !notObjects.has(key) && (key === 'id' || /Id$/.test(key)) && (kindsOfKey[key] || isInteger(p)))
    .map(([key]) => [key, kindsOfKey[key] ?? numericKinds])
}

/** Objects of every kind in the demo tenant: devices of each platform in the boss company and one in a child, tasks, phrases, a registration. */
export async function victimObjects(h: Harness): Promise<Victims> {
  const d = h.demo
  const db = h.database.db
  const devices = [
    ...(await Promise.all((['IOS', 'HUAWEI', 'MI'] as const).map((platform) => makeDevice(h, { platform })))),
    await makeDevice(h, { platform: 'HUAWEI', companyId: d.westCompanyId }),
  ]
  const taskRows = await db
    .insert(tasks)
    .values(devices.map((dev, i) => ({ taskId: `victim-task-${i}`, deviceId: dev.id, companyId: dev.companyId, type: dev.platform === 'IOS' ? 'DeviceLock' : 'check' })))
    .returning()
  const phrases = await db.insert(commonPhrases).values({ companyId: d.bossCompanyId, type: 'PHONE', value: '13800001111' }).returning()
  const [registration] = await db
    .insert(registrations)
    .values({ username: 'victim-applicant', companyName: '申请公司', contactName: '申请人', phoneNumber: '13900000009', passwordHash: 'x' })
    .returning()
  return {
    device: devices.map((r) => r.id),
    company: [d.bossCompanyId, d.westCompanyId],
    user: [d.bossId, d.westUserId, d.staffId],
    role: [d.staffRoleId],
    registration: [registration.id],
    phrase: phrases.map((p) => p.id),
    task: taskRows.map((t) => t.taskId),
  }
}

/**
 * A digest of everything stored about the demo tenant, per table (one query: it runs twice per endpoint): its
 * companies, accounts, roles, quota, devices, keys, tasks and phrases, and the registrations.
 */
export async function victimRows(h: Harness): Promise<Record<string, string>> {
  const ids = [h.demo.bossCompanyId, h.demo.eastCompanyId, h.demo.westCompanyId].join(',')
  const digest = (table: string, where: string) => `(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) FROM ${table} t ${where}) AS ${table}`
  const inTenant = `WHERE t.company_id IN (${ids})`
  const tables = ['users', 'roles', 'quota_accounts', 'quota_records', 'devices', 'access_keys', 'tasks', 'common_phrases']
  const columns = [
    digest('companies', `WHERE t.id IN (${ids}) OR t.parent_id IN (${ids})`),
    ...tables.map((t) => digest(t, inTenant)),
    digest('registrations', ''),
  ]
  const result = await h.database.db.execute(sql.raw(`SELECT ${columns.join(', ')}`))
  return (result as unknown as { rows: Record<string, string>[] }).rows[0]
}

const asQueryObject = (v: unknown) => Object.fromEntries(new URLSearchParams(toQuery(v)))

/**
 * A request the endpoint's schema accepts with `key` set to `id` and the other id keys set to the attacker's own
 * objects, so that the request reaches the check of that id. Generated from the schema with the fixed seed.
 */
export function requestWith(e: Endpoint, key: string, id: number | string, own: Partial<Record<string, number>>): Record<string, unknown> {
  const candidates = fc.sample(validish(e.request, []), { numRuns: 60, seed: FUZZ_SEED })
  const fill = (v: unknown) => {
    const base = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
    const others = Object.fromEntries(idKeysOf(e).filter(([k]) => k !== key && own[k] !== undefined).map(([k]) => [k, own[k]]))
    return { ...base, ...others, [key]: id }
  }
  const parses = (v: Record<string, unknown>) => e.request.safeParse(e.method === 'GET' ? asQueryObject(v) : v).success
  return candidates.map(fill).find(parses) ?? fill(candidates[0])
}

/** A caller of the matrix: a console session, and for the open API an access key. */
export interface Attacker {
  name: string
  token: string
  key?: { accessKey: string; accessSecret: string }
  own: Partial<Record<string, number>>
}

/** Sends a request as the attacker, the open API's signed; GET parameters in the query. */
export function callAs(h: Harness, a: Attacker, e: Endpoint, req: Record<string, unknown>) {
  const query = e.method === 'GET' ? toQuery(req) : ''
  const path = endpointUrl(e) + (query ? `?${query}` : '')
  const body = e.method === 'GET' ? undefined : JSON.stringify(req)
  const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {}
  if (e.base !== 'open') return h.call(e.method, path, { token: a.token, body, headers })
  const s = signOpenApi(a.key!.accessSecret, e.method, path, body ?? '')
  return h.call(e.method, `http://localhost${path}`, { body, headers: { ...headers, 'x-access-key': a.key!.accessKey, 'x-timestamp': s.timestamp, 'x-nonce': s.nonce, 'x-signature': s.signature } })
}

export const MISSING: Record<Kind, number | string> = { device: MISSING_ID, company: MISSING_ID, user: MISSING_ID, role: MISSING_ID, registration: MISSING_ID, phrase: MISSING_ID, task: 'missing-task-0000' }
