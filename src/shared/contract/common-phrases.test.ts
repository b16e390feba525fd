import { describe, expect, it } from 'vitest'
import { contactPhoneSchema } from './common-phrases'

describe('contactPhoneSchema', () => {
  it('applies domain/contact-phone\'s rule, and stores the phone without spaces', () => {
    expect(contactPhoneSchema.parse(' 010 1234 5678 ')).toBe('01012345678')
    expect(contactPhoneSchema.safeParse('12345').error?.issues[0]?.message).toBe('电话号码格式不正确，请输入11位手机号或带区号的座机号')
  })
})
