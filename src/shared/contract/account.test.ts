import { describe, expect, it } from 'vitest'
import { RegisterRequest } from './account'
import { parseWithMessage } from './validation'

describe('RegisterRequest', () => {
  it('refuses a weak password with domain/validators\' rule and sentence (issue #10), on the password field', () => {
    const request = { username: 'zhangwei', password: 'zhangwei1234', confirmPassword: 'zhangwei1234', companyName: '某公司', contactName: '张伟', phoneNumber: '13800000000' }
    expect(parseWithMessage(RegisterRequest, request)).toEqual({ success: false, message: '密码不能是用户名，也不能只在用户名前后加简单字符' })
    expect(parseWithMessage(RegisterRequest, { ...request, password: 'aaaaaaa1', confirmPassword: 'aaaaaaa1' })).toEqual({
      success: false,
      message: '密码过于简单，请不要只用重复的字符',
    })
    expect(parseWithMessage(RegisterRequest, { ...request, password: 'Kx7#mP2q', confirmPassword: 'Kx7#mP2q' }).success).toBe(true)
  })
})
