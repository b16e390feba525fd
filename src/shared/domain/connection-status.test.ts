import { describe, expect, it } from 'vitest'
import { connectionStatus, connectionStatusColors, connectionStatusLabels } from './connection-status'

const NOW = Date.UTC(2024, 5, 14, 12, 0, 0)
const HOUR = 3_600_000
const ago = (hours: number, minutes = 0, seconds = 0) => NOW - hours * HOUR - minutes * 60_000 - seconds * 1000

describe('connectionStatus (SPEC §4)', () => {
  it.each([
    ['just now', ago(0), 'success'],
    ['6 h 0 s', ago(6), 'success'],
    ['6 h 1 s', ago(6, 0, 1), 'warning'],
    ['12 h', ago(12), 'warning'],
    ['23 h 59 m', ago(23, 59), 'warning'],
    ['23 h 59 m 59 s', ago(23, 59, 59), 'warning'],
    ['24 h', ago(24), 'error'],
    ['30 days', ago(24 * 30), 'error'],
    ['a future time (clock skew)', NOW + 2 * HOUR, 'success'],
  ] as const)('%s since last contact (at %i) → %s', (_label, time, expected) => {
    expect(connectionStatus(time, NOW)).toBe(expected)
  })

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['an unparsable string', 'not a time'],
    ['NaN', Number.NaN],
  ] as const)('%s → error', (_label, time) => {
    expect(connectionStatus(time, NOW)).toBe('error')
  })

  it.each([
    ['an ISO string', new Date(ago(7)).toISOString(), 'warning'],
    ['a Date', new Date(ago(1)), 'success'],
  ] as const)('accepts %s', (_label, time, expected) => {
    expect(connectionStatus(time, NOW)).toBe(expected)
  })

  it('reads "YYYY-MM-DD HH:mm:ss" as local time', () => {
    const now = new Date(2024, 5, 14, 12, 0, 0)
    expect(connectionStatus('2024-06-14 06:00:00', now)).toBe('success')
    expect(connectionStatus('2024-06-14 05:59:59', now)).toBe('warning')
    expect(connectionStatus('2024-06-13 12:00:00', now)).toBe('error')
  })

  it('defaults now to the current time', () => {
    expect(connectionStatus(Date.now() - 60_000)).toBe('success')
    expect(connectionStatus(Date.now() - 25 * HOUR)).toBe('error')
  })
})

describe('labels and colors', () => {
  it('has the Chinese label of each status', () => {
    expect(connectionStatusLabels).toEqual({ success: '在线', warning: '不稳定', error: '离线' })
  })

  it.each([
    ['success', '#15803d', '#ffffff'],
    ['warning', '#f5a623', '#1a1a1a'],
    ['error', '#cf222e', '#ffffff'],
  ] as const)('%s is %s with %s text', (status, background, text) => {
    expect(connectionStatusColors[status]).toEqual({ background, text })
  })
})
