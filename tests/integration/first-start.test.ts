import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, it, onTestFinished } from 'vitest'
import { ownDatabase } from './harness'
import { folders, startChild } from './server-processes'

/**
 * Issue #44: two server processes started at the same instant on one empty PostgreSQL database (a first deploy of two
 * processes) both start and seed it once: one administrator, and with MDM_DEMO one demo tenant. Unlocked, both found the
 * database empty and both seeded it; the second administrator broke the unique name and that process did not start.
 */
const postgresUrl = process.env.MDM_TEST_POSTGRES_URL

/** Two processes at once on a fresh database; both answer ready. Returns what the database holds after them. */
async function startTwoAtOnce(demo: boolean) {
  if (!postgresUrl) throw new Error('CI 中必须设置 MDM_TEST_POSTGRES_URL（由 .ci/run 启动 PostgreSQL）')
  const db = await ownDatabase(postgresUrl, 'mdm_first_start')
  const dir = mkdtempSync(path.join(tmpdir(), 'mdm-first-start-'))
  folders.push(dir)
  const key = randomBytes(32).toString('hex')
  const env = (slot: number) => ({
    DATABASE_URL: db.url,
    MDM_SECRET_KEY: key,
    MDM_CA_DIR: path.join(dir, `ca-${slot}`),
    MDM_DEMO: demo ? 'on' : 'off',
    // The demo's tenant and its devices' rows, without simulated devices polling in the background.
    MDM_DEMO_DEVICES: 'off',
  })
  const children: ChildProcess[] = []
  const client = new pg.Client({ connectionString: db.url })
  // Once, at the end or at a timeout (which skips `finally`: the processes would outlive the test, holding the database).
  let cleaned: Promise<void> | undefined
  const cleanUp = () =>
    (cleaned ??= (async () => {
      for (const child of children) child.kill('SIGKILL')
      await client.end()
      await db.drop()
    })())
  onTestFinished(cleanUp)
  const started = await Promise.allSettled([0, 1].map(async (slot) => {
    const proc = await startChild(env(slot))
    children.push(proc.child)
    return proc
  }))
  try {
    const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason).slice(0, 2000)] : []))
    expect(failures).toEqual([])
    const procs = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
    for (const { url } of procs) expect((await fetch(`${url}/readyz`)).status).toBe(200)
    await client.connect()
    const count = async (query: string, params: unknown[] = []) => (await client.query<{ n: number }>(query, params)).rows[0].n
    return {
      admins: await count(`select count(*)::int as n from users where kind = 'ADMIN'`),
      users: await count(`select count(*)::int as n from users`),
      demoCompanies: await count(`select count(*)::int as n from companies where name = $1`, ['演示租赁公司']),
      companies: await count(`select count(*)::int as n from companies`),
    }
  } finally {
    await cleanUp()
  }
}

describe.runIf(postgresUrl || process.env.CI)('two processes starting at once on an empty PostgreSQL database', () => {
  it('both become ready and seed it once: one administrator, and with MDM_DEMO one demo tenant', async () => {
    // Both modes at once (four processes, two databases): each pair's race is its own, and the file takes one start.
    const [plain, demo] = await Promise.all([startTwoAtOnce(false), startTwoAtOnce(true)])
    expect(plain).toEqual({ admins: 1, users: 1, demoCompanies: 0, companies: 0 })
    // The administrator, the boss, two child companies' users and a staff member; the boss company and its two children.
    expect(demo).toEqual({ admins: 1, users: 5, demoCompanies: 1, companies: 3 })
  }, 60_000)
})
