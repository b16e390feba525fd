import { describe, expect, it } from 'vitest'
import { RegisterRequest } from './account'
import { parseWithMessage } from './validation'

describe('RegisterRequest', () => {
  it('refuses a password that breaks the quick rule with its sentence, and leaves guessability to the server', () => {
    const request = { username: 'zhangwei', password: 'zhangwei', confirmPassword: 'zhangwei', companyName: '某公司', contactName: '张伟', phoneNumber: '13800000000' }
    expect(parseWithMessage(RegisterRequest, request)).toEqual({ success: false, message: '密码必须同时包含字母和数字' })
    // Built on the username: refused by the server's estimate (server/auth/password-strength.ts), not by the contract.
    expect(parseWithMessage(RegisterRequest, { ...request, password: 'zhangwei1234', confirmPassword: 'zhangwei1234' }).success).toBe(true)
  })
})
