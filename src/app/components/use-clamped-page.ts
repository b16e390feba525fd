import { useEffect } from 'react'
import { pageCount } from '../../shared/domain/paging-rules'

/**
 * A page past the last one (its only row was just removed elsewhere, or a link named ?current=99) steps back to
 * the last page that has rows, instead of an empty page whose pager cannot move.
 */
export function useClampedPage(
  data: { records: unknown[]; total: number } | undefined,
  paging: { current: number; pageSize: number },
  onPage: (current: number, pageSize: number) => void,
) {
  const last = data ? pageCount({ pageSize: paging.pageSize, total: data.total }) : undefined
  const beyond = data !== undefined && data.records.length === 0 && last !== undefined && paging.current > last
  useEffect(() => {
    if (beyond && last !== undefined) onPage(last, paging.pageSize)
    // onPage is a new function every render; the step is decided by the numbers alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [beyond, last, paging.pageSize])
}
