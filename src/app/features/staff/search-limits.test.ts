import { describe, expect, it } from 'vitest'
import { StaffSearchQuery } from '../../../shared/contract/staff'
import { parseSearch } from '../../components/search-params'
import { staffSearch, staffSearchMax } from './queries'

describe('staff search limits', () => {
  it('are the longest filters the server contract accepts', () => {
    for (const [field, max] of Object.entries(staffSearchMax)) {
      expect(StaffSearchQuery.safeParse({ [field]: '1'.repeat(max) }).success).toBe(true)
      expect(StaffSearchQuery.safeParse({ [field]: '1'.repeat(max + 1) }).success).toBe(false)
    }
  })

  it('cut an over-long filter (typed or from a link) instead of sending it to be refused, which failed the whole list', () => {
    const raw = Object.fromEntries(Object.keys(staffSearchMax).filter((f) => f in staffSearch).map((f) => [f, ` ${'1'.repeat(300)} `]))
    const search = parseSearch(staffSearch, raw)
    expect(StaffSearchQuery.safeParse({ ...search }).success).toBe(true)
    expect(parseSearch(staffSearch, { name: `${'a'.repeat(32 - 1)}😀` }).name).toBe('a'.repeat(32 - 1))
  })
})
