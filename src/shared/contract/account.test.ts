import { describe, expect, it } from 'vitest'
import { phoneNumberSchema, RegisterRequest } from './account'
import { parseWithMessage } from './validation'

describe('RegisterRequest', () => {
  it('refuses a password that breaks the quick rule with its sentence, and leaves guessability to the server', () => {
    const request = { username: 'zhangwei', password: 'zhangwei', confirmPassword: 'zhangwei', companyName: '某公司', contactName: '张伟', phoneNumber: '13800000000' }
    expect(parseWithMessage(RegisterRequest, request)).toEqual({ success: false, message: '密码必须同时包含字母和数字' })
    // Built on the username: refused by the server's estimate (server/auth/password-strength.ts), not by the contract.
    expect(parseWithMessage(RegisterRequest, { ...request, password: 'zhangwei1234', confirmPassword: 'zhangwei1234' }).success).toBe(true)
  })
})

describe('phoneNumberSchema (issue #43)', () => {
  it('asks for an empty phone number instead of naming its format', () => {
    const messages = (value: string) => phoneNumberSchema.safeParse(value).error?.issues.map((i) => i.message)
    expect(messages('')).toEqual(['请输入手机号'])
    expect(messages('   ')).toEqual(['请输入手机号'])
    expect(messages('1380000')).toEqual(['手机号必须是11位数字，以1开头'])
    expect(messages('13800000000')).toBeUndefined()
  })
})
