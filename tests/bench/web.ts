/**
 * `npm run bench:web` — the PWA's budget (issue #4), measured, not asserted:
 * 1. builds the console;
 * 2. gzip size of the JS and CSS each route loads before its screen appears (/login, device and staff lists);
 * 3. Lighthouse (mobile preset, Debian Chromium; the server speaking HTTPS with HTTP/2, as phones reach it) on
 *    /login, a signed-in device list and a device detail, each run MDM_LH_RUNS times (default 3; the machine is shared
 *    and Lighthouse noisy) and reported as the median;
 * 4. the installed app opened offline: the time from navigation start to the first paint after the first cached
 *    device card is in the page, read from a Chromium trace (the service worker and the persisted query cache
 *    holding 1,000 devices, as a phone that used the app online would have them); the median of MDM_OFFLINE_OPENS
 *    opens (default 5) per CPU rate, each started once the machine is quiet;
 * 5. scrolling that list of cached devices, the largest page the console offers (100; the size changer's and the
 *    server's limit), offline, under CDP CPU throttling: frame intervals and long tasks during a scripted scroll.
 * Figures go to bench/web-results.json and the console; run.ts turns them into issue #16's table.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { launch as launchChrome } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium, type BrowserContext, type CDPSession } from 'playwright-core'
import { pinnedFetch, type SimpleFetch } from '../../src/server/http/tls'
import { signInOver } from '../fixtures/sign-in'
import { chromiumTrustsTestCertificate, TEST_TLS } from '../fixtures/tls'
import { medianBy, quiet, spawnServer } from './lib'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const DIST = 'dist-bench'
const TARGET_LOGIN_JS_KB = 120
const LIST = '/huawei/device'
/** Lighthouse's mobile preset slows the CPU 4×; the offline open and the scroll are measured the same way. */
const CPU_THROTTLE = 4
/** The cached devices: ten pages of 100, the largest page the size changer and the server allow. */
const CACHED_DEVICES = 1000
const PAGE = 100
const LIGHTHOUSE_RUNS = Number(process.env.MDM_LH_RUNS ?? 3)
/** While tuning: MDM_LH_JSON=<folder> keeps each Lighthouse report and the trace it simulated from, MDM_TRACE_DIR=<folder> each offline open's trace and the scroll's (MDM_TRACE_MORE=1: with the scheduler's tasks, V8 and the CPU profile too, which make every step slower); MDM_BENCH_ONLY=login,list,returning,detail,offline runs only those parts; MDM_OFFLINE_OPENS=<n> opens the app n times per CPU rate (default 5); MDM_BENCH_HTTP1=1 serves plain HTTP/1.1, to compare. */
const LH_JSON_DIR = process.env.MDM_LH_JSON
const ONLY = process.env.MDM_BENCH_ONLY?.split(',')
const part = (name: string) => !ONLY || ONLY.includes(name)
let lhReports = 0
let opensTraced = 0

const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', DIST, '--emptyOutDir'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(1)

// The server in a process of its own, as deployed: Lighthouse processes its traces in this one, and the timings that
// decide what Lantern counts before the first paint moved with that work when the server shared its event loop.
// Over HTTPS, as the console is served to phones (a PWA installs and works offline only from a secure origin; README,
// HTTPS): the server speaks TLS itself, with HTTP/2 for the browser, using the test certificate, which Chromium takes as
// valid (tests/fixtures/tls).
// MDM_BENCH_HTTP1=1: plain HTTP/1.1 instead, to compare.
const HTTP1 = process.env.MDM_BENCH_HTTP1 === '1'
// The demo tenant without its simulated phones: a phone and the server it reaches are two machines, and here they share
// two cores; the demo's phones polling every 3 s (about a tenth of a core) landed in the page loads Lighthouse timed.
// What polling devices cost the server is the device protocols' benchmark.
const server = await spawnServer('memory://', { MDM_BENCH_DEMO: 'seed', MDM_BENCH_DIST: DIST, ...(HTTP1 ? {} : { MDM_TLS_CERT_FILE: TEST_TLS.certFile, MDM_TLS_KEY_FILE: TEST_TLS.keyFile }) })
if (!HTTP1) FLAGS.push(chromiumTrustsTestCertificate())
const httpsFetch = HTTP1 ? (url: string, init: Parameters<SimpleFetch>[1]) => fetch(url, { ...init, body: init.body.length ? (init.body as BodyInit) : undefined }) : pinnedFetch(readFileSync(TEST_TLS.certFile))

async function apiCall(token: string, method: string, url: string, body?: unknown) {
  const res = await httpsFetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : '',
  })
  return (await res.json()) as { code: number; msg?: string; data: never }
}

/** The first of the demo account's Huawei devices (the detail screen's, and the template of the cached list's). */
async function firstDevice(token: string): Promise<Record<string, unknown> & { id: number }> {
  const page = await apiCall(token, 'GET', '/huawei/mdm/api/v1/device/search?current=1&pageSize=1&recycleStatus=false')
  return (page.data as { records: (Record<string, unknown> & { id: number })[] }).records[0]
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
    // The browser's own start (its window's address-bar popup is a WebUI page: see offlineOpen) is over before the page's.
    await quiet(10_000)
    const result = await lighthouse(server.url + route, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: !!session,
    })
    const lhr = result!.lhr
    if (LH_JSON_DIR) {
      const name = `${++lhReports}-${route.replace(/\W+/g, '_')}${session ? (session.returning ? '-returning' : '-token') : ''}`
      writeFileSync(path.join(LH_JSON_DIR, `${name}.json`), JSON.stringify(lhr))
      // The trace Lantern simulated from (open it in DevTools' Performance panel).
      writeFileSync(path.join(LH_JSON_DIR, `${name}.trace.json`), JSON.stringify(result!.artifacts.Trace))
    }
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

/** Lighthouse LIGHTHOUSE_RUNS times; the median performance (with that run's timings) and the lowest accessibility. */
async function auditMedian(route: string, session?: { token: string; returning: boolean }) {
  const runs = []
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    let run = await audit(route, session)
    // A run Lighthouse itself failed to record (NO_NAVSTART …) scores 0 for no fault of the page: it is run again,
    // at most twice, and reported with its error if it fails every time.
    for (let retry = 0; run.error && retry < 2; retry++) run = await audit(route, session)
    runs.push(run)
  }
  const mid = medianBy(runs, (r) => r.performance, 'higher')
  return { ...mid, runs: runs.map((r) => r.performance), accessibility: Math.min(...runs.map((r) => r.accessibility)) }
}

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  pid: number
  args?: { data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean; isOutermostMainFrame?: boolean } }
}

/** Records a Chromium trace (CDP Tracing, streamed) around `run`. */
async function traced(cdp: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: ['devtools.timeline', 'blink.user_timing', 'loading', 'disabled-by-default-devtools.timeline.frame', ...(process.env.MDM_TRACE_MORE ? ['toplevel', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'disabled-by-default-v8.cpu_profiler', 'ServiceWorker', 'navigation', 'browser', 'disabled-by-default-devtools.timeline.stack', 'renderer.scheduler', 'sequence_manager'] : [])] },
  })
  await run()
  const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.end')
  const { stream } = await complete
  let text = ''
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream! })
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data
    if (chunk.eof) break
  }
  await cdp.send('IO.close', { handle: stream! })
  const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] }
  return Array.isArray(parsed) ? parsed : parsed.traceEvents
}

/**
 * The installed app on a phone that used it online: service worker installed and controlling, the persisted query
 * cache holding every page of the list (1,000 devices). Then the network goes, and the app is opened again.
 */
async function offlineApp(token: string) {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'mdm-offline-'))
  // ignoreHTTPSErrors: for route.fetch below, which asks the server from Node, not from the browser.
  const options = { executablePath: CHROMIUM, args: FLAGS, viewport: { width: 360, height: 740 }, ignoreHTTPSErrors: true }
  // 1. Online, every page of the list is opened, so that the persisted query cache holds them. The demo company's
  // Huawei quota holds a few dozen devices, so the list's answers are made 1,000 long here: copies of the account's
  // first real device with their own ids and serials, from the real server. The service worker is kept out of this
  // step, so that Playwright sees (and rewrites) the requests.
  let ctx = await chromium.launchPersistentContext(userDataDir, { ...options, serviceWorkers: 'block' })
  await ctx.route(/\/huawei\/mdm\/api\/v1\/device\/search\?/, async (route) => {
    const url = new URL(route.request().url())
    const response = await route.fetch()
    const body = (await response.json()) as { data: { records: Record<string, unknown>[]; total: number } }
    const template = await firstDevice(token)
    const current = Number(url.searchParams.get('current') ?? 1)
    const pageSize = Number(url.searchParams.get('pageSize') ?? 10)
    const from = (current - 1) * pageSize
    body.data.total = CACHED_DEVICES
    body.data.records = Array.from({ length: Math.max(0, Math.min(pageSize, CACHED_DEVICES - from)) }, (_, k) => ({
      ...template,
      id: 1_000_000 + from + k,
      serialNumber: `BENCH${String(from + k).padStart(6, '0')}`,
    }))
    await route.fulfill({ response, json: body })
  })
  let page = ctx.pages()[0] ?? (await ctx.newPage())
  await page.goto(`${server.url}/login`)
  await page.evaluate(([t]) => { localStorage.setItem('mdm_token', t); localStorage.setItem('mdm_user', 'demo') }, [token])
  // The first page last, at the address the app is opened at below: what the user saw last is saved with it
  // (boot-snapshot.ts).
  for (let current = CACHED_DEVICES / PAGE; current >= 1; current--) {
    await page.goto(`${server.url}${LIST}?${current > 1 ? `current=${current}&` : ''}pageSize=${PAGE}`)
    await page.locator('.device-card').first().waitFor({ timeout: 30_000 })
  }
  // The persister writes at most once a second; the list's picture is saved two seconds after it is shown.
  await page.waitForFunction(() => localStorage.getItem('mdm_snapshot') !== null, null, { timeout: 30_000 })
  await page.waitForTimeout(1500)
  await ctx.close()
  // 2. The app is installed: the service worker precaches it (on /login, which leaves the list's cache alone).
  ctx = await chromium.launchPersistentContext(userDataDir, options)
  page = ctx.pages()[0] ?? (await ctx.newPage())
  await page.goto(`${server.url}/login`)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page.close()
  await ctx.setOffline(true)
  // Marks the moment the first device card is in the page (the trace carries the mark).
  await ctx.addInitScript(() => {
    new MutationObserver((_m, observer) => {
      if (document.querySelector('.device-card')) {
        performance.mark('mdm:list-readable')
        observer.disconnect()
      }
    }).observe(document, { childList: true, subtree: true })
  })
  return { ctx, close: async () => { await ctx.close(); rmSync(userDataDir, { recursive: true, force: true }) } }
}

/**
 * Opens of the installed app per CPU rate; the median is the figure. One open's time moved from 224 to 1,210 ms at 4×
 * between runs of the same build (the service worker's answer and the renderer's start share two cores with the rest
 * of the machine), so a single open could not tell one build from another.
 */
const OFFLINE_OPENS = Number(process.env.MDM_OFFLINE_OPENS ?? 5)
if (!Number.isInteger(OFFLINE_OPENS) || OFFLINE_OPENS < 1) throw new Error(`MDM_OFFLINE_OPENS must be a whole number of opens, 1 or more: ${process.env.MDM_OFFLINE_OPENS}`)

/**
 * OFFLINE_OPENS opens at one CPU rate, one after another in the same browser: the median open (medianBy: of an
 * even count the slower of the middle two), every open's time, and the most traces one open took.
 */
async function offlineOpenMedian(ctx: BrowserContext, cpuRate: number) {
  const opens = []
  for (let i = 0; i < OFFLINE_OPENS; i++) opens.push(await offlineOpenRecorded(ctx, cpuRate))
  const median = medianBy(opens, (o) => o.readableMs, 'lower')
  return { ...median, runs: opens.map((o) => o.readableMs), attempts: Math.max(...opens.map((o) => o.attempts)) }
}

/** A trace Chromium wrote without the list's navigation or its mark: a flaw of the recording, not a figure. */
class TraceIncomplete extends Error {}

/**
 * offlineOpen, opened again when its trace came out incomplete (about one run in five or six, with the build of stop 25
 * as with later ones: the bench's flaw, which failed a whole `npm run bench`). Any other failure is not retried.
 */
async function offlineOpenRecorded(ctx: BrowserContext, cpuRate: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      // How many traces it took is kept (offlineOpenMedian reports the most of its opens; a retried open follows a
      // complete one: caches are warmer).
      return { ...(await offlineOpen(ctx, cpuRate)), attempts: attempt }
    } catch (error) {
      if (!(error instanceof TraceIncomplete) || attempt === 3) throw error
      console.warn(`${error.message}; opened again (${attempt + 1} of 3)`)
    }
  }
}

/** Navigation start → first paint after the first cached device card appeared, from the trace, in ms. */
async function offlineOpen(ctx: BrowserContext, cpuRate: number) {
  const page = await ctx.newPage()
  const cdp = await ctx.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate })
  // A new page of a desktop Chromium, headless too, is a window with an address bar, whose popup is a WebUI page of
  // its own (~80 modules from chrome://resources, parsed in a second renderer): it loaded while the app was being
  // opened, and the list's document, its body already received, waited ~400 ms at 4x until the popup's last modules
  // had arrived (traced). An installed app's window has no address bar: the open starts once that is done.
  await quiet(10_000)
  const events = await traced(cdp, async () => {
    await page.goto(`${server.url}${LIST}?pageSize=${PAGE}`)
    await page.locator('.device-card').first().waitFor({ timeout: 30_000 })
    await page.waitForTimeout(1000)
  })
  await page.close()
  if (process.env.MDM_TRACE_DIR) writeFileSync(path.join(process.env.MDM_TRACE_DIR, `offline-open-${cpuRate}x-${++opensTraced}.json`), JSON.stringify(events))
  const mark = events.find((e) => e.name === 'mdm:list-readable')
  // The list's navigation. Chromium sometimes leaves its documentLoaderURL empty (seen at 4× offline, 00:48 and 01:46
  // UTC), and logs further URL-less main-frame starts after it (up to ~300 ms later at 4×), so the fallback is the
  // earliest one, in the mark's renderer if it has one: it can only make the figure longer, never shorter.
  const mainFrameStarts = events
    .filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL !== 'about:blank')
    .sort((a, b) => a.ts - b.ts)
  const nav =
    mainFrameStarts.find((e) => e.args?.data?.documentLoaderURL?.includes(LIST)) ??
    (mark && (mainFrameStarts.find((e) => e.pid === mark.pid && e.ts <= mark.ts) ?? mainFrameStarts.find((e) => e.ts <= mark.ts)))
  if (!nav || !mark) {
    const navs = events.filter((e) => e.name === 'navigationStart').map((e) => JSON.stringify(e.args?.data))
    throw new TraceIncomplete(`offline open (CPU ${cpuRate}×): ${nav ? '' : 'no navigationStart'} ${mark ? '' : 'no list mark'} in the trace; navigationStart events: ${navs.join(' ')}`)
  }
  const paint = events
    .filter((e) => e.pid === mark.pid && (e.name === 'Paint' || e.name === 'PaintImage' || e.name === 'Commit') && e.ts >= mark.ts)
    .sort((a, b) => a.ts - b.ts)[0]
  return { cpuThrottle: cpuRate, readableMs: Math.round(((paint ?? mark).ts - nav.ts) / 1000), markMs: Math.round((mark.ts - nav.ts) / 1000) }
}

/** Scrolls the offline list of PAGE cached devices top to bottom (wheel) under CPU throttling; frame timings. */
async function scrollJank(ctx: BrowserContext, cpuRate: number) {
  const page = await ctx.newPage()
  const cdp = await ctx.newCDPSession(page)
  await page.goto(`${server.url}${LIST}?pageSize=${PAGE}`)
  await page.locator('.device-card').first().waitFor({ timeout: 30_000 })
  await page.locator('.device-card').nth(PAGE - 1).waitFor({ state: 'attached', timeout: 30_000 })
  await page.waitForTimeout(1000)
  // The new window's address-bar popup (see offlineOpen) has loaded before the scroll starts.
  await quiet(10_000)
  const cards = await page.locator('.device-card').count()
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate })
  // A string, not a function: tsx would wrap the named callback in a helper the page does not have.
  await page.evaluate(`{
    window.__frames = []
    window.__longTasks = []
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration) }).observe({ type: 'longtask' })
    let last = performance.now()
    const tick = (t) => { window.__frames.push(t - last); last = t; requestAnimationFrame(tick) }
    requestAnimationFrame(tick)
  }`)
  const distance = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
  const started = Date.now()
  const scroll = async () => void (await cdp.send('Input.synthesizeScrollGesture', { x: 180, y: 600, yDistance: -distance, speed: 2000, gestureSourceType: 'mouse', repeatCount: 1 }))
  if (process.env.MDM_TRACE_DIR) writeFileSync(path.join(process.env.MDM_TRACE_DIR, `scroll-${cpuRate}x.json`), JSON.stringify(await traced(cdp, scroll)))
  else await scroll()
  const seconds = (Date.now() - started) / 1000
  const { frames, longTasks, scrolled } = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __longTasks: number[] }
    return { frames: w.__frames.slice(1), longTasks: w.__longTasks, scrolled: window.scrollY }
  })
  await page.close()
  const sorted = [...frames].sort((a, b) => a - b)
  return {
    cpuThrottle: cpuRate,
    cards,
    scrolledPx: Math.round(scrolled),
    seconds: +seconds.toFixed(1),
    frames: frames.length,
    p95FrameMs: +(sorted[Math.floor(sorted.length * 0.95)] ?? 0).toFixed(1),
    maxFrameMs: +(sorted.at(-1) ?? 0).toFixed(1),
    framesOver50ms: frames.filter((f) => f > 50).length,
    longTasks: longTasks.length,
    longestTaskMs: Math.round(Math.max(0, ...longTasks)),
  }
}

try {
  const token = await signInOver(httpsFetch, server.url, 'demo')
  const deviceId = (await firstDevice(token)).id
  const DETAIL = `/huawei/detail?huawei-device-id=${deviceId}`
  const sizes = [
    await routeAssets('/login', 'button[type=submit]'),
    await routeAssets('/huawei/device', '.shell-content h1', token),
    // The Apple list is held to the list budget too, and the dashboard (where sign-in lands) is shown.
    await routeAssets('/ios/device', '.shell-content h1', token),
    await routeAssets('/dashboard', '.shell-content h1', token),
    await routeAssets(DETAIL, '.shell-content h1', token),
    await routeAssets('/user/staff', '.shell-content h1', token),
  ]
  // MDM_BENCH_SIZES_ONLY=1 skips Lighthouse (about a minute) while tuning bundles.
  const lighthouseRuns = []
  if (!process.env.MDM_BENCH_SIZES_ONLY) {
    if (part('login')) lighthouseRuns.push({ ...(await auditMedian('/login')), session: 'signed out' })
    if (part('list')) lighthouseRuns.push({ ...(await auditMedian(LIST, { token, returning: false })), session: 'signed in, nothing cached' })
    if (part('returning')) lighthouseRuns.push({ ...(await auditMedian(LIST, { token, returning: true })), session: 'signed in, returning (persisted cache, no service worker)' })
    if (part('detail')) lighthouseRuns.push({ ...(await auditMedian(DETAIL, { token, returning: false })), session: 'signed in, nothing cached' })
  }
  let offlineOpens: Awaited<ReturnType<typeof offlineOpenMedian>>[] = []
  let scrolls: Awaited<ReturnType<typeof scrollJank>>[] = []
  if (part('offline')) {
    const offline = await offlineApp(token)
    try {
      offlineOpens = [await offlineOpenMedian(offline.ctx, 1), await offlineOpenMedian(offline.ctx, CPU_THROTTLE)]
      scrolls = [await scrollJank(offline.ctx, CPU_THROTTLE)]
    } finally {
      await offline.close()
    }
  }
  const results = {
    date: new Date().toISOString(),
    transport: HTTP1 ? 'HTTP/1.1' : 'HTTPS with HTTP/2',
    targets: { loginJsKB: TARGET_LOGIN_JS_KB, listJsKB: 170, performance: 98, accessibility: 100, offlineOpenMs: 500, framesOver50ms: 0 },
    sizes,
    lighthouse: lighthouseRuns,
    offlineOpen: offlineOpens,
    scroll: scrolls,
  }
  writeFileSync('bench/web-results.json', JSON.stringify(results, null, 2) + '\n')
  for (const s of sizes) console.log(`${s.route.padEnd(16)} JS ${s.jsKB} KB gzip, CSS ${s.cssKB} KB gzip (${s.files.length} files)`)
  for (const l of lighthouseRuns) {
    console.log(`Lighthouse ${l.route.padEnd(16)} [${l.session}] performance ${l.performance} (runs ${l.runs.join(', ')}), accessibility ${l.accessibility}, FCP ${l.fcpMs} ms, LCP ${l.lcpMs} ms (${l.finalUrl})`)
    for (const f of l.failing) console.log(`    ${f}`)
  }
  for (const o of offlineOpens) console.log(`Offline open of ${LIST} (${CACHED_DEVICES} cached devices, CPU ${o.cpuThrottle}×): readable at ${o.readableMs} ms, the median of ${o.runs.join(', ')} (card in the page at ${o.markMs} ms)`)
  for (const j of scrolls) console.log(`Scroll of ${j.cards} cached cards (CPU ${j.cpuThrottle}×): ${j.scrolledPx} px in ${j.seconds} s, ${j.frames} frames, p95 ${j.p95FrameMs} ms, max ${j.maxFrameMs} ms, ${j.framesOver50ms} over 50 ms, ${j.longTasks} long tasks (longest ${j.longestTaskMs} ms)`)
  console.log(`/login JS ${sizes[0].jsKB <= TARGET_LOGIN_JS_KB ? 'within' : 'OVER'} the ${TARGET_LOGIN_JS_KB} KB budget`)
} finally {
  await server.stop()
  rmSync(DIST, { recursive: true, force: true })
}
