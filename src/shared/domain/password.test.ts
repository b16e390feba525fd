import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORDS } from './common-passwords'
import { validatePassword } from './validators'

describe('validatePassword (issue #10)', () => {
  it.each([
    ['password1', 'someone', '密码过于常见，容易被猜中，请换一个'],
    ['PASSWORD1', 'someone', '密码过于常见，容易被猜中，请换一个'],
    ['Qwerty123', 'someone', '密码过于常见，容易被猜中，请换一个'],
    ['woaini1314', 'someone', '密码过于常见，容易被猜中，请换一个'],
    ['aaaaaaa1', 'someone', '密码过于简单，请不要只用重复的字符'],
    ['abababab1', 'someone', '密码过于简单，请不要只用重复的字符'],
    ['zhang2026', 'zhang2026', '密码不能是用户名，也不能只在用户名前后加简单字符'],
    ['Zhang2026', 'zhang2026', '密码不能是用户名，也不能只在用户名前后加简单字符'],
    ['zhangwei1234', 'zhangwei', '密码不能是用户名，也不能只在用户名前后加简单字符'],
    ['zhangwei123456', 'zhangwei', '密码不能是用户名，也不能只在用户名前后加简单字符'],
    ['       ', 'someone', '密码不能全是空格'],
    ['          ', 'someone', '密码不能全是空格'],
    ['a1', 'someone', '密码长度不能少于8个字符'],
    ['', 'someone', '请输入密码'],
    ['abcdefgh', 'someone', '密码必须同时包含字母和数字'],
  ])('refuses %j (username %j)', (password, username, message) => {
    expect(validatePassword(password, username)).toBe(message)
  })

  it.each([
    ['Demo@2026', 'demo'],
    ['Admin@2026', 'admin'],
    ['Demo@2026', 'demo-staff'],
    ['Kx7#mP2q', 'someone'],
    ['zhangwei@Rk93', 'zhangwei'],
  ])('accepts %j for %j', (password, username) => {
    expect(validatePassword(password, username)).toBeUndefined()
  })

  it('holds about a thousand lower-case entries', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(1000)
    expect([...COMMON_PASSWORDS].every((p) => p === p.toLowerCase())).toBe(true)
  })
})
