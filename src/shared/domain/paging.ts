import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from './paging-rules'

// The rules themselves live in paging-rules.ts (no zod), which the console's list screens import directly.
export * from './paging-rules'

/** Paging query parameters (query strings arrive as text, hence the coercion). */
export const pagingQuerySchema = z.object({
  current: z.coerce.number().int().min(FIRST_PAGE).default(FIRST_PAGE),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
})

export type PagingQuery = z.infer<typeof pagingQuerySchema>

/** SPEC §3: a paged response carries the page's records and the total count. */
export function pagedResponse<Item extends z.ZodType>(itemSchema: Item) {
  return z.object({
    records: z.array(itemSchema),
    total: z.number().int().min(0),
  })
}
