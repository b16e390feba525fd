import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testConfig } from '../../src/server/config'
import { startServer } from '../../src/server/main'
import { captureLog } from '../../src/server/log'

type Server = Awaited<ReturnType<typeof startServer>>
let server: Server | undefined
let log: ReturnType<typeof captureLog>
beforeEach(() => {
  log = captureLog()
})
afterEach(async () => {
  await server?.stop()
  server = undefined
  log.restore()
})

async function signIn(base: string, username: string, password: string) {
  const captcha = await (await fetch(`${base}/mdm/api/v1/captcha`)).json()
  const res = await fetch(`${base}/mdm/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha: 'test', captchaId: captcha.data.id }),
  })
  return (await res.json()) as { code: number; data: { token: string } | null }
}

// Each case starts a whole server (a database, its migrations, the demo seed): a minute, for a busy machine running
// two test files at once.
describe('server start-up', { timeout: 60_000 }, () => {
  it('with MDM_DEMO=off creates only the administrator, from MDM_ADMIN_PASSWORD', async () => {
    server = await startServer(testConfig({ port: 0, host: '127.0.0.1', demo: false, adminPassword: 'Chosen@2026' }))
    expect((await signIn(server.url, 'admin', 'Chosen@2026')).code).toBe(200)
    expect((await signIn(server.url, 'demo', 'Demo@2026')).code).toBe(400)
    expect(log.text()).not.toContain('演示账号')
  })

  it('with MDM_DEMO=off and no password writes a random administrator password to an owner-only file, never to the log', async () => {
    const base = testConfig()
    const caDir = mkdtempSync(path.join(tmpdir(), 'mdm-admin-'))
    server = await startServer({ ...base, port: 0, host: '127.0.0.1', demo: false, apple: { ...base.apple, caDir } })
    const file = path.join(caDir, 'initial-admin-password')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const password = readFileSync(file, 'utf8').trim()
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(log.text()).toContain(file)
    expect(log.text()).not.toContain(password)
    expect((await signIn(server.url, 'admin', password)).code).toBe(200)
  })

  it('refuses to start the demo in production, even from a configuration built by hand', async () => {
    await expect(startServer(testConfig({ port: 0, host: '127.0.0.1', production: true, demo: true }))).rejects.toThrow(
      'NODE_ENV=production 时不允许启用演示模式',
    )
  })

  it('in demo mode seeds the demo logins and warns that they are active', async () => {
    server = await startServer(testConfig({ port: 0, host: '127.0.0.1', demo: true }))
    expect(log.text()).toContain('演示账号已启用')
    for (const [u, p] of [['admin', 'Admin@2026'], ['demo', 'Demo@2026'], ['demo-east', 'Demo@2026'], ['demo-west', 'Demo@2026'], ['demo-staff', 'Demo@2026']]) {
      expect((await signIn(server.url, u, p)).code, u).toBe(200)
    }
    const res = await fetch(`${server.url}/mdm/api/v1/unknown`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ code: 404, msg: '接口不存在', data: null })
  })
})
