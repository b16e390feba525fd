import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('loadConfig', () => {
  it('defaults to port 8080, PGlite in ./data, demo on, 7-day tokens', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({ port: 8080, databaseUrl: undefined, demo: true, captchaAnswer: undefined, production: false })
    expect(c.tokenTtlMs).toBe(7 * 24 * 3600_000)
  })

  it('times tasks out after 5 minutes without a result and 24 hours in the queue, unless configured', () => {
    expect(loadConfig({}).taskTimeouts).toEqual({ resultMs: 5 * 60_000, queueMs: 24 * 3600_000 })
    expect(loadConfig({ MDM_TASK_RESULT_TIMEOUT_SECONDS: '30', MDM_TASK_QUEUE_EXPIRY_SECONDS: '12' }).taskTimeouts).toEqual({ resultMs: 30_000, queueMs: 12_000 })
    expect(() => loadConfig({ MDM_TASK_QUEUE_EXPIRY_SECONDS: '0' })).toThrow('MDM_TASK_QUEUE_EXPIRY_SECONDS')
  })

  it('honours PORT, DATABASE_URL, MDM_DEMO and the token lifetime', () => {
    const c = loadConfig({ PORT: '9001', DATABASE_URL: 'memory://', MDM_DEMO: 'off', MDM_TOKEN_TTL_HOURS: '2' })
    expect(c).toMatchObject({ port: 9001, databaseUrl: 'memory://', demo: false, tokenTtlMs: 2 * 3600_000 })
  })

  it('refuses the fixed captcha answer in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MDM_CAPTCHA_ANSWER: 'abcd' })).toThrow('NODE_ENV=production 时不允许设置 MDM_CAPTCHA_ANSWER')
    expect(loadConfig({ NODE_ENV: 'test', MDM_CAPTCHA_ANSWER: 'abcd' }).captchaAnswer).toBe('abcd')
  })

  it('turns the demo off in production by default and refuses to turn it on there', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', MDM_DEMO: 'off' }).demo).toBe(false)
    expect(() => loadConfig({ NODE_ENV: 'production', MDM_DEMO: 'on' })).toThrow('NODE_ENV=production 时不允许启用演示模式（MDM_DEMO=on）')
    // `npm start` (development) keeps the demo on unless told otherwise.
    expect(loadConfig({ NODE_ENV: 'development' }).demo).toBe(true)
    expect(loadConfig({ MDM_DEMO: 'on' }).demo).toBe(true)
    // Its simulated phones run unless told otherwise.
    expect(loadConfig({}).demoDevices).toBe(true)
    expect(loadConfig({ MDM_DEMO_DEVICES: 'off' })).toMatchObject({ demo: true, demoDevices: false })
    expect(() => loadConfig({ MDM_DEMO_DEVICES: 'no' })).toThrow('MDM_DEMO_DEVICES')
  })

  it('writes SMS codes to the log only outside production unless MDM_SMS_PROVIDER says otherwise', () => {
    expect(loadConfig({}).smsProvider).toBe('log')
    expect(loadConfig({ NODE_ENV: 'production' }).smsProvider).toBe('none')
    expect(loadConfig({ MDM_SMS_PROVIDER: 'none' }).smsProvider).toBe('none')
    expect(loadConfig({ NODE_ENV: 'production', MDM_SMS_PROVIDER: 'log' }).smsProvider).toBe('log')
    expect(() => loadConfig({ MDM_SMS_PROVIDER: 'aliyun' })).toThrow(/MDM_SMS_PROVIDER/)
  })

  it('reads MDM_SECRET_KEY and refuses one that is not a 32-byte key', () => {
    expect(loadConfig({}).secretKey).toBeNull()
    expect(loadConfig({}).secretKeyFile).toBe('.secrets/secret.key')
    expect(loadConfig({ MDM_SECRET_KEY: '0f'.repeat(32) }).secretKey?.toString('hex')).toBe('0f'.repeat(32))
    expect(() => loadConfig({ MDM_SECRET_KEY: 'password' })).toThrow('MDM_SECRET_KEY 无效')
  })

  it('speaks TLS only with both a certificate and its key, and then defaults the Apple address to https', () => {
    expect(loadConfig({}).tls).toBeNull()
    expect(loadConfig({}).apple.publicUrl).toBe('http://localhost:8080')
    const tls = loadConfig({ MDM_TLS_CERT_FILE: 'c.pem', MDM_TLS_KEY_FILE: 'k.pem', PORT: '8443' })
    expect(tls.tls).toEqual({ certFile: 'c.pem', keyFile: 'k.pem' })
    expect(tls.apple.publicUrl).toBe('https://localhost:8443')
    expect(() => loadConfig({ MDM_TLS_CERT_FILE: 'c.pem' })).toThrow('MDM_TLS_CERT_FILE 与 MDM_TLS_KEY_FILE 须同时设置')
    expect(() => loadConfig({ MDM_TLS_KEY_FILE: 'k.pem' })).toThrow('MDM_TLS_CERT_FILE 与 MDM_TLS_KEY_FILE 须同时设置')
    // The forwarded client certificate is trusted only from a terminator in front.
    expect(() => loadConfig({ MDM_TLS_CERT_FILE: 'c.pem', MDM_TLS_KEY_FILE: 'k.pem', MDM_APPLE_IDENTITY: 'client-cert' })).toThrow('MDM_APPLE_IDENTITY=client-cert 需要前置的 TLS 终端')
    expect(loadConfig({ MDM_APPLE_IDENTITY: 'client-cert' }).apple.identitySource).toBe('client-cert')
  })

  it('says which setting is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ MDM_DEMO: 'maybe' })).toThrow(/MDM_DEMO/)
  })
})
