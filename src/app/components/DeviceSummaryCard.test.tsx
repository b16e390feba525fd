// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { formatDate } from '../../shared/domain/format'
import { lastContactText, lastSeenText } from './DeviceSummaryCard'

describe('lastSeenText', () => {
  const now = Date.parse('2026-11-21T12:00:00Z')
  it.each([
    ['a contact three minutes ago', '2026-11-21T11:57:00Z', '3 分钟前'],
    ['a contact the server dated ahead of a slow phone clock', '2026-11-21T12:01:30Z', '刚刚'],
    ['a contact far ahead of a badly set clock', '2026-11-21T15:00:00Z', '刚刚'],
    ['no contact yet', null, '从未通信'],
  ])('%s', (_name, lastCommunicationTime, expected) => {
    expect(lastSeenText({ lastCommunicationTime }, now)).toBe(expected)
  })
})

describe('lastContactText', () => {
  const now = Date.parse('2026-11-21T12:00:00Z')
  const seen = { lastCommunicationTime: '2026-11-20T11:57:00Z' }
  it('says how long ago online, and offline the time itself beside the 缓存于 state (issue #43 item 3)', () => {
    expect(lastContactText(seen, now)).toBe('1 天前')
    expect(lastContactText(seen, now, now - 60_000)).toBe(formatDate(seen.lastCommunicationTime, 'MM-dd hh:mm'))
    expect(lastContactText(seen, now, now - 60_000)).toMatch(/^11-2[01] \d{2}:57$/)
    expect(lastContactText({ lastCommunicationTime: null }, now, now)).toBe('从未通信')
  })
})
