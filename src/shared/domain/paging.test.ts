import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  DASHBOARD_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  PAGE_SIZE_OPTIONS,
  pageAfterDelete,
  pageCount,
  pageForPageSize,
  pagedResponse,
  pagingQuerySchema,
  MAX_PAGE,
  pagingRangeText,
  resetToFirstPage,
} from './paging'

describe('constants (SPEC §9)', () => {
  it('pins the page sizes', () => {
    expect([DEFAULT_PAGE_SIZE, DASHBOARD_PAGE_SIZE, FIRST_PAGE]).toEqual([10, 5, 1])
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 20, 50, 100])
  })
})

describe('pageCount', () => {
  it.each([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [35, 10, 4],
  ])('%i rows at %i per page → %i pages', (total, pageSize, expected) => {
    expect(pageCount({ total, pageSize })).toBe(expected)
  })
})

describe('pagingRangeText (SPEC §2)', () => {
  it.each([
    [1, 10, 35, '1-10 / 共 35 条'],
    [2, 10, 35, '11-20 / 共 35 条'],
    [4, 10, 35, '31-35 / 共 35 条'],
    [1, 10, 10, '1-10 / 共 10 条'],
    [1, 10, 1, '1-1 / 共 1 条'],
    [1, 5, 3, '1-3 / 共 3 条'],
    [1, 10, 0, '0-0 / 共 0 条'],
    [3, 10, 0, '0-0 / 共 0 条'],
    [9, 10, 35, '31-35 / 共 35 条'],
    [0, 10, 35, '1-10 / 共 35 条'],
  ])('page %i of size %i with %i rows → %j', (current, pageSize, total, expected) => {
    expect(pagingRangeText({ current, pageSize, total })).toBe(expected)
  })

  it('says 约 when the total is the server’s estimate (issue #16), and only then', () => {
    expect(pagingRangeText({ current: 5000, pageSize: 10, total: 1_000_000, totalExact: false })).toBe('49991-50000 / 约 1000000 条')
    expect(pagingRangeText({ current: 1, pageSize: 10, total: 35, totalExact: true })).toBe('1-10 / 共 35 条')
  })
})

describe('resetToFirstPage (SPEC §4)', () => {
  it('sets current to 1 and keeps the rest of the query', () => {
    expect(resetToFirstPage({ current: 4, pageSize: 20, serialNumber: 'DMP' })).toEqual({
      current: 1,
      pageSize: 20,
      serialNumber: 'DMP',
    })
  })

  it('adds current when the query has none', () => {
    expect(resetToFirstPage({ keyword: 'a' })).toEqual({ keyword: 'a', current: 1 })
  })
})

describe('pageAfterDelete (SPEC §4)', () => {
  it.each([
    ['the only row of the last page', { current: 4, pageSize: 10, total: 31 }, 3],
    ['all rows of the last page', { current: 4, pageSize: 10, total: 35, deletedCount: 5 }, 3],
    ['one of several rows on the last page', { current: 4, pageSize: 10, total: 35 }, 4],
    ['a row of a middle page', { current: 2, pageSize: 10, total: 35 }, 2],
    ['a full last page', { current: 2, pageSize: 10, total: 20, deletedCount: 10 }, 1],
    ['the last row on page 1', { current: 1, pageSize: 10, total: 1 }, 1],
    ['a row on page 1', { current: 1, pageSize: 10, total: 5 }, 1],
    ['more rows than exist', { current: 3, pageSize: 10, total: 21, deletedCount: 40 }, 1],
  ])('deleting %s %j → page %i', (_label, state, expected) => {
    expect(pageAfterDelete(state)).toBe(expected)
  })
})

describe('pageForPageSize', () => {
  it.each([
    [1, 10, 20, 1],
    [3, 10, 20, 2],
    [2, 10, 20, 1],
    [2, 20, 10, 3],
    [5, 10, 100, 1],
  ])('page %i at %i per page → page %i at %i', (current, pageSize, newPageSize, expected) => {
    expect(pageForPageSize({ current, pageSize }, newPageSize)).toBe(expected)
  })
})

describe('pagingQuerySchema', () => {
  it.each([
    [{}, { current: 1, pageSize: 10 }],
    [{ current: '3', pageSize: '20' }, { current: 3, pageSize: 20 }],
    [{ current: 2, pageSize: 100 }, { current: 2, pageSize: 100 }],
    [{ current: '1', pageSize: '1' }, { current: 1, pageSize: 1 }],
    // A blank parameter (e.g. `?current=`) is absent: the default applies.
    [{ current: '', pageSize: ' ' }, { current: 1, pageSize: 10 }],
    [{ current: ' 4 ' }, { current: 4, pageSize: 10 }],
  ])('%j → %j', (input, expected) => {
    expect(pagingQuerySchema.parse(input)).toEqual(expected)
  })

  it.each([
    [{ current: '0' }, 'current'],
    [{ current: '-1' }, 'current'],
    [{ current: '1.5' }, 'current'],
    [{ current: 'abc' }, 'current'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ pageSize: '101' }, 'pageSize'],
    // Only decimal digits are a page number.
    [{ current: '0x10' }, 'current'],
    [{ current: '1e3' }, 'current'],
    [{ current: String(MAX_PAGE + 1) }, 'current'],
    [{ current: '1e30' }, 'current'],
  ])('rejects %j on %s', (input, field) => {
    const result = pagingQuerySchema.safeParse(input)
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([[field]])
  })
})

describe('pagedResponse', () => {
  const schema = pagedResponse(z.object({ id: z.number() }))

  it('accepts records and total', () => {
    expect(schema.parse({ records: [{ id: 1 }], total: 11 })).toEqual({ records: [{ id: 1 }], total: 11 })
  })

  it.each([
    [{ records: [{ id: 'x' }], total: 1 }],
    [{ records: [], total: -1 }],
    [{ records: [] }],
  ])('rejects %j', (input) => {
    expect(schema.safeParse(input).success).toBe(false)
  })
})
