/**
 * `npm run bench:web` — the PWA's budget (issue #4), measured, not asserted:
 * 1. builds the console;
 * 2. gzip size of the JS and CSS each route loads before its screen appears (/login, device and staff lists);
 * 3. Lighthouse (mobile preset, Debian Chromium) on /login and on a signed-in list screen.
 * Figures go to bench/web-results.json and the console. Targets: ≤ 150 KB gzip JS for /login; performance and
 * accessibility ≥ 95.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { launch as launchChrome } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { testConfig } from '../../src/server/config'
import { startServer } from '../../src/server/main'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const DIST = 'dist-bench'
const TARGET_LOGIN_JS_KB = 150

const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', DIST, '--emptyOutDir'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(1)

const server = await startServer(testConfig({ port: 0, host: '127.0.0.1', demo: true, distDir: DIST }))

async function apiToken(username: string): Promise<string> {
  const captcha = await (await fetch(`${server.url}/mdm/api/v1/captcha`)).json()
  const res = await fetch(`${server.url}/mdm/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Demo@2026', captcha: 'test', captchaId: captcha.data.id }),
  })
  return (await res.json()).data.token
}

const gz = (file: string) => gzipSync(readFileSync(path.join(DIST, file))).length

/**
 * The /assets files a route starts loading before its screen is on display (cold cache, no service worker):
 * the page records the moment the ready element first appears, and the resources that started before it count.
 */
async function routeAssets(route: string, ready: string, token?: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' })
  if (token) await context.addInitScript(([t]) => { localStorage.setItem('mdm_token', t); localStorage.setItem('mdm_user', 'demo') }, [token])
  await context.addInitScript((selector) => {
    const w = window as unknown as { __readyAt?: number }
    new MutationObserver((_m, observer) => {
      if (document.querySelector(selector)) {
        w.__readyAt = performance.now()
        observer.disconnect()
      }
    }).observe(document, { childList: true, subtree: true })
  }, ready)
  const page = await context.newPage()
  await page.goto(server.url + route)
  await page.locator(ready).first().waitFor({ timeout: 30_000 })
  const list = await page.evaluate(() => {
    const readyAt = (window as unknown as { __readyAt: number }).__readyAt
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= readyAt)
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith('/assets/'))
      .map((p) => p.slice(1))
  })
  await browser.close()
  const sum = (ext: string) => list.filter((f) => f.endsWith(ext)).reduce((n, f) => n + gz(f), 0)
  return { route, jsKB: +(sum('.js') / 1024).toFixed(1), cssKB: +(sum('.css') / 1024).toFixed(1), files: list.sort() }
}

/**
 * Lighthouse on one route. 'token': a signed-in user whose browser holds only the token (nothing cached);
 * 'returning': a user who signed in through the login screen and opened the route before, so the persisted query
 * cache holds what it showed — but the service worker and its caches are removed, so every file still comes over
 * the (throttled) network.
 */
async function audit(route: string, session?: { token: string; returning: boolean }) {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'mdm-lh-'))
  if (session) {
    const ctx = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, args: FLAGS })
    const p = await ctx.newPage()
    await p.goto(`${server.url}/login`)
    await p.evaluate(([t]) => { localStorage.setItem('mdm_token', t); localStorage.setItem('mdm_user', 'demo') }, [session.token])
    if (session.returning) {
      await p.goto(server.url + route)
      await p.locator('.shell-content h1').first().waitFor()
      await p.waitForLoadState('networkidle')
      await p.waitForTimeout(1500) // the persister writes at most once a second
      await p.evaluate(async () => {
        for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister()
        for (const k of await caches.keys()) await caches.delete(k)
      })
    }
    await ctx.close()
  }
  const chrome = await launchChrome({ chromePath: CHROMIUM, chromeFlags: [...FLAGS, '--headless=new'], userDataDir })
  try {
    const result = await lighthouse(server.url + route, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: !!session,
    })
    const lhr = result!.lhr
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric'))
      .map((a) => `${a.id}: ${a.displayValue ?? a.score}`)
    if (lhr.runtimeError) console.warn(`Lighthouse ${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    return {
      route,
      error: lhr.runtimeError?.code,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      finalUrl: lhr.finalDisplayedUrl,
      fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue ?? 0),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
      failing,
    }
  } finally {
    chrome.kill()
    rmSync(userDataDir, { recursive: true, force: true })
  }
}

try {
  const token = await apiToken('demo')
  const sizes = [
    await routeAssets('/login', 'button[type=submit]'),
    await routeAssets('/huawei/device', '.shell-content h1', token),
    await routeAssets('/user/staff', '.shell-content h1', token),
  ]
  // MDM_BENCH_SIZES_ONLY=1 skips Lighthouse (about a minute) while tuning bundles.
  const lighthouseRuns = process.env.MDM_BENCH_SIZES_ONLY
    ? []
    : [
        { ...(await audit('/login')), session: 'signed out' },
        { ...(await audit('/huawei/device', { token, returning: false })), session: 'signed in, nothing cached' },
        { ...(await audit('/huawei/device', { token, returning: true })), session: 'signed in, returning (persisted cache, no service worker)' },
      ]
  const results = {
    date: new Date().toISOString(),
    targets: { loginJsKB: TARGET_LOGIN_JS_KB, performance: 95, accessibility: 95 },
    sizes,
    lighthouse: lighthouseRuns,
  }
  writeFileSync('bench/web-results.json', JSON.stringify(results, null, 2) + '\n')
  for (const s of sizes) console.log(`${s.route.padEnd(16)} JS ${s.jsKB} KB gzip, CSS ${s.cssKB} KB gzip (${s.files.length} files)`)
  for (const l of lighthouseRuns) {
    console.log(`Lighthouse ${l.route.padEnd(16)} [${l.session}] performance ${l.performance}, accessibility ${l.accessibility}, FCP ${l.fcpMs} ms, LCP ${l.lcpMs} ms (${l.finalUrl})`)
    for (const f of l.failing) console.log(`    ${f}`)
  }
  console.log(`/login JS ${sizes[0].jsKB <= TARGET_LOGIN_JS_KB ? 'within' : 'OVER'} the ${TARGET_LOGIN_JS_KB} KB budget`)
} finally {
  await server.stop()
  rmSync(DIST, { recursive: true, force: true })
}
