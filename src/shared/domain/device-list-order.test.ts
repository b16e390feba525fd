import { describe, expect, it } from 'vitest'
import { byCodePoint, compareDevices, deviceSortOf, isImei } from './device-list-order'

describe('device list order (shared by the server’s SQL and the offline search)', () => {
  it('orders text by code point as COLLATE "C" does, not by UTF-16 unit', () => {
    // U+20BB7 (𠮷) is after U+FF40 (｀) by code point; as UTF-16 its first unit (U+D842) is before.
    expect(byCodePoint('𠮷', '｀')).toBe(1)
    expect(byCodePoint('｀', '𠮷')).toBe(-1)
    expect(['B', 'a', 'A', '张', 'AB'].sort(byCodePoint)).toEqual(['A', 'AB', 'B', 'a', '张'])
    expect(byCodePoint('𠮷a', '𠮷a')).toBe(0)
  })

  it('sorts a device never heard from as the oldest contact, and breaks ties by id the same way', () => {
    const d = (id: number, lastCommunicationTime: string | null) => ({ id, serialNumber: `SN${id}`, lastCommunicationTime })
    const rows = [d(1, '2026-11-28T10:00:00Z'), d(2, null), d(3, '2026-11-28T09:00:00Z'), d(4, '2026-11-28T10:00:00Z')]
    const ids = (sortOrder: 'asc' | 'desc') => [...rows].sort(compareDevices({ sortBy: 'lastCommunicationTime', sortOrder })).map((r) => r.id)
    expect(ids('asc')).toEqual([2, 3, 1, 4])
    expect(ids('desc')).toEqual([4, 1, 3, 2])
  })

  it('is newest first without a sort, and ascending once a column is chosen', () => {
    expect(deviceSortOf({})).toEqual({ sortBy: 'createdAt', sortOrder: 'desc' })
    expect(deviceSortOf({ sortBy: 'renterName' })).toEqual({ sortBy: 'renterName', sortOrder: 'asc' })
  })

  it('takes 15 digits as an IMEI, nothing else', () => {
    expect(isImei('861234567890123')).toBe(true)
    expect(['86123456789012', '8612345678901234', 'HWDEMO000100001', undefined].map(isImei)).toEqual([false, false, false, false])
  })
})
