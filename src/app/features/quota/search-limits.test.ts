import { describe, expect, it } from 'vitest'
import { ConsumedRecordQuery } from '../../../shared/contract/quota'
import { parseSearch } from '../../components/search-params'
import { quotaSearch, quotaSearchMax } from './queries'

describe('quota record search limits', () => {
  it('are the longest filters the server contract accepts', () => {
    for (const [field, max] of Object.entries(quotaSearchMax)) {
      expect(ConsumedRecordQuery.safeParse({ quotaType: 'IOS', [field]: '1'.repeat(max) }).success).toBe(true)
      expect(ConsumedRecordQuery.safeParse({ quotaType: 'IOS', [field]: '1'.repeat(max + 1) }).success).toBe(false)
    }
  })

  it('cut an over-long filter (typed or from a link) instead of sending it to be refused, which failed the whole list', () => {
    const raw = Object.fromEntries(Object.keys(quotaSearchMax).filter((f) => f in quotaSearch).map((f) => [f, ` ${'1'.repeat(300)} `]))
    const search = parseSearch(quotaSearch, raw)
    expect(ConsumedRecordQuery.safeParse({ quotaType: 'IOS', ...search }).success).toBe(true)
    expect(parseSearch(quotaSearch, { serialNumber: `${'a'.repeat(64 - 1)}😀` }).serialNumber).toBe('a'.repeat(64 - 1))
  })
})
