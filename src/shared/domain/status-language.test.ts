import { describe, expect, it } from 'vitest'
import { commandState, deviceState, pendingCommandsState, statusToneColors } from './status-language'

const NOW = Date.UTC(2026, 10, 28, 4, 0, 0)
const HOUR = 3_600_000
const at = (ms: number) => new Date(ms).toISOString()

describe('one status language (issue #43 item 3)', () => {
  it('names a command state once: the task log, the card and the detail read the same word', () => {
    expect(commandState('QUEUED')).toMatchObject({ label: '排队中', tone: 'default', fill: 'outline' })
    expect(commandState('SENT')).toMatchObject({ label: '已下发', tone: 'primary', fill: 'solid' })
    expect(commandState('DONE')).toMatchObject({ label: '已完成', tone: 'success' })
    expect(commandState('ERROR')).toMatchObject({ label: '执行失败', tone: 'danger' })
    expect(commandState('TIMEOUT')).toMatchObject({ label: '已超时', tone: 'warning' })
  })

  it('says a lock queued for a phone away for days is 排队中, not 执行中, and 已下发 once fetched', () => {
    expect(pendingCommandsState({ pendingTaskCount: 0, pendingTaskStatus: null })).toBeNull()
    expect(pendingCommandsState({ pendingTaskCount: 1, pendingTaskStatus: 'QUEUED' })).toMatchObject({ key: 'QUEUED', label: '指令排队中' })
    expect(pendingCommandsState({ pendingTaskCount: 3, pendingTaskStatus: 'SENT' })).toMatchObject({ key: 'SENT', label: '3 条指令已下发' })
    // A record cached before the field existed: not yet known to have reached the device.
    expect(pendingCommandsState({ pendingTaskCount: 1 })?.key).toBe('QUEUED')
  })

  it('gives a device one state: its connection status, or 已抹掉 for an erased iPhone (never 在线 beside it)', () => {
    expect(deviceState({ lastCommunicationTime: at(NOW - HOUR) }, { now: NOW })).toMatchObject({ key: 'success', text: '在线', tone: 'success', asOf: null })
    expect(deviceState({ lastCommunicationTime: at(NOW - 7 * HOUR) }, { now: NOW })).toMatchObject({ key: 'warning', text: '不稳定' })
    expect(deviceState({ lastCommunicationTime: null }, { now: NOW })).toMatchObject({ key: 'error', text: '离线', tone: 'danger' })
    expect(deviceState({ lastCommunicationTime: at(NOW), wiped: true, enrolled: false }, { now: NOW })).toMatchObject({ key: 'wiped', text: '已抹掉', tone: 'default' })
    // Enrolled again after the erase: a managed device like any other.
    expect(deviceState({ lastCommunicationTime: at(NOW), wiped: true, enrolled: true }, { now: NOW }).key).toBe('success')
    // Issue #42: an ABM phone not enrolled yet was never heard from: 待激活, not 离线; once enrolled, its connection.
    expect(deviceState({ lastCommunicationTime: null, abmPending: true }, { now: NOW })).toMatchObject({ key: 'abmPending', text: '待激活', tone: 'primary' })
    expect(deviceState({ lastCommunicationTime: at(NOW), abmPending: true, enrolled: true }, { now: NOW }).key).toBe('success')
  })

  it('offline, always says "as of": 缓存于 the real time, the state the device had then', () => {
    const cachedAt = new Date(2026, 10, 27, 9, 30).getTime()
    // Last seen 10 h before it was cached: 不稳定 then, though 在线 would be a lie and 离线 is what it is now.
    const word = deviceState({ lastCommunicationTime: at(cachedAt - 10 * HOUR) }, { now: NOW, cachedAt })
    expect(word).toMatchObject({ key: 'warning', fill: 'outline', text: '缓存于 11-27 09:30', asOf: cachedAt })
    expect(word.description).toBe('缓存于 11-27 09:30，状态截至缓存时：不稳定')
    expect(deviceState({ lastCommunicationTime: at(cachedAt - HOUR) }, { now: NOW, cachedAt }).key).toBe('success')
    // No real time (a list shown with another page's records): never 01-01 00:00.
    expect(deviceState({ lastCommunicationTime: at(NOW) }, { now: NOW, cachedAt: 0 })).toMatchObject({ text: '缓存数据', fill: 'outline', asOf: null })
  })

  it('has a colour pair of WCAG AA contrast for every tone', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    for (const { background, text } of Object.values(statusToneColors)) {
      const [hi, lo] = [luminance(background), luminance(text)].sort((a, b) => b - a)
      expect((hi + 0.05) / (lo + 0.05)).toBeGreaterThanOrEqual(4.5)
    }
  })
})
