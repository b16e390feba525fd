import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('loadConfig', () => {
  it('defaults to port 8080, PGlite in ./data, demo on, 7-day tokens', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({ port: 8080, databaseUrl: undefined, demo: true, captchaAnswer: undefined, production: false })
    expect(c.tokenTtlMs).toBe(7 * 24 * 3600_000)
  })

  it('honours PORT, DATABASE_URL, MDM_DEMO and the token lifetime', () => {
    const c = loadConfig({ PORT: '9001', DATABASE_URL: 'memory://', MDM_DEMO: 'off', MDM_TOKEN_TTL_HOURS: '2' })
    expect(c).toMatchObject({ port: 9001, databaseUrl: 'memory://', demo: false, tokenTtlMs: 2 * 3600_000 })
  })

  it('refuses the fixed captcha answer in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MDM_CAPTCHA_ANSWER: 'abcd' })).toThrow('NODE_ENV=production 时不允许设置 MDM_CAPTCHA_ANSWER')
    expect(loadConfig({ NODE_ENV: 'test', MDM_CAPTCHA_ANSWER: 'abcd' }).captchaAnswer).toBe('abcd')
  })

  it('says which setting is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ MDM_DEMO: 'maybe' })).toThrow(/MDM_DEMO/)
  })
})
