import { describe, expect, it } from 'vitest'
import { chinaDayKey, chinaDayStart, dayBuckets, fillBuckets, monthBuckets } from './dashboard-buckets'

describe('dashboard buckets (China time)', () => {
  it('puts an instant on the China calendar day, not the UTC one', () => {
    // 2026-03-01 16:30 UTC is already 2026-03-02 00:30 in Beijing.
    expect(chinaDayKey(new Date('2026-03-01T16:30:00Z'))).toBe('2026-03-02')
    expect(chinaDayKey(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01')
    expect(chinaDayStart(new Date('2026-03-01T16:30:00Z')).toISOString()).toBe('2026-03-01T16:00:00.000Z')
  })

  it('lays out the last 12 days oldest first, labelled MM-DD, across a month end', () => {
    const b = dayBuckets(new Date('2026-03-03T04:00:00Z'), 12)
    expect(b.keys).toHaveLength(12)
    expect(b.keys[0]).toBe('2026-02-20')
    expect(b.keys.at(-1)).toBe('2026-03-03')
    expect(b.labels.slice(8)).toEqual(['02-28', '03-01', '03-02', '03-03'])
    expect(b.since.toISOString()).toBe('2026-02-19T16:00:00.000Z')
  })

  it('lays out the last 12 months across a year end', () => {
    const b = monthBuckets(new Date('2026-02-10T00:00:00Z'), 12)
    expect(b.keys[0]).toBe('2025-03')
    expect(b.keys.at(-1)).toBe('2026-02')
    expect(b.keys).toHaveLength(12)
    expect(b.since.toISOString()).toBe('2025-02-28T16:00:00.000Z')
    // The first hours of a month in Beijing are still the previous month in UTC.
    expect(monthBuckets(new Date('2026-01-31T17:00:00Z'), 1).keys).toEqual(['2026-02'])
  })

  it('fills missing buckets with zero and ignores keys outside them', () => {
    expect(fillBuckets(['a', 'b', 'c'], [{ key: 'c', n: 2 }, { key: 'a', n: 1 }, { key: 'z', n: 9 }])).toEqual([1, 0, 2])
  })
})
