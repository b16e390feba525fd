import { describe, expect, it } from 'vitest'
import { caseless } from './list-conditions'

describe('caseless: when a renter search may compare case-sensitively', () => {
  it('holds for Chinese characters only, of any length, which have no case', () => {
    expect(['刘', '刘伟', '欧阳娜', '𠀀刘'].map(caseless)).toEqual([true, true, true, true])
  })

  it('leaves ILIKE to cased letters, digits, marks, spaces and the empty text', () => {
    expect(['ab', 'A', '刘a', '刘A', '刘1', '刘_', '刘 ', ''].map(caseless)).toEqual(Array(8).fill(false))
  })
})
