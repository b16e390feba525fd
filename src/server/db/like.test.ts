import { describe, expect, it } from 'vitest'
import { likePattern } from './like'

describe('likePattern', () => {
  it('matches the text anywhere, its own wildcards escaped', () => {
    expect(likePattern('abc')).toBe('%abc%')
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%')
  })
})
