import type { ReactNode } from 'react'
import { PullToRefresh } from './PullToRefresh'
import type { UseQueryResult } from '@tanstack/react-query'
import type { CachedPage } from './cached-search'
import { Pagination } from './Pagination'
import { QueryStatus } from './QueryStatus'
import { RecordList } from './RecordCard'
import { useClampedPage } from './use-clamped-page'

interface PagedRecordsProps<T> {
  /** A paged search (SPEC §3: records and total). */
  list: UseQueryResult<{ records: T[]; total: number }>
  label: string
  emptyText: string
  paging: { current: number; pageSize: number }
  onPage: (current: number, pageSize: number) => void
  /** One card per row at every width (see RecordList). */
  single?: boolean
  /** A record's card; offline, with when the copy shown was cached (its "as of"). */
  children: (record: T, cachedAt?: number) => ReactNode
  /**
   * Offline (issue #43 item 1): the page an offline search found among the records cached on the phone, shown instead
   * of the list's, under a line that says so (`count`); `empty` when nothing cached matches.
   */
  offline?: OfflineResults<T & { id: number }>
}

export interface OfflineResults<T> {
  page: CachedPage<T>
  count: (total: number) => string
  empty: string
}

/**
 * A paged list screen's body: pull to refresh, loading / error / empty states, the records as cards, and the
 * pager (SPEC §2) once there is something to page. Cached records stay on screen when a refresh fails (offline).
 */
export function PagedRecords<T>({ list, label, emptyText, paging, onPage, single, children, offline }: PagedRecordsProps<T>) {
  const records = offline ? offline.page.records : (list.data?.records ?? [])
  const total = offline ? offline.page.total : (list.data?.total ?? 0)
  useClampedPage(offline?.page ?? list.data, paging, onPage)
  return (
    <>
      <PullToRefresh onRefresh={async () => void (await list.refetch())}>
        <QueryStatus
          isPending={list.isPending && !offline}
          isError={list.isError && !list.data && !offline}
          isEmpty={records.length === 0}
          onRetry={() => void list.refetch()}
          emptyText={offline ? offline.empty : emptyText}
        />
        {offline && records.length > 0 ? (
          <p className="cached-results" role="status">
            {offline.count(total)}
          </p>
        ) : null}
        <RecordList label={label} single={single}>
          {offline ? offline.page.records.map((record) => children(record, offline.page.cachedAt.get(record.id))) : records.map((record) => children(record))}
        </RecordList>
      </PullToRefresh>
      {total > 0 ? <Pagination current={paging.current} pageSize={paging.pageSize} total={total} onChange={onPage} /> : null}
    </>
  )
}
