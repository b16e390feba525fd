import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chromium, type BrowserContext } from 'playwright-core'
import { testConfig } from '../../src/server/config'
import { startServer } from '../../src/server/main'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser'

/** Builds the console into `outDir`; each build carries a new version, so its service worker differs. */
function build(outDir: string) {
  const res = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (res.status !== 0) throw new Error(res.stderr)
}

describe('a new version while the app is open', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'mdm-update-'))
  const served = path.join(work, 'served')
  const next = path.join(work, 'next')
  let server: Awaited<ReturnType<typeof startServer>>
  let context: BrowserContext

  beforeAll(async () => {
    // The version served first is the suite's own build of the current sources (global-setup.ts), copied: one build
    // fewer (~20 s on two cores). The next version is a build of its own, so its version and service worker differ.
    cpSync(inject('distDir'), served, { recursive: true })
    build(next)
    server = await startServer(testConfig({ port: 0, host: '127.0.0.1', demo: false, distDir: served }))
    context = await chromium.launchPersistentContext(path.join(work, 'profile'), { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, baseURL: server.url })
  })
  afterAll(async () => {
    await context?.close()
    await server?.stop()
    rmSync(work, { recursive: true, force: true })
  })

  it('is offered with 刷新 and never reloads under the user until chosen', async () => {
    const page = await context.newPage()
    await page.goto('/login')
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.reload()
    await expect(page.evaluate(() => !!navigator.serviceWorker.controller)).resolves.toBe(true)
    const oldScript = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)

    // The user is typing when the new version is deployed.
    await page.getByPlaceholder('请输入用户名').fill('half-typed')
    cpSync(next, served, { recursive: true, force: true })
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update())

    const prompt = page.getByRole('status').filter({ hasText: '发现新版本' })
    await prompt.waitFor({ timeout: 20_000 })
    await page.waitForTimeout(1500)
    await expect(page.getByPlaceholder('请输入用户名').inputValue()).resolves.toBe('half-typed')

    // Listening before the tap: a quick reload's load event can come before click() returns.
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: '刷新' }).click()])
    await page.getByPlaceholder('请输入用户名').waitFor()
    await expect(page.getByPlaceholder('请输入用户名').inputValue()).resolves.toBe('')
    const waiting = await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())!.waiting)
    expect(waiting).toBe(false)
    expect(oldScript).toMatch(/\/sw\.js$/)
  })
})
