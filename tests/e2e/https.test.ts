import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chromium, type Browser } from 'playwright-core'
import { testConfig } from '../../src/server/config'
import { startServer } from '../../src/server/main'
import { chromiumTrustsTestCertificate, TEST_TLS } from '../fixtures/tls'
import { CHROMIUM_ARGS, CHROMIUM_PATH, PHONE, signIn } from './browser'

describe('the console over the server’s own HTTPS (phone)', () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let browser: Browser

  beforeAll(async () => {
    // The server speaking HTTPS itself (MDM_TLS_*) with the test certificate, which this browser takes as valid.
    server = await startServer(testConfig({ port: 0, host: '127.0.0.1', demo: true, distDir: inject('distDir'), tls: TEST_TLS }))
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, chromiumTrustsTestCertificate()] })
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('signs in and lists devices over HTTP/2, installs its service worker, and opens the list offline', async () => {
    expect(server.url).toMatch(/^https:\/\/localhost:\d+$/)
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-CN' })
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto('/huawei/device')
    const card = page.locator('.device-card').filter({ hasText: 'HWDEMO0001' })
    await card.waitFor()
    // The page, its scripts and its API answers all came over HTTP/2.
    const protocols = await page.evaluate(() => [
      ...performance.getEntriesByType('navigation').map((e) => (e as PerformanceNavigationTiming).nextHopProtocol),
      ...performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/.*\.js$|\/device\/search/.test(e.name))
        .map((e) => (e as PerformanceResourceTiming).nextHopProtocol),
    ])
    expect(protocols.length).toBeGreaterThan(2)
    expect(new Set(protocols)).toEqual(new Set(['h2']))

    // Installable and offline from this origin: the service worker takes the page, and the list opens without a network.
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.reload()
    await expect(page.evaluate(() => !!navigator.serviceWorker.controller)).resolves.toBe(true)
    await card.waitFor()
    // The persister writes at most once a second: offline only once the list is in the saved cache.
    await page.waitForFunction(() => (localStorage.getItem('mdm_cache') ?? '').includes('HWDEMO0001'))
    await context.setOffline(true)
    await page.reload()
    await card.waitFor()
    await page.getByText(/^当前处于离线状态/).waitFor()
    await context.close()
  })
})
