import { useMemo } from 'react'
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'

/** A record as the phone holds it: the newest copy of it, and when that copy was loaded. */
export interface Cached<T> {
  record: T
  cachedAt: number
}

/** Where cached records are read from: the queries under a key, and the records one query's data holds. */
export interface CachedSource<T> {
  queryKey: QueryKey
  records: (data: unknown) => readonly T[] | undefined
}

/** A paged list's records (SPEC §3 records and total). */
export const pageRecords = <T>(data: unknown) => (data as { records?: T[] }).records

/**
 * Issue #43 item 1: every record the phone holds under these queries, each once (its newest copy), with when that
 * copy was loaded — what an offline search runs over.
 */
export function newestCachedRecords<T extends { id: number }>(queryClient: QueryClient, sources: readonly CachedSource<T>[]): Cached<T>[] {
  const newest = new Map<number, Cached<T>>()
  const cache = queryClient.getQueryCache()
  for (const source of sources) {
    for (const query of cache.findAll({ queryKey: source.queryKey })) {
      const { data, dataUpdatedAt } = query.state
      // A list shown with the previous page's records (placeholder data) has none of its own: dataUpdatedAt is 0.
      if (data === undefined || data === null || dataUpdatedAt <= 0) continue
      for (const record of source.records(data) ?? []) {
        const seen = newest.get(record.id)
        if (!seen || seen.cachedAt < dataUpdatedAt) newest.set(record.id, { record, cachedAt: dataUpdatedAt })
      }
    }
  }
  return [...newest.values()]
}

/** A text filter as the server applies it (ILIKE '%text%'): contained, case aside; no filter matches everything. */
export function containsText(value: string | null | undefined, filter: string | undefined): boolean {
  return !filter || (value ?? '').toLowerCase().includes(filter.toLowerCase())
}

/** One page of an offline search: its records, when each was cached, and how many matched in all. */
export interface CachedPage<T> {
  records: T[]
  total: number
  cachedAt: ReadonlyMap<number, number>
}

export function cachedPage<T extends { id: number }>(found: readonly Cached<T>[], paging: { current: number; pageSize: number }): CachedPage<T> {
  const page = found.slice((paging.current - 1) * paging.pageSize, paging.current * paging.pageSize)
  return { records: page.map((c) => c.record), total: found.length, cachedAt: new Map(page.map((c) => [c.record.id, c.cachedAt])) }
}

/**
 * Offline, the page of cached records a list's query matches (`search`, a function of the module, not of the render);
 * undefined online, where the server answers. Computed again when the query, the list's data or the connection changes.
 */
export function useCachedPage<T extends { id: number }, Q extends { current: number; pageSize: number }>(
  search: (queryClient: QueryClient, q: Q) => Cached<T>[],
  q: Q,
  online: boolean,
  listData: unknown,
): CachedPage<T> | undefined {
  const queryClient = useQueryClient()
  const key = JSON.stringify(q)
  return useMemo(() => {
    if (online) return undefined
    const query = JSON.parse(key) as Q
    return cachedPage(search(queryClient, query), query)
    // q is read through its key; listData only says the cache may hold more.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, key, search, queryClient, listData])
}
