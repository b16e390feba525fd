import { describe, expect, it } from 'vitest'
import { isContactPhone, normalizeContactPhone } from './contact-phone'

describe('a phone a finder can call (lost mode)', () => {
  it.each(['13800138000', '138 0013 8000', '010-12345678', '0755 1234567', '400-123-4567', '8001234567'])('takes %s', (phone) => {
    expect(isContactPhone(phone)).toBe(true)
  })

  it.each(['12345', '23800138000', '1380013800', '138001380000', '10-12345678', '500-123-4567', '', '138-0013-8000x'])('refuses %s', (phone) => {
    expect(isContactPhone(phone)).toBe(false)
  })

  it('is stored without spaces', () => {
    expect(normalizeContactPhone(' 138 0013 8000 ')).toBe('13800138000')
  })
})
