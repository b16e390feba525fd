// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { lastSeenText } from './DeviceSummaryCard'

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
