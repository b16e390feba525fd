import { sql } from 'drizzle-orm'
import { isEmbedded, type Db } from './client'
import { logError } from '../log'

/**
 * The embedded database's autovacuum (issue #16). PGlite runs no background workers, so nothing ever vacuumed or
 * analyzed it: a server that grew from an empty database to 100,000 devices planned every search without statistics
 * (the planner's defaults: a platform is 0.5 % of the rows), and its searches ran 3-5x slower than the benchmark's
 * analyzed copy (first page p50 17.6 ms, serial 37.9, renter 35.7, status 28.2; analyzed 2.0-2.6, 2.6-3.3, 3.8-7.1,
 * 5.1-8.1).
 * PostgreSQL's own autovacuum does this there, and this does nothing on it.
 *
 * A table is vacuumed and analyzed when it holds data and was never analyzed, when it has grown by a tenth (in pages)
 * since it last was, or a day after this server last did it (or started). PGlite runs on this thread, so a pass holds every
 * request while it runs (at 100,000 devices ~0.8 s for the devices, milliseconds for small tables); it runs one
 * table at a time, giving the event loop back between statements.
 */

/** How often the tables are looked at (one small catalog query). */
export const MAINTENANCE_CHECK_MS = 10 * 60_000
/** The first look after start-up: a database that grew before this existed is analyzed soon, not at start. */
export const MAINTENANCE_FIRST_CHECK_MS = 30_000
/** A table that has grown by this share of its pages since it was last analyzed is analyzed again. */
export const GROWTH_SHARE = 0.1
/** …and by at least this many pages, so that a table of a page or two is not analyzed on every look. */
const GROWTH_MIN_PAGES = 2
/** Whatever its growth, a table is maintained again after this long since this server last did it or started (its values change). */
export const REMAINTAIN_MS = 24 * 3600_000

export interface TableDue {
  table: string
  reason: 'never analyzed' | 'grown' | 'a day since'
}

/**
 * The tables of the application's schema that want a VACUUM and ANALYZE now. `lastDone`: when this server last
 * maintained each (PGlite's activity statistics are not kept, so the time is remembered here); a table it has not
 * maintained counts from `since` (the server's start), so that each comes due a day after a restart at the latest.
 * "Never analyzed" is read from the statistics themselves: CREATE INDEX and VACUUM set a table's row count too (a
 * database that held devices when a migration rebuilt an index has one, and no statistics).
 */
export async function tablesDue(db: Db, now: number, lastDone: ReadonlyMap<string, number> = new Map(), since?: number): Promise<TableDue[]> {
  const result = (await db.execute(sql`
    select c.relname as table, c.relpages as analyzed_pages,
           pg_relation_size(c.oid) / current_setting('block_size')::int as pages,
           exists (select 1 from pg_statistic s where s.starelid = c.oid) as analyzed
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
    order by c.relname`)) as unknown as { rows: { table: string; analyzed_pages: number; pages: number | string; analyzed: boolean }[] }
  const due: TableDue[] = []
  for (const row of result.rows) {
    const pages = Number(row.pages)
    if (pages === 0) continue
    const done = lastDone.get(row.table) ?? since
    if (!row.analyzed) due.push({ table: row.table, reason: 'never analyzed' })
    else if (pages >= row.analyzed_pages + Math.max(GROWTH_MIN_PAGES, row.analyzed_pages * GROWTH_SHARE)) due.push({ table: row.table, reason: 'grown' })
    else if (done !== undefined && now - done >= REMAINTAIN_MS) due.push({ table: row.table, reason: 'a day since' })
  }
  return due
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** VACUUM, then ANALYZE (with the statistics of index expressions: the renter grams', migration 0022), the event loop given back after each. */
export async function maintainTable(db: Db, table: string): Promise<void> {
  const name = sql.identifier(table)
  await db.execute(sql`vacuum ${name}`)
  await turn()
  await db.execute(sql`analyze ${name}`)
  await turn()
}

/** One look: every table due is maintained in turn. Answers what was done. */
export async function maintainDue(db: Db, now: number, lastDone: Map<string, number>, since?: number): Promise<TableDue[]> {
  const due = await tablesDue(db, now, lastDone, since)
  for (const { table } of due) {
    await maintainTable(db, table)
    lastDone.set(table, now)
  }
  return due
}

/**
 * Looks every MAINTENANCE_CHECK_MS (the first after MAINTENANCE_FIRST_CHECK_MS) on an embedded database; null on
 * PostgreSQL. `stop` waits for a pass under way, so the database can be closed after it.
 */
export function startEmbeddedMaintenance(
  db: Db,
  options: { firstCheckMs?: number; checkMs?: number; now?: () => number; onError?: (err: unknown) => void } = {},
): { stop(): Promise<void>; passes(): number } | null {
  if (!isEmbedded(db)) return null
  const { firstCheckMs = MAINTENANCE_FIRST_CHECK_MS, checkMs = MAINTENANCE_CHECK_MS, now = Date.now, onError = (err: unknown) => logError('embedded database maintenance', err) } = options
  const lastDone = new Map<string, number>()
  const started = now()
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  let passes = 0
  let timer: NodeJS.Timeout
  const look = () => {
    running = maintainDue(db, now(), lastDone, started)
      .catch(onError)
      .finally(() => {
        passes++
        if (!stopped) schedule(checkMs)
      })
  }
  const schedule = (ms: number) => {
    timer = setTimeout(look, ms)
    timer.unref()
  }
  schedule(firstCheckMs)
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
    passes: () => passes,
  }
}
