import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE, MAX_PAGE_SIZE } from './paging-rules'

// The rules themselves live in paging-rules.ts (no zod), which the console's list screens import directly.
export * from './paging-rules'


/**
 * A query parameter as a whole number: query strings arrive as text, a blank one is absent (the default applies),
 * and only plain decimal digits are a number ("0x10" and "1e3" are not).
 */
function queryInteger<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value
    const text = value.trim()
    if (text === '') return undefined
    return /^[+-]?\d{1,16}$/.test(text) ? Number(text) : value
  }, schema)
}

/** Paging query parameters. */
export const pagingQuerySchema = z.object({
  current: queryInteger(z.number().int().min(FIRST_PAGE).max(MAX_PAGE).default(FIRST_PAGE)),
  pageSize: queryInteger(z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE)),
})

export type PagingQuery = z.infer<typeof pagingQuerySchema>

/** SPEC §3: a paged response carries the page's records and the total count. */
export function pagedResponse<Item extends z.ZodType>(itemSchema: Item) {
  return z.object({
    records: z.array(itemSchema),
    total: z.number().int().min(0),
    /** false: `total` is an estimate (a list beyond 10,000 rows is not counted exactly, issue #16); absent: exact. */
    totalExact: z.literal(false).optional(),
  })
}
