import { describe, expect, it } from 'vitest'
import { RoleSearchQuery } from '../../../shared/contract/role'
import { parseSearch } from '../../components/search-params'
import { roleSearch, roleSearchMax } from './queries'

describe('role search limits', () => {
  it('are the longest filters the server contract accepts', () => {
    for (const [field, max] of Object.entries(roleSearchMax)) {
      expect(RoleSearchQuery.safeParse({ [field]: '1'.repeat(max) }).success).toBe(true)
      expect(RoleSearchQuery.safeParse({ [field]: '1'.repeat(max + 1) }).success).toBe(false)
    }
  })

  it('cut an over-long filter (typed or from a link) instead of sending it to be refused, which failed the whole list', () => {
    const raw = Object.fromEntries(Object.keys(roleSearchMax).filter((f) => f in roleSearch).map((f) => [f, ` ${'1'.repeat(300)} `]))
    const search = parseSearch(roleSearch, raw)
    expect(RoleSearchQuery.safeParse({ ...search }).success).toBe(true)
    expect(parseSearch(roleSearch, { name: `${'a'.repeat(32 - 1)}😀` }).name).toBe('a'.repeat(32 - 1))
  })
})
