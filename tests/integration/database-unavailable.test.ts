import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp, createServices } from '../../src/server/app'
import { testConfig } from '../../src/server/config'
import type { Db } from '../../src/server/db/client'
import * as schema from '../../src/server/db/schema'
import { createHarness, ownDatabase } from './harness'
import { captureLog } from '../../src/server/log'

describe('a database that cannot be reached', () => {
  // Port 1 refuses at once: every query fails the way a stopped PostgreSQL makes it fail.
  const pool = new pg.Pool({ connectionString: 'postgres://mdm:mdm@127.0.0.1:1/mdm', connectionTimeoutMillis: 2000 })
  afterAll(() => pool.end())

  it('answers 503 with a Chinese message, not 500', async () => {
    const app = createApp(createServices(testConfig(), drizzle({ client: pool, schema }) as unknown as Db))
    const quiet = captureLog()
    try {
      // (A captcha is drawn without the database since issue #41; a sign-in counts its attempt there first.)
      const login = JSON.stringify({ username: 'demo', password: 'x', captcha: 'test', captchaId: 'v1.x' })
      for (const [method, path, body] of [['POST', '/mdm/api/v1/login', login], ['POST', '/mdm/api/v1/userCenter/info', undefined]]) {
        const res = await app.request(path!, { method, body, headers: { authorization: 'Bearer x', ...(body ? { 'content-type': 'application/json' } : {}) } })
        expect(res.status).toBe(503)
        expect(await res.json()).toEqual({ code: 503, msg: '数据库暂时不可用，请稍后重试', data: null })
      }
      expect(quiet.lines().filter((l) => l.level === 50)).not.toEqual([])
      expect(quiet.text()).not.toContain('Bearer')
    } finally {
      quiet.restore()
    }
  })
})

/** On real PostgreSQL (MDM_TEST_POSTGRES_URL, as postgres.test.ts): connections cut by the server are replaced. */
describe.runIf(process.env.MDM_TEST_POSTGRES_URL)('PostgreSQL cutting the connections', () => {
  it('recovers by itself: after the server ends every connection, the next requests succeed', async () => {
    // A database of its own: ending "every connection of the database" must not reach another test file's.
    const own = await ownDatabase(process.env.MDM_TEST_POSTGRES_URL!, 'mdm_test_cut')
    const h = await createHarness({}, own.url)
    try {
      // A request that reads the database (the session of a token): a captcha is drawn without it since issue #41, so
      // answered, it said nothing of the pool, and the `select 1` below could be the first to meet a cut connection.
      const session = async () => (await h.call('POST', '/userCenter/info', { token: 'not-a-session' })).body.code as number
      expect(await session()).toBe(401)
      const admin = new pg.Client({ connectionString: own.url })
      await admin.connect()
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')
      await admin.end()
      // A request may land on a connection being cut (503); within a few tries the pool has new ones.
      const codes: number[] = []
      for (let i = 0; i < 5 && codes.at(-1) !== 401; i++) codes.push(await session())
      expect(codes.every((code) => code === 401 || code === 503)).toBe(true)
      expect(codes.at(-1)).toBe(401)
      await h.database.db.execute(sql`select 1`)
    } finally {
      await h.close()
      await own.drop()
    }
  })
})
