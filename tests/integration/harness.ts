import { randomBytes } from 'node:crypto'
import { getTableName, is, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { PgTable } from 'drizzle-orm/pg-core'
import * as schema from '../../src/server/db/schema'
import { createApp, createServices, MAIN_BASE } from '../../src/server/app'
import { allEndpoints } from '../../src/shared/contract/endpoints'
import { endpointUrl } from '../../src/shared/contract/endpoint'
import type { Services } from '../../src/server/context'
import { testConfig, type AppConfig } from '../../src/server/config'
import { embeddedClient, openDatabase, type Database } from '../../src/server/db/client'
import { demoAccounts, isEmpty, seedDemo, type DemoIds } from '../../src/server/demo/seed'
import { hashPassword } from '../../src/server/auth/password'

export const CAPTCHA = 'test'

export interface Harness {
  database: Database
  /** What the app's handlers reach (configuration, database, secret box …), for tests that call a service directly. */
  services: Services
  demo: DemoIds
  /** Calls the app's own request handler (no socket), like a client over HTTP. */
  call(method: string, path: string, opts?: { token?: string; json?: unknown; body?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; text: string; headers: Headers }>
  login(username: string, password?: string): Promise<string>
  reset(): Promise<void>
  close(): Promise<void>
}

const endpointByRoute = new Map(allEndpoints.map((e) => [`${e.method} ${endpointUrl(e)}`, e]))

/**
 * Every successful answer is parsed with its endpoint's response schema (issue #9), so a server answer that drifts
 * from the contract fails the test that received it, whatever that test asserts.
 */
function checkAnswer(method: string, url: string, body: unknown) {
  const endpoint = endpointByRoute.get(`${method} ${url.split('?')[0]}`)
  if (!endpoint || endpoint.binary) return
  const envelope = body as { code?: number; data?: unknown } | undefined
  if (envelope?.code !== 200) return
  const parsed = endpoint.response.safeParse(envelope.data)
  if (!parsed.success) throw new Error(`${method} ${url}: the answer does not match the endpoint's response schema: ${parsed.error.message}`)
}

const TABLES = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .map((t) => `"${getTableName(t)}"`)

function truncateAll(database: Database) {
  return database.db.execute(sql.raw(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`))
}

/** A table beyond this size is vacuumed after emptyAll (a few tests write tens of thousands of rows). */
const VACUUM_ABOVE_BYTES = 1 << 20

/**
 * Empties every table as truncateAll does, on the embedded database in ~5 ms instead of ~55 (TRUNCATE makes new files
 * for every table and index, which PGlite's in-memory file system pays for on each of the suite's ~1,400 resets):
 * rows deleted with triggers off (replica role: no foreign-key checks, no dashboard rollups, which are emptied too),
 * sequences restarted, the session cache told (the auth-change notice the triggers would have sent), and a table
 * left large by a test vacuumed so that the next test does not scan its dead rows.
 */
async function emptyAll(database: Database) {
  const client = embeddedClient(database.db)
  if (!client) return truncateAll(database)
  const sequences = await client.query<{ name: string }>(`select format('%I', relname) as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace`)
  await client.exec(
    [
      'set session_replication_role = replica',
      ...TABLES.map((t) => `delete from ${t}`),
      'set session_replication_role = origin',
      ...sequences.rows.map((s) => `select setval('${s.name}', 1, false)`),
      `select pg_notify('mdm_auth_changed', '')`,
    ].join(';\n'),
  )
  const large = await client.query<{ name: string }>(
    `select format('%I', relname) as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and pg_relation_size(oid) > ${VACUUM_ABOVE_BYTES}`,
  )
  for (const { name } of large.rows) await client.exec(`vacuum ${name}`)
}

/**
 * The demo passwords' hashes, each computed once per test file: scrypt costs ~40 ms, and the demo tenant is seeded
 * again before every test. A hash with its own salt verifies the same password, so logins are unaffected.
 */
const demoHashes = new Map<string, Promise<string>>()
const demoPasswordHash = (password: string) => {
  if (!demoHashes.has(password)) demoHashes.set(password, hashPassword(password))
  return demoHashes.get(password)!
}

/**
 * One in-memory PGlite per test file (opening one costs ~2 s, TOOLCHAIN.md); `reset()` empties the tables and
 * re-seeds the demo tenant between tests.
 */
export async function createHarness(overrides: Partial<AppConfig> = {}, databaseUrl = 'memory://'): Promise<Harness> {
  const database = await openDatabase(databaseUrl)
  if (!(await isEmpty(database.db))) await truncateAll(database)
  const services = createServices(testConfig(overrides), database.db)
  const app = createApp(services)
  const h: Harness = {
    database,
    services,
    demo: await seedDemo(database.db, demoPasswordHash),
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers }
      if (opts.token) headers.authorization = `Bearer ${opts.token}`
      let body = opts.body
      if (opts.json !== undefined) {
        headers['content-type'] = 'application/json'
        body = JSON.stringify(opts.json)
      }
      const url = path.startsWith('/') && !/^\/(mdm|huawei|openapi|agent)\//.test(path) ? MAIN_BASE + path : path
      const res = await app.request(url, { method, headers, body })
      const text = await res.text()
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        parsed = undefined
      }
      checkAnswer(method, url, parsed)
      return { status: res.status, body: parsed, text, headers: res.headers }
    },
    async login(username, password = username === 'admin' ? demoAccounts.admin.password : demoAccounts.boss.password) {
      const captcha = await h.call('GET', '/captcha')
      const res = await h.call('POST', '/login', { json: { username, password, captcha: CAPTCHA, captchaId: captcha.body.data.id } })
      if (res.body?.code !== 200) throw new Error(`login ${username} failed: ${res.text}`)
      return res.body.data.token as string
    },
    async reset() {
      await emptyAll(database)
      h.demo = await seedDemo(database.db, demoPasswordHash)
    },
    close: () => database.close(),
  }
  return h
}

/**
 * The harness of one test file: opened before its tests, reset to the demo seed before each, closed after.
 * Returns a handle usable at module level; it reaches the harness once the file's tests run.
 */
export function harnessForFile(overrides: Partial<AppConfig> = {}): Harness {
  return harnessOpenedBy(() => createHarness(overrides))
}

/**
 * harnessForFile on a PostgreSQL database of its own (on the server of MDM_TEST_POSTGRES_URL), for a file whose tests
 * run on both engines; call it inside `describe.runIf(process.env.MDM_TEST_POSTGRES_URL || process.env.CI)`.
 */
export function postgresHarnessForFile(prefix: string): Harness {
  let own: Awaited<ReturnType<typeof ownDatabase>> | undefined
  return harnessOpenedBy(
    async () => {
      const url = process.env.MDM_TEST_POSTGRES_URL
      if (!url) throw new Error('CI 中必须设置 MDM_TEST_POSTGRES_URL（由 .ci/run 启动 PostgreSQL）')
      own = await ownDatabase(url, prefix)
      return createHarness({}, own.url)
    },
    () => own?.drop(),
  )
}

function harnessOpenedBy(open: () => Promise<Harness>, afterClose?: () => Promise<void> | undefined): Harness {
  let inner: Harness | undefined
  beforeAll(async () => {
    inner = await open()
  })
  afterAll(async () => {
    await inner?.close()
    await afterClose?.()
  })
  beforeEach(() => inner!.reset())
  return new Proxy({} as Harness, {
    get(_target, key) {
      if (!inner) throw new Error('harnessForFile: the harness is reached only inside tests and hooks')
      return inner[key as keyof Harness]
    },
  })
}

/**
 * A fresh database of its own on the PostgreSQL server of `url` (a superuser's), so that test files running in
 * parallel never share tables and nothing is left behind: `drop()` removes it again.
 */
export async function ownDatabase(url: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg')
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database "${name}"`)
  const target = new URL(url)
  target.pathname = `/${name}`
  /**
   * `pool.end()` resolves before its sockets have closed; a forced drop at that moment terminates a backend whose client
   * is still reading and the FATAL it sends surfaces as an uncaught error. So wait (up to 5 s) for the last session to
   * leave — PostgreSQL answers 55006 while one remains — and force only if one never does.
   */
  const drop = async () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        return await admin(`drop database if exists "${name}"`)
      } catch (error) {
        if ((error as { code?: string }).code !== '55006') throw error
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    await admin(`drop database if exists "${name}" with (force)`)
  }
  return { url: target.toString(), drop }
}

/**
 * The statements `work` sends to a harness's embedded database: what a protocol exchange costs in round trips. Every
 * statement outside a transaction goes through the client's query; a transaction counts its BEGIN and COMMIT and each
 * statement in it.
 */
export async function statementsOf(h: Harness, work: () => Promise<unknown>): Promise<number> {
  const client = embeddedClient(h.database.db)!
  const [query, transaction] = [client.query.bind(client), client.transaction.bind(client)]
  let count = 0
  client.query = ((...args: Parameters<typeof query>) => (count++, query(...args))) as typeof client.query
  client.transaction = ((work: Parameters<typeof transaction>[0]) => {
    count += 2
    return transaction((tx) => {
      const inner = tx.query.bind(tx)
      tx.query = ((...args: Parameters<typeof inner>) => (count++, inner(...args))) as typeof tx.query
      return work(tx)
    })
  }) as typeof client.transaction
  try {
    await work()
  } finally {
    Object.assign(client, { query, transaction })
  }
  return count
}
