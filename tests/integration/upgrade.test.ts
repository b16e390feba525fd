import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { testConfig } from '../../src/server/config'
import { startServer } from '../../src/server/main'
import { captureLog } from '../../src/server/log'
import { ownDatabase } from './harness'

/**
 * Issue #44: an upgrade. tests/fixtures/upgrade/release-a24c6d2.sql is the database an earlier release made (its
 * migrations and its demo data, dumped by make-fixture.sh beside it). Today's server starts on it, applies the
 * migrations since, and every row is still there and every device answers in the console; a command can be sent.
 */
const postgresUrl = process.env.MDM_TEST_POSTGRES_URL
const FIXTURE = new URL('../fixtures/upgrade/release-a24c6d2.sql', import.meta.url)
/** The fixture's secret key (make-fixture.sh): its stored secrets were sealed with it. */
const KEY = '5f1b3c0d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c'

async function rowCounts(client: pg.Client): Promise<Record<string, number>> {
  const tables = await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
  const counts: Record<string, number> = {}
  for (const { name } of tables.rows) counts[name] = Number((await client.query(`select count(*) as n from public."${name}"`)).rows[0].n)
  return counts
}

describe.runIf(postgresUrl || process.env.CI)('an upgrade from an earlier release', () => {
  it('keeps every row, and every device of the earlier database answers and takes commands', async () => {
    if (!postgresUrl) throw new Error('CI 中必须设置 MDM_TEST_POSTGRES_URL（由 .ci/run 启动 PostgreSQL）')
    const db = await ownDatabase(postgresUrl, 'mdm_upgrade')
    const caDir = mkdtempSync(path.join(tmpdir(), 'mdm-upgrade-'))
    const client = new pg.Client({ connectionString: db.url })
    await client.connect()
    const log = captureLog()
    let server: Awaited<ReturnType<typeof startServer>> | undefined
    try {
      await client.query(readFileSync(FIXTURE, 'utf8'))
      await client.query(`select pg_catalog.set_config('search_path', 'public', false)`)
      const before = await rowCounts(client)
      const applied = Number((await client.query('select count(*) as n from drizzle.__drizzle_migrations')).rows[0].n)
      const devices = (await client.query<{ id: number; platform: string; serial_number: string }>('select id, platform, serial_number from devices order by id')).rows
      expect(devices.length).toBeGreaterThan(0)

      server = await startServer({ ...testConfig(), databaseUrl: db.url, secretKey: Buffer.from(KEY, 'hex'), port: 0, host: '127.0.0.1', apple: { ...testConfig().apple, caDir } })
      const base = server.url
      expect((await fetch(`${base}/readyz`)).status).toBe(200)
      // The migrations since the release ran; no row of its was lost.
      expect(Number((await client.query('select count(*) as n from drizzle.__drizzle_migrations')).rows[0].n)).toBeGreaterThan(applied)
      const after = await rowCounts(client)
      for (const [table, n] of Object.entries(before)) expect(after[table], table).toBeGreaterThanOrEqual(n)
      for (const table of ['users', 'companies', 'devices', 'tasks', 'apple_enrollments', 'quota_accounts']) expect(after[table], table).toBe(before[table])

      // The earlier release's demo boss signs in with its password; each of its devices answers in the console.
      const api = async (method: string, route: string, body?: unknown, token?: string) => {
        const res = await fetch(base + route, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        return (await res.json()) as { code: number; msg: string; data: any }
      }
      const captcha = await api('GET', '/mdm/api/v1/captcha')
      const login = await api('POST', '/mdm/api/v1/login', { username: 'demo', password: 'Demo@2026', captcha: 'test', captchaId: captcha.data.id })
      expect(login.code, login.msg).toBe(200)
      const token = login.data.token as string
      const detailOf: Record<string, string> = { HUAWEI: '/huawei/mdm/api/v1/device/detail', MI: '/huawei/mdm/api/v1/mi/device/detail', IOS: '/mdm/api/v1/myDevice/detail' }
      for (const device of devices) {
        const detail = await api('GET', `${detailOf[device.platform]}?deviceId=${device.id}`, undefined, token)
        expect(detail.code, `${device.platform} ${device.serial_number}: ${detail.msg}`).toBe(200)
        expect(detail.data.serialNumber).toBe(device.serial_number)
      }
      const huawei = devices.find((d) => d.platform === 'HUAWEI')!
      const queued = await api('POST', '/huawei/mdm/api/v1/device/command/check', { deviceId: huawei.id }, token)
      expect(queued.code, queued.msg).toBe(200)
      const status = await api('GET', `/mdm/api/v1/task/status?taskId=${queued.data.taskId}`, undefined, token)
      expect(status.data.status).toBe('QUEUED')
    } finally {
      log.restore()
      await server?.stop()
      await client.end()
      await db.drop()
      rmSync(caDir, { recursive: true, force: true })
    }
  }, 90_000)
})
