// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DeviceStateTag } from './StatusTag'

afterEach(cleanup)

const NOW = Date.UTC(2024, 5, 14, 12, 0, 0)
const HOUR = 3_600_000
const at = (ms: number) => new Date(ms).toISOString()

describe('DeviceStateTag', () => {
  it.each([
    [at(NOW - 6 * HOUR), '在线', 'success', '#15803d', '#ffffff'],
    [at(NOW - 6 * HOUR - 1000), '不稳定', 'warning', '#f5a623', '#1a1a1a'],
    [at(NOW - 24 * HOUR), '离线', 'error', '#cf222e', '#ffffff'],
    [null, '离线', 'error', '#cf222e', '#ffffff'],
  ])('last contact %s shows %s', (time, label, status, background, textColor) => {
    render(<DeviceStateTag device={{ lastCommunicationTime: time }} now={NOW} />)
    const tag = screen.getByText(label)
    expect(tag.dataset.status).toBe(status)
    expect(tag.style.getPropertyValue('--background-color')).toBe(background)
    expect(tag.style.getPropertyValue('--text-color')).toBe(textColor)
  })

  it('an erased iPhone reads 已抹掉, not 在线', () => {
    render(<DeviceStateTag device={{ lastCommunicationTime: at(NOW), wiped: true, enrolled: false }} now={NOW} />)
    expect(screen.getByText('已抹掉').dataset.status).toBe('wiped')
    expect(screen.queryByText('在线')).toBeNull()
  })

  it('offline, says 缓存于 and the state as of then', () => {
    const cachedAt = NOW - 30 * HOUR
    render(<DeviceStateTag device={{ lastCommunicationTime: at(cachedAt - 10 * HOUR) }} now={NOW} cachedAt={cachedAt} />)
    const tag = screen.getByText(/^缓存于 /)
    expect(tag.dataset.status).toBe('warning')
    expect(tag.getAttribute('aria-label')).toMatch(/状态截至缓存时：不稳定$/)
  })
})
