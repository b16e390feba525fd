import { describe, expect, it } from 'vitest'
import { contactPhoneSchema } from '../contract/common-phrases'
import { isContactPhone, normalizeContactPhone } from './contact-phone'

describe('a phone a finder can call (lost mode)', () => {
  it.each(['13800138000', '138 0013 8000', '010-12345678', '0755 1234567', '400-123-4567', '8001234567'])('takes %s', (phone) => {
    expect(isContactPhone(phone)).toBe(true)
  })

  it.each(['12345', '23800138000', '1380013800', '138001380000', '10-12345678', '500-123-4567', '', '138-0013-8000x'])('refuses %s', (phone) => {
    expect(isContactPhone(phone)).toBe(false)
  })

  it('is stored without spaces, and the contract applies the same rule', () => {
    expect(normalizeContactPhone(' 138 0013 8000 ')).toBe('13800138000')
    expect(contactPhoneSchema.parse(' 010 1234 5678 ')).toBe('01012345678')
    expect(contactPhoneSchema.safeParse('12345').error?.issues[0]?.message).toBe('电话号码格式不正确，请输入11位手机号或带区号的座机号')
  })
})
