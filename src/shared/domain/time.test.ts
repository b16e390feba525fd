import { describe, expect, it } from 'vitest'
import { toTimestamp } from './time'

describe('toTimestamp', () => {
  it.each([
    ['a Date', new Date(Date.UTC(2024, 0, 2)), Date.UTC(2024, 0, 2)],
    ['epoch milliseconds', 1_700_000_000_000, 1_700_000_000_000],
    ['an ISO string', '2024-01-02T03:04:05.000Z', Date.UTC(2024, 0, 2, 3, 4, 5)],
    ['"YYYY-MM-DD HH:mm:ss" (local)', '2024-01-02 03:04:05', new Date(2024, 0, 2, 3, 4, 5).getTime()],
    ['"YYYY-MM-DD HH:mm" (local)', ' 2024-01-02 03:04 ', new Date(2024, 0, 2, 3, 4).getTime()],
  ])('reads %s', (_label, value, expected) => {
    expect(toTimestamp(value)).toBe(expected)
  })

  it.each([[null], [undefined], [''], ['   '], ['yesterday'], [Number.NaN], [Number.POSITIVE_INFINITY], [new Date('x')]])(
    '%j is not a time',
    (value) => {
      expect(toTimestamp(value)).toBeNaN()
    },
  )
})
