import type { ReactNode } from 'react'
import { PullToRefresh } from './PullToRefresh'
import type { UseQueryResult } from '@tanstack/react-query'
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
  children: (record: T) => ReactNode
}

/**
 * A paged list screen's body: pull to refresh, loading / error / empty states, the records as cards, and the
 * pager (SPEC §2) once there is something to page. Cached records stay on screen when a refresh fails (offline).
 */
export function PagedRecords<T>({ list, label, emptyText, paging, onPage, single, children }: PagedRecordsProps<T>) {
  const records = list.data?.records ?? []
  const total = list.data?.total ?? 0
  useClampedPage(list.data, paging, onPage)
  return (
    <>
      <PullToRefresh onRefresh={async () => void (await list.refetch())}>
        <QueryStatus isPending={list.isPending} isError={list.isError && !list.data} isEmpty={records.length === 0} onRetry={() => void list.refetch()} emptyText={emptyText} />
        <RecordList label={label} single={single}>
          {records.map(children)}
        </RecordList>
      </PullToRefresh>
      {total > 0 ? <Pagination current={paging.current} pageSize={paging.pageSize} total={total} onChange={onPage} /> : null}
    </>
  )
}
