import { describe, expect, it } from 'vitest'
import { imeiFor, luhnCheckDigit } from './imei'

describe('imeiFor (issue #43)', () => {
  it('gives each simulated phone its own valid IMEI, the same on every start', () => {
    // A published example IMEI: 49015420323751 → check digit 8.
    expect(luhnCheckDigit('49015420323751')).toBe('8')
    const serials = ['F2LXDEMO0001', 'F2LXDEMO0002', 'F2LXDEMO0003', 'F2LXDEMO0004', 'F2LXDEMO0005']
    const imeis = serials.map(imeiFor)
    expect(new Set(imeis).size).toBe(serials.length)
    expect(imeiFor('F2LXDEMO0001')).toBe(imeis[0])
    for (const imei of imeis) {
      expect(imei).toMatch(/^35 \d{6} \d{6} \d$/)
      const digits = imei.replace(/ /g, '')
      expect(luhnCheckDigit(digits.slice(0, 14))).toBe(digits[14])
    }
  })
})
