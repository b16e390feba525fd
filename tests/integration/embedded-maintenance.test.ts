import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { openDatabase, type Database, type Db } from '../../src/server/db/client'
import { maintainDue, REMAINTAIN_MS, startEmbeddedMaintenance, tablesDue } from '../../src/server/db/embedded-maintenance'

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows

/** `n` more devices of one company, half Huawei, a quarter Mi, a quarter iOS. */
async function addDevices(db: Db, n: number, from: number) {
  await db.execute(sql`
    insert into devices (company_id, platform, serial_number, renter_name)
    select (select min(id) from companies), (array['HUAWEI','HUAWEI','MI','IOS'])[1 + g % 4], 'SN' || g, '王' || (g % 50)
    from generate_series(${from}::int, ${from + n - 1}::int) as g`)
}

/** The planner's row estimate of the Mi devices (the truth is a quarter of them). */
async function estimatedMi(db: Db): Promise<number> {
  const [plan] = await rows<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] | string }>(db, sql`explain (format json) select 1 from devices where platform = 'MI'`)
  const parsed = typeof plan['QUERY PLAN'] === 'string' ? JSON.parse(plan['QUERY PLAN']) : plan['QUERY PLAN']
  return parsed[0].Plan['Plan Rows']
}

describe('the embedded database keeps its own statistics (no autovacuum in PGlite)', () => {
  let database: Database
  let db: Db
  beforeEach(async () => {
    database = await openDatabase('memory://')
    db = database.db
    await db.execute(sql`insert into companies (name) values ('维护测试公司')`)
  })
  afterEach(async () => {
    await database.close()
  })

  it('analyzes a table that has data and was never analyzed, so the planner knows its values', async () => {
    await addDevices(db, 4000, 1)
    const now = Date.now()
    expect(await tablesDue(db, now)).toEqual(expect.arrayContaining([{ table: 'devices', reason: 'never analyzed' }, { table: 'companies', reason: 'never analyzed' }]))
    // Without statistics the planner guesses (a default share of the rows), far from the 1,000 Mi devices.
    expect(Math.abs((await estimatedMi(db)) - 1000)).toBeGreaterThan(300)

    const done = new Map<string, number>()
    const maintained = await maintainDue(db, now, done)
    expect(maintained.map((d) => d.table)).toContain('devices')
    expect(done.get('devices')).toBe(now)
    expect(Math.abs((await estimatedMi(db)) - 1000)).toBeLessThan(100)
    const [devices] = await rows<{ reltuples: number }>(db, sql`select reltuples::float8 as reltuples from pg_class where relname = 'devices'`)
    expect(devices.reltuples).toBe(4000)
    // The columns' statistics, the extended ones over company, platform and bin, and the renter grams' (the planner's
    // estimate of a renter name's candidates).
    expect(await rows(db, sql`select 1 from pg_stats where tablename = 'devices' and attname = 'platform'`)).toHaveLength(1)
    expect(await rows(db, sql`select 1 from pg_stats_ext where statistics_name = 'devices_list_stats' and most_common_vals is not null`)).toHaveLength(1)
    expect(await rows(db, sql`select 1 from pg_stats where tablename = 'devices_renter_name_grams_idx' and most_common_elems is not null`)).toHaveLength(1)
    // Nothing is due right after.
    expect(await tablesDue(db, now, done)).toEqual([])
  })

  it('knows a table was never analyzed from its statistics, though an index built over its rows counted them', async () => {
    // As a migration that rebuilt an index did on a database that already held devices.
    await addDevices(db, 2000, 1)
    await db.execute(sql`create index devices_test_serial_idx on devices (serial_number)`)
    const [counted] = await rows<{ reltuples: number }>(db, sql`select reltuples::float8 as reltuples from pg_class where relname = 'devices'`)
    expect(counted.reltuples).toBe(2000)
    expect(await tablesDue(db, Date.now())).toContainEqual({ table: 'devices', reason: 'never analyzed' })
  })

  it('analyzes a table again once it has grown by a tenth, and a day after it last did', async () => {
    await addDevices(db, 4000, 1)
    const start = Date.now()
    const done = new Map<string, number>()
    await maintainDue(db, start, done)
    await addDevices(db, 100, 10_000)
    expect((await tablesDue(db, start, done)).map((d) => d.table)).not.toContain('devices')
    await addDevices(db, 1000, 20_000)
    expect(await tablesDue(db, start, done)).toContainEqual({ table: 'devices', reason: 'grown' })
    await maintainDue(db, start, done)
    expect(await tablesDue(db, start + REMAINTAIN_MS - 1, done)).toEqual([])
    expect(await tablesDue(db, start + REMAINTAIN_MS, done)).toContainEqual({ table: 'devices', reason: 'a day since' })
    // After a restart (nothing remembered) a table counts from the server's start.
    expect(await tablesDue(db, start + REMAINTAIN_MS - 1, new Map(), start)).toEqual([])
    expect(await tablesDue(db, start + REMAINTAIN_MS, new Map(), start)).toContainEqual({ table: 'devices', reason: 'a day since' })
    expect(await tablesDue(db, start + REMAINTAIN_MS, new Map())).toEqual([])
    // Empty tables are left alone.
    expect((await tablesDue(db, start + REMAINTAIN_MS, done)).map((d) => d.table)).not.toContain('announcements')
  })

  it('looks on its own schedule until stopped, and a failed look is reported and does not stop the next', async () => {
    await addDevices(db, 500, 1)
    const errors: unknown[] = []
    const maintenance = startEmbeddedMaintenance(db, { firstCheckMs: 1, checkMs: 5, onError: (e) => errors.push(e) })!
    await expect.poll(() => maintenance.passes(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    const [devices] = await rows<{ reltuples: number }>(db, sql`select reltuples::float8 as reltuples from pg_class where relname = 'devices'`)
    expect(devices.reltuples).toBe(500)
    await maintenance.stop()
    const passes = maintenance.passes()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(maintenance.passes()).toBe(passes)
    expect(errors).toEqual([])

    // The first look fails (a database that does not answer): reported, and the next look does the work.
    let looks = 0
    const flaky = Object.create(db, {
      execute: { value: (query: ReturnType<typeof sql>) => (++looks === 1 ? Promise.reject(new Error('no answer')) : db.execute(query)) },
    }) as Db
    await addDevices(db, 500, 1000)
    const retrying = startEmbeddedMaintenance(flaky, { firstCheckMs: 1, checkMs: 5, onError: (e) => errors.push(e) })!
    await expect.poll(() => retrying.passes(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    await retrying.stop()
    expect(errors.map((e) => (e as Error).message)).toEqual(['no answer'])
    const [grown] = await rows<{ reltuples: number }>(db, sql`select reltuples::float8 as reltuples from pg_class where relname = 'devices'`)
    expect(grown.reltuples).toBe(1000)
  })

  it('does nothing on PostgreSQL, whose autovacuum keeps its statistics', () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' })
    expect(startEmbeddedMaintenance(drizzle(pool) as unknown as Db)).toBeNull()
    void pool.end()
  })
})
