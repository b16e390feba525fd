import { describe, expect, it } from 'vitest'
import { passwordStrengthText } from '../../shared/messages/passwords'
import { loginPasswordRefusal, secondaryPasswordRefusal } from './password-strength'

const applicant = { username: 'wangqiang', name: '王强', phoneNumber: '13912345678', companyName: 'Zorvex 物流' }

describe('loginPasswordRefusal (issue #41 item 5)', () => {
  it.each([
    ['Passw0rd!', 'common'],
    ['Password2026', 'common'],
    ['Admin@2026', 'common'],
    ['zxcvbnm1', 'common'],
    ['woaini1314', 'common'],
    ['Secret@2468', 'common'],
    ['Second@2026', 'word'],
    ['Kx7#mP2q', 'short'],
  ] as const)('refuses %j, naming the pattern (%s)', (password, weakness) => {
    expect(loginPasswordRefusal(password, {})).toBe(passwordStrengthText.login(weakness))
  })

  it.each(['Wangqiang@2026', 'Pass13912345678', 'Zorvex@2026!', 'Zorvex2026'])('refuses %j, built on the account’s own details', (password) => {
    expect(loginPasswordRefusal(password, applicant)).toBe(passwordStrengthText.login('personal'))
  })

  it('counts symbols put at the seams of guessable parts as a dozen choices each, not as brute force', () => {
    // zxcvbn alone puts both at 10^8 guesses (score 3).
    expect(loginPasswordRefusal('Admin@2026', {})).toBeDefined()
    expect(loginPasswordRefusal('Zorvex@2026!', applicant)).toBeDefined()
    // Symbols inside a random password are not at seams: it stays strong.
    expect(loginPasswordRefusal('Kq7#vLm2-Tz9', applicant)).toBeUndefined()
  })

  it.each(['Kq7#vLm2-Tz9', 'Liu#2024home', 'correct horse battery', 'zhangwei@Rk93', 'x9#Kp!2@Lm'])('accepts %j', (password) => {
    expect(loginPasswordRefusal(password, applicant)).toBeUndefined()
  })

  it('answers a long password built to be slow within a moment', () => {
    const started = performance.now()
    loginPasswordRefusal('Qa1!'.repeat(16), applicant)
    expect(performance.now() - started).toBeLessThan(2000)
  })
})

describe('secondaryPasswordRefusal (issue #41 item 5)', () => {
  const account = { ...applicant, loginPassword: 'Kq7#vLm2-Tz9' }

  it.each([
    ['111111', 'common'],
    ['123456', 'common'],
    ['654321', 'common'],
    ['121212', 'repeated'],
    ['qwerty', 'common'],
    ['19900101', 'date'],
    ['345678', 'personal'],
  ] as const)('refuses %j (%s)', (secondary, weakness) => {
    expect(secondaryPasswordRefusal(secondary, account)).toBe(passwordStrengthText.secondary(weakness))
  })

  it('refuses the login password itself', () => {
    expect(secondaryPasswordRefusal('Kq7#vLm2-Tz9', account)).toBe(passwordStrengthText.secondarySameAsLogin)
  })

  it.each(['730194', '482916', '902731'])('accepts the 6-digit PIN %j that has no pattern', (secondary) => {
    expect(secondaryPasswordRefusal(secondary, account)).toBeUndefined()
  })
})
