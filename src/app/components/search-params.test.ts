import { describe, expect, it } from 'vitest'
import { pagingSearch, param, parseSearch } from './search-params'

const shape = {
  ...pagingSearch,
  name: param.text,
  status: param.oneOf(['success', 'warning', 'error'] as const),
  'device-id': param.id,
}

describe('list search parameters', () => {
  it('gives page 1 of 10 rows and no filters for an empty search', () => {
    expect(parseSearch(shape, {})).toEqual({ current: 1, pageSize: 10, name: undefined, status: undefined, 'device-id': undefined })
  })

  it('reads what a shared link carries, numbers as numbers or as text', () => {
    expect(parseSearch(shape, { current: 3, pageSize: '20', name: '张三', status: 'warning', 'device-id': '42' })).toEqual({
      current: 3,
      pageSize: 20,
      name: '张三',
      status: 'warning',
      'device-id': 42,
    })
  })

  it.each([
    ['current', 0, 1],
    ['current', -2, 1],
    ['current', 2.5, 1],
    ['current', 'abc', 1],
    ['current', '', 1],
    ['current', null, 1],
    ['current', [2], 1],
    ['pageSize', 0, 10],
    ['pageSize', 101, 10],
    ['pageSize', 100, 100],
    ['pageSize', '1e3', 10],
  ])('falls back from %s=%j to %j', (key, value, expected) => {
    expect(parseSearch(shape, { [key]: value })[key as 'current' | 'pageSize']).toBe(expected)
  })

  it('keeps a numeric text filter as the text it was typed as, and drops blank ones', () => {
    expect(parseSearch(shape, { name: 12345 }).name).toBe('12345')
    expect(parseSearch(shape, { name: '  ' }).name).toBeUndefined()
    expect(parseSearch(shape, { name: { a: 1 } }).name).toBeUndefined()
  })

  it('accepts only the listed codes and positive ids', () => {
    expect(parseSearch(shape, { status: 'offline' }).status).toBeUndefined()
    expect(parseSearch(shape, { status: 1 }).status).toBeUndefined()
    expect(parseSearch(shape, { 'device-id': 0 })['device-id']).toBeUndefined()
    expect(parseSearch(shape, { 'device-id': 'x1' })['device-id']).toBeUndefined()
  })

  it('reads only the keys of its shape', () => {
    expect(Object.keys(parseSearch({ ...pagingSearch }, { current: 2, other: 'x' }))).toEqual(['current', 'pageSize'])
  })
})

describe('param.textOfAtMost', () => {
  const upTo4 = param.textOfAtMost(4)
  it.each([
    ['trims and keeps a short filter', ' ab ', 'ab'],
    ['cuts a long one', 'abcdef', 'abcd'],
    ['never leaves half a surrogate pair at the cut (the server refuses those)', 'abc😀', 'abc'],
    ['keeps a whole pair inside the limit', 'ab😀', 'ab😀'],
    ['treats blank as no filter', '   ', undefined],
    ['reads a number as the text it was typed as', 123456, '1234'],
  ])('%s', (_name, value, expected) => {
    expect(upTo4(value)).toBe(expected)
  })
})
