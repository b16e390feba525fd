import { describe, expect, it } from 'vitest'
import { validatePassword } from './validators'

/** The quick rule the forms check as the user types; whether a password is easy to guess is the server's estimate. */
describe('validatePassword', () => {
  it.each([
    ['', '请输入密码'],
    ['       ', '密码不能全是空格'],
    ['          ', '密码不能全是空格'],
    ['a1', '密码长度不能少于8个字符'],
    ['abcdefgh', '密码必须同时包含字母和数字'],
    ['12345678', '密码必须同时包含字母和数字'],
  ])('refuses %j', (password, message) => {
    expect(validatePassword(password)).toBe(message)
  })

  it.each(['Kq7#vLm2-Tz9', 'password1', 'zhangwei@Rk93'])('leaves %j to the server', (password) => {
    expect(validatePassword(password)).toBeUndefined()
  })
})
