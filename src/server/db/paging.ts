import { count, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client'

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
 * One page of a list with the list's total (SPEC §3: records and total), the one paging of every list endpoint:
 * `rows` reads the page's rows in the given window, and the total counts `table` under the same `where`. Counting
 * lives here alone, so a cheaper total (a cache or an estimate at fleet scale) changes one function.
 */
export async function paged<T>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  q: PageRequest,
  rows: (window: PageWindow) => Promise<T[]>,
): Promise<{ records: T[]; total: number }> {
  const [records, [{ total }]] = await Promise.all([rows(pageWindow(q)), db.select({ total: count() }).from(table).where(where)])
  return { records, total }
}
