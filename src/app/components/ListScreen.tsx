import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { RoutePath } from '../../shared/messages/routes'
import { routeTitleFor } from '../../shared/domain/routes'
import { useAuthorities } from './use-authorities'
import { OnlineButton } from './OnlineButton'
import { PagedRecords, type OfflineResults } from './PagedRecords'
import { PageTitle } from './PageTitle'
import { SearchPanel, type SearchField } from './SearchPanel'

interface ListScreenProps<T> {
  /** The screen's route: its title is the route's (the menu's). */
  path: RoutePath
  /** The add button of the title row, when the screen has one (refused offline). */
  add?: { text: string; onClick: () => void }
  searchFields: SearchField[]
  /** The screen's useSearchState(...): the URL's filters and paging, and how a search or a page changes them. */
  query: readonly [
    Record<string, unknown> & { current: number; pageSize: number },
    unknown,
    (filters: Record<string, string | undefined>) => void,
    (current: number, pageSize: number) => void,
  ]
  list: UseQueryResult<{ records: T[]; total: number }>
  emptyText: string
  single?: boolean
  children: (record: T, cachedAt?: number) => ReactNode
  /** Offline, what a search found among the records cached on the phone (PagedRecords). */
  offline?: OfflineResults<T & { id: number }>
  /** The screen's dialogs. */
  dialogs?: ReactNode
  /** Between the title row and the search panel (the renewals screen's tabs). */
  header?: ReactNode
}

/**
 * A paged list screen (SPEC §2, §4): title row with its add button, the search panel, and the paged records —
 * the skeleton the organization screens share, so each states only its filters, its card and its dialogs.
 */
export function ListScreen<T>({ path, add, searchFields, query, list, emptyText, single, children, offline, dialogs, header }: ListScreenProps<T>) {
  const auth = useAuthorities()
  const title = routeTitleFor(path, auth.has)
  const [search, , onSearch, onPage] = query
  return (
    <section>
      <PageTitle
        title={title}
        extra={
          add ? (
            <OnlineButton color="primary" className="touch" onClick={add.onClick}>
              {add.text}
            </OnlineButton>
          ) : undefined
        }
      />
      {header}
      <SearchPanel fields={searchFields} values={search} onSearch={onSearch} />
      <PagedRecords list={list} label={title} emptyText={emptyText} paging={search} onPage={onPage} single={single} offline={offline}>
        {children}
      </PagedRecords>
      {dialogs}
    </section>
  )
}
