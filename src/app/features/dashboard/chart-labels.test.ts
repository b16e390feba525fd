import { describe, expect, it } from 'vitest'
import { monthLabel } from './chart-labels'

describe('monthLabel', () => {
  it('names a month, and the year where one begins', () => {
    expect(monthLabel('2026-03')).toBe('3月')
    expect(monthLabel('2026-12')).toBe('12月')
    expect(monthLabel('2027-01')).toBe('27年1月')
    expect(monthLabel('unexpected')).toBe('unexpected')
  })
})
