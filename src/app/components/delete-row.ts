import { successMessages } from '../../shared/messages/common'
import { screenText } from '../../shared/messages/screens'
import { pageAfterDelete, type PageQuery } from '../../shared/domain/paging-rules'
import { notify } from '../notify'
import { confirmAction } from './dialogs'

interface DeleteRowOptions<S extends PageQuery> {
  /** The list's current search (page and filters). */
  search: S
  setSearch: (search: S) => void
  /** The list's total before the delete. */
  total: number
}

/**
 * Deleting one row of a paged list: confirm, delete, say 删除成功, and — SPEC §4 — step back a page after the
 * last row of a page above 1. A refused delete keeps the page and shows the server's message.
 */
export async function deleteRow<S extends PageQuery>(question: string, remove: () => Promise<unknown>, { search, setSearch, total }: DeleteRowOptions<S>) {
  if (!(await confirmAction(question, screenText.delete))) return
  try {
    await remove()
  } catch {
    return
  }
  notify.success(successMessages.delete)
  const current = pageAfterDelete({ current: search.current, pageSize: search.pageSize, total })
  if (current !== search.current) setSearch({ ...search, current })
}
