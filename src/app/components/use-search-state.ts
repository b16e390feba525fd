import { useMemo } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { resetToFirstPage } from '../../shared/domain/paging-rules'
import { parseSearch, type SearchOf, type SearchShape } from './search-params'

/**
 * A list screen's query (page, size, filters) kept in the URL, so a reload or a shared link restores it
 * (STYLE §4). The shape is a hand-written parser (search-params.ts), keeping zod out of the list screens.
 */
export function useSearchState<S extends SearchShape>(shape: S) {
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const navigate = useNavigate()
  const state = useMemo(() => parseSearch(shape, raw), [raw, shape])
  /** `keepScroll`: the page stays where it is (a tab's change), where a new page or search starts at the top. */
  const setState = (next: SearchOf<S>, options?: { keepScroll?: boolean }) => {
    const search = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== ''))
    void navigate({ to: '.', search, replace: true, resetScroll: !options?.keepScroll })
  }
  /** SPEC §4: a new search replaces the filters and starts again on page 1 (the page size is kept). */
  const applyFilters = (filters: Record<string, unknown>) => setState(parseSearch(shape, resetToFirstPage({ ...state, ...filters })))
  /** SPEC §4: a page change sets current and pageSize and keeps the filters. */
  const setPage = (current: number, pageSize: number) => setState({ ...state, current, pageSize })
  return [state, setState, applyFilters, setPage] as const
}
