import { describe, expect, it } from 'vitest'
import { DeviceSearchQuery } from '../../../shared/contract/huawei-device'
import { parseSearch } from '../../components/search-params'
import { deviceListSearch, searchMaxLength } from './queries'

describe('device list search limits', () => {
  it('are the longest filters the server contract accepts', () => {
    for (const [field, max] of Object.entries(searchMaxLength)) {
      expect(DeviceSearchQuery.safeParse({ [field]: 'A'.repeat(max) }).success).toBe(true)
      expect(DeviceSearchQuery.safeParse({ [field]: 'A'.repeat(max + 1) }).success).toBe(false)
    }
  })

  it('cut an over-long filter from a link to what the server accepts instead of sending it to be refused', () => {
    const search = parseSearch(deviceListSearch, { serialNumber: 'S'.repeat(300), renterName: ` ${'名'.repeat(40)} ` })
    expect(search.serialNumber).toBe('S'.repeat(64))
    expect(search.renterName).toBe('名'.repeat(32))
    expect(DeviceSearchQuery.safeParse(search).success).toBe(true)
  })

  it('never leave half a surrogate pair at the cut', () => {
    const search = parseSearch(deviceListSearch, { renterName: `${'a'.repeat(31)}😀` })
    expect(search.renterName).toBe('a'.repeat(31))
  })
})
