import { describe, expect, it } from 'vitest'
import { gramsDecide } from './registry'

describe('gramsDecide: when the renter index alone decides a search', () => {
  it('decides one or two Han characters, which have no case and are one gram of the index', () => {
    expect(['刘', '刘伟', '𠀀刘'].map(gramsDecide)).toEqual([true, true, true])
  })

  it('leaves ILIKE to longer texts, cased letters, digits, marks and the empty text', () => {
    expect(['欧阳娜', 'ab', 'A', '刘a', '刘1', '刘_', '刘 ', ''].map(gramsDecide)).toEqual(Array(8).fill(false))
  })
})
