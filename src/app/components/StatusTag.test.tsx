// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { StatusTag } from './StatusTag'

afterEach(cleanup)

const NOW = Date.UTC(2024, 5, 14, 12, 0, 0)
const HOUR = 3_600_000

describe('StatusTag', () => {
  it.each([
    [NOW - 6 * HOUR, '在线', 'success', '#15803d', '#ffffff'],
    [NOW - 6 * HOUR - 1000, '不稳定', 'warning', '#f5a623', '#1a1a1a'],
    [NOW - 24 * HOUR, '离线', 'error', '#cf222e', '#ffffff'],
    [null, '离线', 'error', '#cf222e', '#ffffff'],
  ])('last contact %s shows %s', (time, label, status, background, textColor) => {
    render(<StatusTag lastCommunicationTime={time} now={NOW} />)
    const tag = screen.getByText(label)
    expect(tag.dataset.status).toBe(status)
    expect(tag.style.getPropertyValue('--background-color')).toBe(background)
    expect(tag.style.getPropertyValue('--text-color')).toBe(textColor)
  })

  it('prefers a status the server derived', () => {
    render(<StatusTag status="warning" lastCommunicationTime={NOW} now={NOW} />)
    expect(screen.getByText('不稳定').dataset.status).toBe('warning')
  })
})
