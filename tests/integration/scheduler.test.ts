import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { setTimeout as sleep } from 'node:timers/promises'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/client'
import { jobs } from '../../src/server/db/schema'
import { Scheduler, type Job } from '../../src/server/jobs/scheduler'
import { ownDatabase } from './harness'

const postgresUrl = process.env.MDM_TEST_POSTGRES_URL

/** Waits until `check` holds (the database's clock moves on its own; no fixed sleep decides a result). */
async function until(check: () => Promise<boolean> | boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached')
    await sleep(20)
  }
}

/** A job that counts its runs and can be held open until released. */
function countingJob(name: string, everyMs: number) {
  let release: (() => void) | undefined
  const job: Job & { runs: number; turns: { startedAt: Date; previousStartedAt: Date | null }[]; hold: boolean; open(): void } = {
    name,
    everyMs,
    runs: 0,
    turns: [],
    hold: false,
    open: () => release?.(),
    run: async ({ signal, startedAt, previousStartedAt }) => {
      job.runs++
      job.turns.push({ startedAt, previousStartedAt })
      if (job.hold) await new Promise<void>((resolve) => ((release = resolve), signal.addEventListener('abort', () => resolve())))
    },
  }
  return job
}

describe.each([['PGlite', 'memory://'], ...(postgresUrl ? [['PostgreSQL', postgresUrl]] : [])])('the job scheduler on %s', (_engine, url) => {
  let database: Database
  let own: Awaited<ReturnType<typeof ownDatabase>> | undefined
  beforeAll(async () => {
    own = url.startsWith('postgres') ? await ownDatabase(url, 'mdm_test_jobs') : undefined
    database = await openDatabase(own?.url ?? url)
  })
  afterAll(async () => {
    await database?.close()
    await own?.drop()
  })

  it('runs a job once of two schedulers at once, not again before its interval, then again', async () => {
    const [a, b] = [countingJob('once', 60_000), countingJob('once', 60_000)]
    const [one, two] = [new Scheduler(database.db).add(a), new Scheduler(database.db).add(b)]
    const ran = await Promise.all([one.runDue(), two.runDue()])
    expect(ran.flat()).toEqual([expect.objectContaining({ name: 'once', ok: true })])
    expect(a.runs + b.runs).toBe(1)
    // Its turn has not come again: neither runs it.
    expect([...(await one.runDue()), ...(await two.runDue())]).toEqual([])
    // An interval read at each look: once 100 ms have passed since that run started, it is due again.
    a.everyMs = b.everyMs = 100
    await until(async () => (await one.runDue()).length === 1)
    expect(a.runs + b.runs).toBe(2)
    // Each run is told its turn and the one before it: consecutive windows, no moment in two.
    const [first, second] = [...a.turns, ...b.turns].sort((x, y) => x.startedAt.getTime() - y.startedAt.getTime())
    expect(first.previousStartedAt).toBeNull()
    expect(second.previousStartedAt).toEqual(first.startedAt)
    expect(second.startedAt.getTime() - first.startedAt.getTime()).toBeGreaterThanOrEqual(100)
    const [row] = await database.db.select().from(jobs).where(eq(jobs.name, 'once'))
    expect(row).toMatchObject({ runs: 2, leaseOwner: null, leaseUntil: null, lastError: null })
  })

  it('never runs a job twice at a time, even when forced, and records a failure', async () => {
    const a = countingJob('held', 60_000)
    a.hold = true
    const [one, two] = [new Scheduler(database.db).add(a), new Scheduler(database.db).add({ ...countingJob('held', 60_000), run: () => Promise.reject(new Error('坏了')) })]
    const first = one.runNow('held')
    await until(() => a.runs === 1)
    expect(await two.runNow('held')).toBeNull()
    a.open()
    expect(await first).toMatchObject({ ok: true })
    expect(await two.runNow('held')).toMatchObject({ ok: false })
    const [row] = await database.db.select().from(jobs).where(eq(jobs.name, 'held'))
    expect(row).toMatchObject({ runs: 2, lastError: '坏了', leaseOwner: null })
  })

  it('takes over the job of a process that died mid-run once its lease runs out', async () => {
    const job = countingJob('orphan', 60_000)
    const scheduler = new Scheduler(database.db).add(job)
    await database.db.insert(jobs).values({ name: 'orphan', leaseOwner: 'dead:1', leaseUntil: sql`now() + interval '150 milliseconds'`, lastStartedAt: sql`now()` })
    expect(await scheduler.runNow('orphan')).toBeNull()
    await until(async () => (await scheduler.runNow('orphan')) !== null)
    expect(job.runs).toBe(1)
  })

  it('stops: the run under way is aborted and its lease given back; no new run starts', async () => {
    const job = countingJob('stopping', 60_000)
    job.hold = true
    const scheduler = new Scheduler(database.db).add(job)
    const run = scheduler.runNow('stopping')
    await until(() => job.runs === 1)
    await scheduler.stop()
    expect(await run).toMatchObject({ ok: true })
    expect(await scheduler.runNow('stopping')).toBeNull()
    const [row] = await database.db.select().from(jobs).where(eq(jobs.name, 'stopping'))
    expect(row.leaseOwner).toBeNull()
  })
})

describe.runIf(postgresUrl)('the job scheduler across two server processes on one PostgreSQL', () => {
  let own: Awaited<ReturnType<typeof ownDatabase>>
  let database: Database
  const children: ChildProcess[] = []
  beforeAll(async () => {
    own = await ownDatabase(postgresUrl ?? '', 'mdm_test_jobs_two')
    database = await openDatabase(own.url)
    await database.db.execute(sql`create table scheduler_probe (id serial primary key, owner text not null, started timestamptz not null, finished timestamptz)`)
  })
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL')
    await database?.close()
    await own?.drop()
  })

  it('runs each turn of a job in one process only, turns never overlapping, and both stop on SIGTERM', async () => {
    for (let i = 0; i < 2; i++) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/fixtures/scheduler-worker.ts'], {
        env: { ...process.env, DATABASE_URL: own.url },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      children.push(child)
      await once(child.stdout!, 'data')
    }
    const probes = async () =>
      (await database.db.execute(sql`select owner, started, finished from scheduler_probe order by started`).then((r) => (r as unknown as { rows: unknown[] }).rows)) as {
        owner: string
        started: Date
        finished: Date | null
      }[]
    await until(async () => new Set((await probes()).map((p) => p.owner)).size === 2 && (await probes()).length >= 8, 15_000)
    await Promise.all(children.map(async (child) => (child.kill('SIGTERM'), (await once(child, 'exit'))[0] as number)))
    expect(children.map((c) => c.exitCode)).toEqual([0, 0])
    const runs = await probes()
    for (let i = 1; i < runs.length; i++) {
      // Each turn starts after the one before it finished, and a whole interval (200 ms) after it started.
      expect(new Date(runs[i].started).getTime()).toBeGreaterThanOrEqual(new Date(runs[i - 1].finished ?? 0).getTime())
      expect(new Date(runs[i].started).getTime() - new Date(runs[i - 1].started).getTime()).toBeGreaterThanOrEqual(199)
    }
    expect(runs.every((r) => r.finished !== null)).toBe(true)
  }, 30_000)
})
