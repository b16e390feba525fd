import { is, Placeholder, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { Lru } from '../cache/lru'
import type { Db } from './client'

/**
 * A query built once per shape and run with its values (issue #16). Drizzle writes a query's text afresh every time it
 * runs: for a device search's counted page that was 0.2-0.4 ms of CPU on an idle machine (0.8-0.9 beside other work),
 * measured in a loop, and most of what a search allocated. A list whose text depends only on which filters are set (a
 * shape), its values given as placeholders (`sql.placeholder`), is built once per shape and database and run by the
 * values alone; the text the database receives is the same as before, so each connection still names it
 * (pg-statements.ts, pglite-statements.ts) and the plan cache decides as before.
 * A statement is kept with the database it was built on: built on `db`, it runs outside any transaction of a
 * request, so it is for reads that need none (a list, its count, an estimate).
 */
export interface Shape {
  /** Everything the text depends on: the same key, the same text. */
  key: string
  /** The placeholders' values. */
  values: Record<string, unknown>
}

/** A query as drizzle prepares it: run with the placeholders' values. */
export interface Runnable<T> {
  execute(values?: Record<string, unknown>): Promise<T>
}

/** How many shapes one database keeps built; the least recently used is built again when asked for. */
export const SHAPES_KEPT = 200

const built = new WeakMap<Db, Lru<string, Runnable<unknown>>>()

/**
 * The query `build` makes for `key` on `db`, built on the first call and kept. `build` must put every value that
 * differs between calls of the same key in a placeholder: what it writes in literally is kept with the text.
 */
export function builtOnce<R extends Runnable<unknown>>(db: Db, key: string, build: () => R): R {
  let kept = built.get(db)
  if (!kept) built.set(db, (kept = new Lru(SHAPES_KEPT)))
  let query = kept.get(key) as R | undefined
  if (!query) kept.set(key, (query = build()))
  return query
}

/**
 * A select prepared without a name: what drizzle runs for `query.execute()`, kept instead of made on every run. A
 * PostgreSQL connection names its text itself (StatementNamingClient: a name given here would bypass its limit on kept
 * statements); PGlite's session ignores names and caches by text (StatementCachingPGlite).
 */
export function unnamed<P>(query: { prepare(name: string): P }): P {
  return query.prepare(undefined as unknown as string)
}

/** drizzle's PostgreSQL dialect, as every database here is built with it (no casing option). */
export const dialect = new PgDialect()

/** The names of the placeholders `query` refers to, in the order of its parameters. */
export function placeholderNames(query: SQL): string[] {
  return dialect
    .sqlToQuery(query)
    .params.filter((p): p is Placeholder => is(p, Placeholder))
    .map((p) => p.name)
}

/**
 * A statement that is not a select (a count of several parts, an EXPLAIN) prepared without a name, as `db.execute`
 * prepares it on every run, with its placeholders left to fill; it answers what `db.execute` answers (`rows`).
 */
export function unnamedRaw<Row>(db: Db, query: SQL): Runnable<{ rows: Row[] }> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, undefined, false) as unknown as Runnable<{ rows: Row[] }>
}
