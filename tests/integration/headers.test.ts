import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { harnessForFile } from './harness'
import { iphone, setIosQuota, toTestApp } from './apple-helpers'

const dist = mkdtempSync(path.join(tmpdir(), 'mdm-dist-'))
// The page paints itself before the app loads with a few inline lines (csp.ts: inlineSources).
const INLINE_SCRIPT = "document.documentElement.dataset.theme = 'dark'"
const INLINE_STYLE = '.boot-splash{display:flex}'
writeFileSync(path.join(dist, 'index.html'), `<title>console</title><style>${INLINE_STYLE}</style><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/index.js"></script>`)
// The installed app's page (src/build/app-page.ts): an inline script of its own in place of the module script.
const APP_SCRIPT = "window.__mdmBoot = function () {}"
writeFileSync(path.join(dist, 'app.html'), `<title>console</title><style>${INLINE_STYLE}</style><script>${INLINE_SCRIPT}</script><script>${APP_SCRIPT}</script>`)
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const h = harnessForFile({ distDir: dist, map: { tileUrl: 'https://webrd0{s}.is.autonavi.com/appmaptile?x={x}', coordinates: 'GCJ02' } })

const request = (url: string, init?: RequestInit) => createApp(h.services).request(url, init)

describe('Cache-Control: no-store on every API answer', () => {
  it.each([
    ['GET', '/mdm/api/v1/captcha'],
    ['GET', '/mdm/api/v1/app/config'],
    ['POST', '/mdm/api/v1/userCenter/info'],
    ['GET', '/mdm/api/v1/no/such/path'],
    ['GET', '/huawei/mdm/api/v1/device/search'],
    ['POST', '/agent/v1/poll'],
    ['GET', '/openapi/v1/huawei/device/search'],
    ['PUT', '/mdm/apple/checkin'],
    ['PUT', '/mdm/apple/server'],
  ])('%s %s (success, refusal or unknown path alike)', async (method, url) => {
    const res = await request(url, { method })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('a signed-in answer carrying personal data', async () => {
    const token = await h.login('demo')
    const res = await request('/huawei/mdm/api/v1/device/search?current=1&size=10', { headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('an Apple check-in answered to a phone (issue #41 item 13: a device’s answers are kept by no cache either)', async () => {
    await setIosQuota(h, h.demo.bossCompanyId, 5)
    const phone = await iphone(h, await h.login('demo'), { rewriteUrl: toTestApp })
    const res = await phone.send('CheckInURL', phone.authenticateMessage())
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('a body refused by the size limit', async () => {
    const res = await request('/mdm/api/v1/login', { method: 'POST', body: 'x'.repeat(3 * 1024 * 1024), headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })
})

describe('security headers', () => {
  // Set before each answer is built (app.ts upFront), so an answer built by an error or a refusal carries them too.
  it.each([
    ['GET', '/huawei/mdm/api/v1/device/search', 401],
    ['GET', '/mdm/api/v1/no/such/path', 404],
    ['GET', '/login', 200],
  ])('%s %s (%i) carries them', async (method, url, status) => {
    const res = await request(url, { method })
    expect(res.status).toBe(status)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })
})

describe('the console page', () => {
  const directivesOf = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]))

  it.each(['/login', '/', '/index.html', '/huawei/device'])('%s carries a Content-Security-Policy allowing only its own inline script and style, and the tile host from configuration', async (url) => {
    const res = await request(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toContain(INLINE_SCRIPT)
    const csp = res.headers.get('content-security-policy') ?? ''
    const directives = directivesOf(csp)
    expect(directives['default-src']).toEqual(["'self'"])
    expect(directives['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", sha256(INLINE_SCRIPT)])
    expect(directives['style-src']).toEqual(["'self'", sha256(INLINE_STYLE)])
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.is.autonavi.com'])
    expect(directives['frame-ancestors']).toEqual(["'none'"])
    expect(directives['object-src']).toEqual(["'none'"])
    expect(csp).not.toContain('unsafe-inline')
    // JavaScript is never evaluated from text; WebAssembly may be compiled (the barcode scanner's reader).
    expect(csp.replace("'wasm-unsafe-eval'", '')).not.toContain('unsafe-eval')
  })

  it('/app.html, the installed app’s page the service worker caches, allows its own inline scripts, not index.html’s alone', async () => {
    const res = await request('/app.html')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toContain(APP_SCRIPT)
    expect(directivesOf(res.headers.get('content-security-policy') ?? '')['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", sha256(INLINE_SCRIPT), sha256(APP_SCRIPT)])
    // index.html's policy does not allow app.html's script.
    expect(directivesOf((await request('/index.html')).headers.get('content-security-policy') ?? '')['script-src']).not.toContain(sha256(APP_SCRIPT))
  })

  it('is the policy every other answer carries, with only the page’s hashes added', async () => {
    const page = (res: Response) => res.headers.get('content-security-policy') ?? ''
    const api = page(await request('/mdm/api/v1/captcha'))
    expect(api).toContain("script-src 'self' 'wasm-unsafe-eval'; ")
    expect(page(await request('/login')).replace(/ 'sha256-[^']+'/g, '')).toBe(api)
  })
})
