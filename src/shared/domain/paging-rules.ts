import { domainText } from '../messages/domain'

/*
 * The paging rules of SPEC §2, §4 and §9, without the zod schemas of paging.ts: the console's list screens import
 * this module directly, so their bundles carry no schema library (issue #4). paging.ts re-exports everything here.
 */

/** SPEC §9: lists show 10 rows from page 1; dashboard tables show 5. */
export const DEFAULT_PAGE_SIZE = 10
export const DASHBOARD_PAGE_SIZE = 5
export const FIRST_PAGE = 1
export const MAX_PAGE_SIZE = 100
/** Beyond any list's last page; the server refuses a larger page number as such rather than as "not a number". */
export const MAX_PAGE = 1_000_000
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const

export interface PageQuery {
  current: number
  pageSize: number
}

export interface PageState extends PageQuery {
  total: number
}

/** Number of pages; an empty list still has one (empty) page. */
export function pageCount({ pageSize, total }: Pick<PageState, 'pageSize' | 'total'>): number {
  return Math.max(FIRST_PAGE, Math.ceil(total / pageSize))
}

/**
 * SPEC §2: 'from-to / total' followed by 条, e.g. "11-20 / 共 35 条"; an empty list reads
 * "0-0 / 共 0 条"; an estimated total "1-10 / 约 1000000 条". A page beyond the last (stale after deletions) is shown as
 * the last page.
 */
export function pagingRangeText({ current, pageSize, total, totalExact }: PageState & { totalExact?: boolean }): string {
  if (total <= 0) return domainText.paging.range(0, 0, 0)
  const page = Math.min(Math.max(current, FIRST_PAGE), pageCount({ pageSize, total }))
  const from = (page - 1) * pageSize + 1
  const to = Math.min(page * pageSize, total)
  // An estimated total (issue #16) is said to be one: 约, never a precise-looking figure.
  return (totalExact === false ? domainText.paging.rangeEstimated : domainText.paging.range)(from, to, total)
}

/** SPEC §4: a new search replaces the query and starts again on page 1 (the page size is kept). */
export function resetToFirstPage<Query extends object>(query: Query): Omit<Query, 'current'> & { current: number } {
  return { ...query, current: FIRST_PAGE }
}

/**
 * SPEC §4: after deleting the last row(s) of a page above 1, step back to the page that still has
 * rows. `total` is the count before the deletion.
 */
export function pageAfterDelete({
  current,
  pageSize,
  total,
  deletedCount = 1,
}: PageState & { deletedCount?: number }): number {
  const remaining = Math.max(0, total - deletedCount)
  return Math.max(FIRST_PAGE, Math.min(current, pageCount({ pageSize, total: remaining })))
}

/** The page that keeps the first row currently shown in view after the page size changes. */
export function pageForPageSize({ current, pageSize }: PageQuery, newPageSize: number): number {
  const firstRowIndex = (Math.max(current, FIRST_PAGE) - 1) * pageSize
  return Math.floor(firstRowIndex / newPageSize) + FIRST_PAGE
}
