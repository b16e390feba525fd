/**
 * Issue #45: 10,000 devices whose service ends the same day, locked by one sweep of the rental lifecycle
 * (runLifecycleSweep: lock records, tasks and audit entries each one INSERT … SELECT), then a second sweep that finds
 * nothing to do, then all of them lifted at once (the company turns the lock off). On PGlite (in memory) and, given
 * a URL, on PostgreSQL. Run alone: `tsx tests/bench/lifecycle-sweep.ts [postgres-url]`; `npm run bench` runs it too.
 */
import { eq, sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../src/server/db/client'
import { companies, tasks } from '../../src/server/db/schema'
import { lifecycleLocks, lifecyclePolicies } from '../../src/server/db/schema-lifecycle'
import { runLifecycleSweep } from '../../src/server/modules/lifecycle/sweep'
import type { BenchResult, Figure } from './lib'

const DAY = 86_400_000

async function seed(database: Database, count: number): Promise<Date> {
  const db = database.db
  const [company] = await db.insert(companies).values({ name: `lifecycle bench ${Date.now()}` }).returning({ id: companies.id })
  await db.insert(lifecyclePolicies).values({ companyId: company.id, autoLock: true, graceDays: 0, lockMessage: '请续费', lockPhone: '13800138000' })
  // Added the same day a year and a day ago (half Apple, half Huawei): every service period ended yesterday.
  const added = new Date(Date.now() - 366 * DAY)
  await db.execute(sql`insert into devices (company_id, platform, serial_number, created_at)
    select ${company.id}, case when i % 2 = 0 then 'IOS' else 'HUAWEI' end, 'LIFEBENCH' || lpad(i::text, 6, '0'), ${added.toISOString()}::timestamptz + (i || ' seconds')::interval
    from generate_series(1, ${count}) i`)
  await db.execute(sql`analyze devices`)
  return new Date()
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now()
  const value = await fn()
  return { ms: performance.now() - started, value }
}

export async function lifecycleSweepBench(engine: 'pglite' | 'postgres', url: string, count = 10_000): Promise<BenchResult> {
  const started = performance.now()
  const database = await openDatabase(url)
  try {
    const now = await seed(database, count)
    const deps = { db: database.db, appleMdm: { wake: async () => undefined } }
    const first = await timed(() => runLifecycleSweep(deps, now))
    const queued = await database.db.select({ n: sql<number>`count(*)::int` }).from(tasks)
    const again = await timed(() => runLifecycleSweep(deps, new Date(now.getTime() + 10 * DAY)))
    await database.db.update(lifecyclePolicies).set({ autoLock: false })
    const lift = await timed(() => runLifecycleSweep(deps, now))
    const locks = await database.db.select({ n: sql<number>`count(*)::int` }).from(lifecycleLocks).where(eq(lifecycleLocks.liftReason, 'DISABLED'))
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
    const figures: Figure[] = [
      {
        figure: `one sweep locks ${count.toLocaleString('en')} devices ending the same day (lock records, pay mode / service lock tasks, audit entries)`,
        target: '< 30 s',
        measured: `${s(first.ms)} (${first.value.locked.toLocaleString('en')} locked, ${queued[0].n.toLocaleString('en')} tasks)`,
        value: first.ms,
        pass: first.ms < 30_000 && first.value.locked === count && queued[0].n === count,
      },
      { figure: 'the next sweep, ten days later by its clock (nothing to lock again)', target: '—', measured: `${s(again.ms)} (${again.value.locked} locked)`, value: again.ms, pass: again.value.locked === 0 ? null : false },
      { figure: `the company turns the lock off: the next sweep lifts all ${count.toLocaleString('en')}`, target: '< 30 s', measured: `${s(lift.ms)} (${locks[0].n.toLocaleString('en')} lifted)`, value: lift.ms, pass: lift.ms < 30_000 && locks[0].n === count },
    ]
    return { name: `lifecycle-${engine}`, title: `Rental lifecycle sweep: ${count.toLocaleString('en')} devices on ${engine === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL'}`, figures, seconds: (performance.now() - started) / 1000 }
  } finally {
    await database.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { resultTable } = await import('./lib')
  console.log(resultTable(await lifecycleSweepBench('pglite', 'memory://')))
  if (process.argv[2]) console.log(resultTable(await lifecycleSweepBench('postgres', process.argv[2])))
}
