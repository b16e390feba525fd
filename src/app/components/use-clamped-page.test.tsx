// @vitest-environment jsdom
import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useClampedPage } from './use-clamped-page'

describe('useClampedPage', () => {
  it.each([
    ['the only row of page 2 was removed', { records: [], total: 10 }, 2, 1],
    ['a link named page 99 of 35 rows', { records: [], total: 35 }, 99, 4],
    ['the list emptied while on page 4', { records: [], total: 0 }, 4, 1],
  ])('steps back to the last page when %s', (_name, data, current, expected) => {
    const onPage = vi.fn()
    renderHook(() => useClampedPage(data, { current, pageSize: 10 }, onPage))
    expect(onPage).toHaveBeenCalledExactlyOnceWith(expected, 10)
  })

  it.each([
    ['still loading', undefined, 3],
    ['the page has rows', { records: [{}], total: 21 }, 3],
    ['the list is empty', { records: [], total: 0 }, 1],
  ])('stays put when %s', (_name, data, current) => {
    const onPage = vi.fn()
    renderHook(() => useClampedPage(data, { current, pageSize: 10 }, onPage))
    expect(onPage).not.toHaveBeenCalled()
  })
})
