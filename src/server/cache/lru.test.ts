import { describe, expect, it } from 'vitest'
import { Lru } from './lru'

describe('Lru', () => {
  it('drops the least recently used beyond its limit and answers what it dropped', () => {
    const lru = new Lru<string, number>(2)
    expect(lru.set('a', 1)).toEqual([])
    expect(lru.set('b', 2)).toEqual([])
    expect(lru.get('a')).toBe(1)
    // b is now the least recently used.
    expect(lru.set('c', 3)).toEqual([['b', 2]])
    expect(lru.get('b')).toBeUndefined()
    expect([lru.get('a'), lru.get('c'), lru.size]).toEqual([1, 3, 2])
  })

  it('replaces a key without dropping another, and follows a changed limit', () => {
    const lru = new Lru<string, number>(2)
    lru.set('a', 1)
    lru.set('b', 2)
    expect(lru.set('a', 10)).toEqual([])
    expect(lru.get('a')).toBe(10)
    lru.limit = 1
    expect(lru.set('c', 3)).toEqual([
      ['b', 2],
      ['a', 10],
    ])
    expect(lru.delete('c')).toBe(true)
    expect(lru.size).toBe(0)
  })
})
