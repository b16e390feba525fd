import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE, MAX_PAGE_SIZE } from '../../shared/domain/paging-rules'

/**
 * The URL search parameters of the list screens (STYLE §4), parsed by hand rather than with zod: the list screens
 * are the first paint after sign-in, and zod alone weighs ~27 KB gzip (issue #4). A parser never throws: a missing
 * or bad value falls back to its default, so a mangled or outdated link still opens the screen.
 */
export type SearchParser<T> = (value: unknown) => T
export type SearchShape = Record<string, SearchParser<unknown>>
export type SearchOf<S extends SearchShape> = { [K in keyof S]: ReturnType<S[K]> }

/** The router parses values that look like JSON, so a number arrives as a number, or as text when quoted. */
function toInteger(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN
  return Number.isSafeInteger(n) ? n : undefined
}

export const param = {
  /** An integer within [min, max], else `fallback`. */
  integer:
    ({ min, max = Number.MAX_SAFE_INTEGER, fallback }: { min: number; max?: number; fallback: number }): SearchParser<number> =>
    (value) => {
      const n = toInteger(value)
      return n !== undefined && n >= min && n <= max ? n : fallback
    },
  /** A record id (a positive integer), or undefined. */
  id: (value: unknown): number | undefined => {
    const n = toInteger(value)
    return n !== undefined && n > 0 ? n : undefined
  },
  /** A text filter: blank means no filter; a number (e.g. ?serialNumber=123) is the text it was typed as. */
  text: (value: unknown): string | undefined => {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value)
    return typeof value === 'string' && value.trim() !== '' ? value : undefined
  },
  /**
   * A text filter cut to the server's limit (the contract's filterText(max)): a longer one in a link would be refused
   * and fail the whole list. Never ends in half a surrogate pair, which the server refuses too.
   */
  textOfAtMost:
    (max: number): SearchParser<string | undefined> =>
    (value) => {
      const text = param.text(value)?.trim()
      if (!text) return undefined
      const cut = text.slice(0, max)
      return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
    },
  /** One of a fixed set of codes, or undefined. */
  oneOf:
    <T extends string>(values: readonly T[]): SearchParser<T | undefined> =>
    (value) =>
      typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined,
}

export function parseSearch<S extends SearchShape>(shape: S, raw: Record<string, unknown>): SearchOf<S> {
  return Object.fromEntries(Object.entries(shape).map(([key, parse]) => [key, parse(raw[key])])) as SearchOf<S>
}

/** Page and page size of every paged list (SPEC §9: 10 rows from page 1), the start of each list's search shape. */
export const pagingSearch = {
  current: param.integer({ min: FIRST_PAGE, max: MAX_PAGE, fallback: FIRST_PAGE }),
  pageSize: param.integer({ min: 1, max: MAX_PAGE_SIZE, fallback: DEFAULT_PAGE_SIZE }),
}
