import { describe, expect, it } from 'vitest'
import { modelText, productText } from './apple-models'

describe('an iPhone model as shown', () => {
  it('names a known product identifier as people know it', () => {
    expect(modelText('iPhone15,2')).toBe('iPhone 14 Pro')
    expect(modelText('iPhone14,5')).toBe('iPhone 13')
    expect(modelText('iPhone17,5')).toBe('iPhone 16e')
    expect(modelText(' iPhone12,8 ')).toBe('iPhone SE（第二代）')
    expect(modelText('iPhone18,3')).toBe('iPhone 17')
    expect(modelText('iPhone18,4')).toBe('iPhone Air')
  })

  it('names a Huawei or Xiaomi model code by its marketing name (issue #43: the legend showed 23127PN0CC)', () => {
    expect(modelText('23127PN0CC')).toBe('Xiaomi 14')
    expect(modelText('ALN-AL00')).toBe('HUAWEI Mate 60 Pro')
    expect(modelText('2311DRK48C')).toBe('Redmi K70')
    expect(modelText('XYZ-AL00')).toBe('XYZ-AL00')
  })

  it('keeps what it does not know: a model typed by hand, a newer identifier, a Huawei model, nothing', () => {
    expect(modelText('iPhone 14 Pro')).toBe('iPhone 14 Pro')
    expect(modelText('iPhone99,1')).toBe('iPhone99,1')
    expect(modelText('iPad13,1')).toBe('iPad13,1')
    expect(modelText('Mate 60 Pro')).toBe('Mate 60 Pro')
    expect(modelText('')).toBe('')
  })

  it('shows a reported identifier with its name before it', () => {
    expect(productText('iPhone15,4')).toBe('iPhone 15（iPhone15,4）')
    expect(productText('iPhone99,1')).toBe('iPhone99,1')
  })
})
