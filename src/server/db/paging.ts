import { desc, getTableName, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core'
import { Lru } from '../cache/lru'
import { isEmbedded, type Db } from './client'
import { builtOnce, dialect, placeholderNames, unnamedRaw, type Shape } from './shaped'

/** SPEC §3 paged query: `current` starts at 1. */
export interface PageRequest {
  current: number
  pageSize: number
}

export interface PageWindow {
  limit: number
  offset: number
}

export function pageWindow(q: PageRequest): PageWindow {
  return { limit: q.pageSize, offset: (q.current - 1) * q.pageSize }
}

/**
 * Up to this many rows a list's total is counted exactly; beyond it the planner's estimate is answered and marked
 * as one (issue #16: a full count of a million-row list would cost more than the page itself, on every page).
 */
export const EXACT_COUNT_LIMIT = 10_000

/**
 * How long a planner estimate is reused. An estimate moves only as the table grows or ANALYZE runs, and it is shown as
 * one (约); asking the planner again on every page of the same list costs a statement each time (issue #16).
 */
export const ESTIMATE_REUSE_MS = 30_000
const ESTIMATES_KEPT = 500
const estimates = new WeakMap<Db, Lru<string, { rows: number; at: number }>>()

/**
 * The planner's row estimate of a query (EXPLAIN, nothing executed), reused for ESTIMATE_REUSE_MS. A query of a
 * `shape` (its values in placeholders) is known by what it estimates (`purpose`), the shape and the values, and its
 * EXPLAIN is built once per shape; any other by its text and values.
 */
async function estimatedRows(db: Db, query: SQL, purpose: string, shape?: Shape): Promise<number> {
  const explain = sql`explain (format json) ${query}`
  let key: string
  let shaped: ReturnType<typeof explainOnce> | undefined
  if (shape) {
    // Known by the values this estimate's query uses: a list's scope estimated without its status (`broad`) is the
    // same estimate whatever the time of the request.
    shaped = explainOnce(db, `${purpose}|${shape.key}`, explain)
    key = `${purpose}\u0000${shape.key}\u0000${JSON.stringify(shaped.names.map((name) => shape.values[name]))}`
  } else {
    const built = dialect.sqlToQuery(query)
    key = `${built.sql}\u0000${JSON.stringify(built.params)}`
  }
  let kept = estimates.get(db)
  if (!kept) estimates.set(db, (kept = new Lru(ESTIMATES_KEPT)))
  const now = Date.now()
  const known = kept.get(key)
  if (known && now - known.at < ESTIMATE_REUSE_MS) return known.rows
  const result = shaped ? await shaped.execute(shape!.values) : ((await db.execute(explain)) as unknown as { rows: Record<string, unknown>[] })
  const rows = plannedRows(result.rows)
  kept.set(key, { rows, at: now })
  return rows
}

/** The planner's estimate of the rows of `table` under `condition` (estimatedRows), known as `purpose`. */
function estimatedListRows(db: Db, table: PgTable, condition: SQL | undefined, purpose: 'where' | 'broad', shape?: Shape): Promise<number> {
  return estimatedRows(db, db.select({ one: sql`1` }).from(table).where(condition).getSQL(), `${getTableName(table)}|${purpose}`, shape)
}

/** The EXPLAIN of a shaped query, built once, with the names of the placeholders it uses. */
function explainOnce(db: Db, key: string, explain: SQL) {
  return builtOnce(db, `explain|${key}`, () => Object.assign(unnamedRaw<Record<string, unknown>>(db, explain), { names: placeholderNames(explain) }))
}

function plannedRows(result: Record<string, unknown>[]): number {
  const plan = Object.values(result[0] ?? {})[0]
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[]
  return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0)
}

/**
 * Beyond this planner estimate, a list of only its scope conditions (platform, bin, companies: `plain`) is not
 * counted at all: the estimate is answered, marked as one. The estimate of those conditions is close — ANALYZE keeps
 * their combined statistics (devices_list_stats) — so a list twice the exact-count limit by estimate is beyond it.
 */
export const ESTIMATE_ONLY_ABOVE = 2 * EXACT_COUNT_LIMIT

/** How a list's total may be found (countTotal). */
export interface CountHints {
  /**
   * The same list without its filters no index serves (a connection status): when that is already beyond the limit,
   * counting the filtered rows would read all of them, so the filtered total is estimated.
   */
  broad?: SQL
  /** The condition holds only the list's scope (no search filter): a large estimate is answered without counting. */
  plain?: boolean
  /** The planner's estimate of a `plain` list, when the caller already has it (not asked for again). */
  plainEstimate?: number
  /**
   * Disjoint conditions whose counts add up to the list's: each counted on its own, so that each is read the cheapest
   * way (a connection status: its whole contact buckets from the index alone, its two edge buckets on the exact time).
   */
  parts?: SQL[]
  /**
   * A text filter served by an index of its own (serial, renter name or phone): its candidates' rows are read to check
   * the text whether the page or the count reads them, so on PostgreSQL too both come from one statement.
   */
  textFilter?: boolean
  /**
   * The list's conditions (`where` and the hints' conditions) hold their values in placeholders, and these are the
   * values: every statement built from them is built once per shape (shaped.ts).
   */
  shape?: Shape
}

/**
 * How many rows match, counting no further than `cap` (so the cost is bounded by it). Given disjoint parts, their
 * capped counts are added in one statement (and the sum capped).
 */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined | SQL[], cap: number, shape?: Shape): Promise<number> {
  const capped = (condition: SQL | undefined) => sql`(select count(*) from (${db.select({ one: sql`1` }).from(table).where(condition).limit(cap)}) capped)`
  const count = () => sql`select least(${sql.join(Array.isArray(where) ? where.map(capped) : [capped(where)], sql` + `)}, ${cap})::int as n`
  type Counted = { rows: { n: number | string }[] }
  const result = shape
    ? await builtOnce(db, `count|${getTableName(table)}|${cap}|${Array.isArray(where) ? `parts${where.length}` : 'where'}|${shape.key}`, () =>
        unnamedRaw<Counted['rows'][number]>(db, count()),
      ).execute(shape.values)
    : ((await db.execute(count())) as unknown as Counted)
  return Number(result.rows[0].n)
}

/**
 * A list's total: exact up to EXACT_COUNT_LIMIT (counting stops there, so its cost is bounded), otherwise the
 * planner's estimate, never below what was counted, with `totalExact: false` so that the console says 约.
 */
export async function countTotal(db: Db, table: PgTable, where: SQL | undefined, hints: CountHints = {}): Promise<{ total: number; totalExact?: false }> {
  const estimate = (condition: SQL | undefined, purpose: 'where' | 'broad') => estimatedListRows(db, table, condition, purpose, hints.shape)
  if (hints.plain) {
    const rows = hints.plainEstimate ?? (await estimate(where, 'where'))
    if (rows > ESTIMATE_ONLY_ABOVE) return { total: rows, totalExact: false }
  }
  if (hints.broad && (await estimate(hints.broad, 'broad')) > EXACT_COUNT_LIMIT) return { total: await estimate(where, 'where'), totalExact: false }
  const n = await countUpTo(db, table, hints.parts ?? where, EXACT_COUNT_LIMIT + 1, hints.shape)
  if (n <= EXACT_COUNT_LIMIT) return { total: n }
  return { total: Math.max(n, await estimate(where, 'where')), totalExact: false }
}

/**
 * One page of a list with the list's total (SPEC §3: records and total), the one paging of every list endpoint:
 * `rows` reads the page's rows in the given window, and the total counts `table` under the same `where`
 * (countTotal: exact up to EXACT_COUNT_LIMIT, an estimate marked as one beyond). A page that holds rows but fewer
 * than asked for (or the empty first page) is the list's end, so its total is known without counting.
 */
export async function paged<T>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  q: PageRequest,
  rows: (window: PageWindow) => Promise<T[]>,
  hints?: CountHints,
): Promise<{ records: T[]; total: number; totalExact?: false }> {
  const window = pageWindow(q)
  // A connection status on PostgreSQL is counted beside its page, on a second connection: its list is seldom shorter
  // than a page, and its count reads the index entries of whole contact buckets (thousands at 1M devices) while the
  // page walks the list's order, so the two overlap on two cores instead of adding up (status search at 1M, p50
  // 13.5 → 9.3 ms). A short page does not wait for the count it did not need. Other lists count after a full page.
  const counting = hints?.parts && !isEmbedded(db) ? countTotal(db, table, where, hints) : undefined
  // Awaited below, or dropped with the short page's answer; a failure then has nobody to tell.
  counting?.catch(() => undefined)
  const records = await rows(window)
  if (records.length < window.limit && (records.length > 0 || window.offset === 0)) return { records, total: window.offset + records.length }
  const counted = await (counting ?? countTotal(db, table, where, hints))
  // An estimate is never below what this very page shows.
  const total = counted.totalExact === false ? Math.max(counted.total, window.offset + records.length) : counted.total
  return { records, ...counted, total }
}

/**
 * A page of a list shown newest first, the order of most lists: `query`'s select and joins under `where`, by
 * descending `id`, in the page's window.
 */
export function newestFirst<Q extends PgSelect>(query: { $dynamic(): Q }, id: PgColumn, where: SQL | undefined, w: PageWindow): Q {
  return query.$dynamic().where(where).orderBy(desc(id)).limit(w.limit).offset(w.offset)
}

/** paged() of a list of `table` shown newest first (newestFirst, by the table's id): `query` selects and joins. */
export function pagedNewestFirst<Q extends PgSelect>(
  db: Db,
  table: PgTable & { id: PgColumn },
  where: SQL | undefined,
  q: PageRequest,
  query: { $dynamic(): Q },
  hints?: CountHints,
) {
  return paged<Q['_']['result'][number]>(db, table, where, q, (w) => newestFirst(query, table.id, where, w), hints)
}

/** The rows of a page read with `listTotal`: how many rows match, counted up to EXACT_COUNT_LIMIT + 1. */
export type CountedRow = { listTotal: number | null }

/**
 * paged() for a list whose page query can count its matches in the same statement (issue #16: a search costs its
 * statements one after another).
 * - PostgreSQL: as paged(), the page, then its count when the page is full: each statement keeps its own best plan
 *   (the count is often index-only where the page is not) — except for a `textFilter`, whose page and count both
 *   read its candidates' rows: those are read once, as on PGlite.
 * - PGlite: one statement at a time, each planned in WebAssembly, so one statement instead of two: `rows(window, true)`
 *   reads the page from the matches capped at EXACT_COUNT_LIMIT + 1, each row carrying their count. When the count is
 *   within the limit that page is the page and its total exact. Beyond it the capped matches are an arbitrary part of
 *   the list, so the page is read again in order (`rows(window, false)`) and the total found as paged() does.
 * A plain list (only its scope) that the planner already puts beyond ESTIMATE_ONLY_ABOVE reads its page in order and
 * answers the estimate; a `broad` hint (a filter no index serves) goes the way of paged().
 */
export async function pagedCounting<T extends CountedRow>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  q: PageRequest,
  rows: (window: PageWindow, counting: boolean) => Promise<T[]>,
  hints: CountHints = {},
): Promise<{ records: T[]; total: number; totalExact?: false }> {
  const window = pageWindow(q)
  const inOrder = (w: PageWindow) => rows(w, false)
  // PostgreSQL: the page, then the count only when the page is full (each statement with its own best plan). Counting
  // beside the page on a second connection was measured slower on this 2-core machine for every search: a short page
  // (a serial found) paid a count it did not need, and two statements competed for the same cores (bench/results.md,
  // 22:13 UTC). A connection status is the exception (paged: its list is long and its count reads many entries).
  if (hints.broad || (!isEmbedded(db) && !hints.textFilter)) return paged(db, table, where, q, inOrder, hints)
  if (hints.plain) {
    const estimate = await estimatedListRows(db, table, where, 'where', hints.shape)
    if (estimate > ESTIMATE_ONLY_ABOVE) return paged(db, table, where, q, inOrder, { ...hints, plainEstimate: estimate })
  }
  const counted = await rows(window, true)
  const matches = counted[0]?.listTotal ?? (window.offset === 0 ? 0 : null)
  if (matches !== null && matches <= EXACT_COUNT_LIMIT) return { records: counted, total: matches }
  // Past the list's end (no row to carry the count), or beyond the limit: the page in order, the total as paged().
  return paged(db, table, where, q, inOrder, hints)
}
