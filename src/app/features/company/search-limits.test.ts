import { describe, expect, it } from 'vitest'
import { ChildrenDeviceQuery, CompanySearchQuery } from '../../../shared/contract/company'
import { parseSearch } from '../../components/search-params'
import { companySearch, companySearchMax, deviceSerialFilter } from './queries'

const longest = (max: number) => '1'.repeat(max)

describe('company search limits', () => {
  it('are the longest filters the server contract accepts', () => {
    for (const field of ['name', 'username'] as const) {
      expect(CompanySearchQuery.safeParse({ [field]: longest(companySearchMax[field]) }).success).toBe(true)
      expect(CompanySearchQuery.safeParse({ [field]: longest(companySearchMax[field] + 1) }).success).toBe(false)
    }
    expect(ChildrenDeviceQuery.safeParse({ companyId: 1, serialNumber: longest(companySearchMax.serialNumber) }).success).toBe(true)
    expect(ChildrenDeviceQuery.safeParse({ companyId: 1, serialNumber: longest(companySearchMax.serialNumber + 1) }).success).toBe(false)
  })

  it('cut an over-long filter (typed or from a link) instead of sending it to be refused, which failed the whole list', () => {
    const search = parseSearch(companySearch, { name: ` ${'1'.repeat(300)} `, username: 'u'.repeat(300) })
    expect(CompanySearchQuery.safeParse(search).success).toBe(true)
    expect(ChildrenDeviceQuery.safeParse({ companyId: 1, serialNumber: deviceSerialFilter('S'.repeat(300)) }).success).toBe(true)
    expect(parseSearch(companySearch, { name: `${'a'.repeat(63)}😀` }).name).toBe('a'.repeat(63))
  })
})
