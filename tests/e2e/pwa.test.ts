import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type BrowserContext } from 'playwright-core'
import { baseURL, CHROMIUM_ARGS, CHROMIUM_PATH } from './browser'

/** The built output the e2e server serves (global-setup builds it). */
const dist = process.env.MDM_E2E_DIST ?? 'dist'
const read = (file: string) => readFileSync(path.join(dist, file), 'utf8')

describe('built PWA', () => {
  it('has a Chinese, standalone manifest starting at /dashboard with 192, 512 and maskable icons', () => {
    const manifest = JSON.parse(read('manifest.webmanifest'))
    expect(manifest).toMatchObject({
      name: 'MDM 设备管理控制台',
      short_name: 'MDM 控制台',
      lang: 'zh-CN',
      display: 'standalone',
      start_url: '/dashboard',
      theme_color: '#1a1a1a',
      background_color: '#1a1a1a',
    })
    const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}${i.purpose === 'maskable' ? ' maskable' : ''}`)
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']))
    for (const icon of manifest.icons) expect(() => readFileSync(path.join(dist, icon.src))).not.toThrow()
    expect(read('index.html')).toContain('manifest.webmanifest')
  })

  it('precaches the shell, falls back to the app’s own page for navigations, never caches the APIs, bounds the tile cache', () => {
    const sw = read('sw.js')
    expect(sw).toMatch(/url:\s*"index\.html"/)
    expect(sw).toMatch(/url:\s*"app\.html"/)
    expect(sw).toMatch(/assets\/index-[\w-]+\.js/)
    expect(sw).toContain('NavigationRoute')
    expect(sw).toContain('createHandlerBoundToURL("/app.html")')
    // The API bases are denied to the navigation fallback and no runtime route caches them.
    expect(sw).toContain('mdm\\/api\\/')
    expect(sw).not.toMatch(/urlPattern[^)]*mdm\/api/)
    expect(sw).toContain('"map-tiles"')
    expect(sw).toMatch(/maxEntries:\s*800/)
    expect(sw).toMatch(/maxAgeSeconds:\s*1209600/)
    expect(sw).not.toMatch(/\.br"|\.gz"/)
    // Issue #43: the barcode reader's WebAssembly (~1 MB) is not in a first visit's precache; a runtime cache keeps it
    // once the scanner has opened (field-second-pass.test.ts scans offline with it).
    expect(sw).not.toMatch(/url:\s*"[^"]+\.wasm"/)
    expect(sw).toContain('"scanner-wasm"')
    expect(sw).toMatch(/url:\s*"assets\/barcode-scanner-[\w-]+\.js"/)
  })

  it('sends the barcode reader’s WebAssembly compressed, as WebAssembly', async () => {
    const wasm = readdirSync(path.join(dist, 'assets')).find((f) => /^zxing_reader-[\w-]+\.wasm$/.test(f))
    expect(wasm).toBeDefined()
    const res = await fetch(`${baseURL()}/assets/${wasm}`, { headers: { 'accept-encoding': 'br' } })
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-type')).toBe('application/wasm')
    // fetch decodes it: the module itself, 1.1 MB, from a third of the bytes on the wire.
    expect(new Uint8Array(await res.arrayBuffer()).subarray(0, 4)).toEqual(new Uint8Array([0, 0x61, 0x73, 0x6d]))
    expect(readFileSync(path.join(dist, 'assets', `${wasm}.br`)).length).toBeLessThan(readFileSync(path.join(dist, 'assets', wasm!)).length / 2)
  })

  it('makes app.html of index.html: the same page, its module script and modulepreloads asked for by a script', () => {
    const [index, app] = [read('index.html'), read('app.html')]
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(index)?.[1]
    const preloads = [...index.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/)
    expect(preloads.length).toBeGreaterThan(0)
    expect(app).not.toContain('type="module"')
    expect(app).not.toContain('<link rel="modulepreload"')
    expect(app).toContain(`var files = ${JSON.stringify({ entry, preloads })}`)
    // Everything else is index.html's, the version the saved list is checked against included.
    expect(app).toContain(/<meta name="app-version"[^>]+>/.exec(index)![0])
    expect(app.indexOf("localStorage.getItem('mdm_snapshot')")).toBeLessThan(app.indexOf('window.__mdmBoot = boot'))
  })
})

describe('installability in Chromium', () => {
  let context: BrowserContext
  let profile: string
  beforeAll(async () => {
    // A real profile: Chromium refuses to install from an incognito-like context.
    profile = mkdtempSync(path.join(tmpdir(), 'mdm-install-'))
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, baseURL: baseURL() })
  })
  afterAll(async () => {
    await context?.close()
    rmSync(profile, { recursive: true, force: true })
  })

  it('reports no installability errors and controls the page after a reload', async () => {
    const page = await context.newPage()
    await page.goto('/login')
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.reload()
    await expect(page.evaluate(() => !!navigator.serviceWorker.controller)).resolves.toBe(true)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    const manifest = await cdp.send('Page.getAppManifest')
    expect(manifest.errors).toEqual([])
  })
})
