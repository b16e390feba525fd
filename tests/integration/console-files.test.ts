import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createApp, createServices } from '../../src/server/app'
import { testConfig } from '../../src/server/config'
import type { Db } from '../../src/server/db/client'
import { ASSET_SETTLE_MS, immutableAssets } from '../../src/server/http/assets'

const brotliDecompress = (b: Buffer) => brotliDecompressSync(b).toString()
const gunzip = (b: Buffer) => gunzipSync(b).toString()
/** Files written by a build that finished a while ago (a file younger than ASSET_SETTLE_MS is sent but not kept). */
const settle = (...files: string[]) => {
  const before = new Date(Date.now() - ASSET_SETTLE_MS - 60_000)
  for (const file of files) utimesSync(file, before, before)
}

/** The console's files as the server hands them out; no request here reaches the database. */
describe('serving the built console', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'mdm-dist-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)')
  writeFileSync(path.join(dist, 'index.html'), '<title>build 1</title>')
  const app = createApp(createServices(testConfig({ distDir: dist }), {} as Db))

  it('answers client-side routes with index.html, and a missing chunk with 404 rather than the page', async () => {
    const page = await app.request('/huawei/device')
    expect(page.status).toBe(200)
    expect(await page.text()).toBe('<title>build 1</title>')
    expect(page.headers.get('cache-control')).toBe('no-cache')
    const chunk = await app.request('/assets/app-1.js')
    expect(chunk.status).toBe(200)
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const stale = await app.request('/assets/app-0.js')
    expect(stale.status).toBe(404)
    expect(stale.headers.get('content-type')).not.toContain('html')
    expect(await stale.text()).toBe('文件不存在（控制台可能已更新，请刷新页面）')
  })

  it('serves the new index.html once a rebuild replaces it, without a restart', async () => {
    expect(await (await app.request('/dashboard')).text()).toBe('<title>build 1</title>')
    const index = path.join(dist, 'index.html')
    writeFileSync(index, '<title>build 2</title>')
    const later = new Date(Date.now() + 5000)
    utimesSync(index, later, later)
    expect(await (await app.request('/dashboard')).text()).toBe('<title>build 2</title>')
  })

  describe('the build\'s assets (content-hashed names)', () => {
    const source = 'export const answer = "设备列表"\n'.repeat(50)
    writeFileSync(path.join(dist, 'assets', 'list-abc.js'), source)
    writeFileSync(path.join(dist, 'assets', 'list-abc.js.br'), brotliCompressSync(source))
    writeFileSync(path.join(dist, 'assets', 'list-abc.js.gz'), gzipSync(source))
    writeFileSync(path.join(dist, 'assets', 'plain-abc.css'), '.card{color:red}')
    settle(...['list-abc.js', 'list-abc.js.br', 'list-abc.js.gz', 'plain-abc.css'].map((f) => path.join(dist, 'assets', f)))
    const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers })
    const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer())

    it.each([
      ['gzip, deflate, br, zstd', 'br', 'br'],
      ['gzip', 'gzip', 'gzip'],
      ['', 'uncompressed', null],
    ])('Accept-Encoding "%s": the %s form, typed, long-cached and marked as varying by encoding', async (accept, _form, encoding) => {
      const res = await get('/assets/list-abc.js', accept ? { 'accept-encoding': accept } : {})
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      expect(res.headers.get('content-encoding')).toBe(encoding)
      // Compressed copies exist, so even the uncompressed answer varies by encoding (for shared caches).
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('last-modified')).toMatch(/GMT$/)
      const got = await bytes(res)
      expect(res.headers.get('content-length')).toBe(String(got.length))
      if (encoding === 'br') expect(brotliDecompress(got)).toBe(source)
      else if (encoding === 'gzip') expect(gunzip(got)).toBe(source)
      else expect(got.toString()).toBe(source)
    })

    it('a file without precompressed copies is sent as it is, even to a client accepting them', async () => {
      const res = await get('/assets/plain-abc.css', { 'accept-encoding': 'br, gzip' })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8')
      expect(res.headers.get('content-encoding')).toBeNull()
      expect((await bytes(res)).toString()).toBe('.card{color:red}')
    })

    it('is read from disk once: a file a later build removed is still served if it was read, a file never there is 404', async () => {
      const file = path.join(dist, 'assets', 'old-abc.js')
      writeFileSync(file, 'console.log("old build")')
      settle(file)
      expect((await bytes(await get('/assets/old-abc.js'))).toString()).toBe('console.log("old build")')
      rmSync(file)
      const again = await get('/assets/old-abc.js')
      expect(again.status).toBe(200)
      expect((await bytes(again)).toString()).toBe('console.log("old build")')
      expect((await get('/assets/never-abc.js')).status).toBe(404)
    })

    it('a file just written (a build may still be at it) is sent as it is now, and read again next time', async () => {
      const file = path.join(dist, 'assets', 'fresh-abc.js')
      writeFileSync(file, 'console.log("half")')
      expect((await bytes(await get('/assets/fresh-abc.js'))).toString()).toBe('console.log("half")')
      writeFileSync(file, 'console.log("whole")')
      expect((await bytes(await get('/assets/fresh-abc.js'))).toString()).toBe('console.log("whole")')
    })

    it('keeps at most its budget, the least recently sent going first; a file sent uncompressed beside a copy varies', async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'mdm-assets-'))
      mkdirSync(path.join(root, 'assets'))
      const files = ['a', 'b', 'c'].map((n) => path.join(root, 'assets', `${n}-1.js`))
      files.forEach((f, i) => writeFileSync(f, String(i).repeat(40)))
      writeFileSync(`${files[0]}.gz`, gzipSync('0'.repeat(40)))
      settle(...files, `${files[0]}.gz`)
      const assets = new Hono().use('/assets/*', immutableAssets(root, 100)).get('*', (c) => c.text('not kept', 404))
      const send = (n: string) => assets.request(`/assets/${n}-1.js`)
      expect((await send('a')).headers.get('vary')).toBe('Accept-Encoding')
      await send('b')
      await send('a') // a is now the most recently sent; b the least
      await send('c') // 120 bytes: over the budget of 100, b goes
      for (const f of files) rmSync(f)
      expect((await send('a')).status).toBe(200)
      expect((await send('c')).status).toBe(200)
      expect((await send('b')).status).toBe(404)
    })

    it('a range, a HEAD request and a name that is not a plain file name are left to the static files', async () => {
      const range = await get('/assets/plain-abc.css', { range: 'bytes=0-4' })
      expect(range.status).toBe(206)
      expect((await bytes(range)).toString()).toBe('.card')
      const head = await app.request('/assets/plain-abc.css', { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-length')).toBe('16')
      // On disk, and still not served: a hidden file and a folder's file are no plain file names of the build.
      writeFileSync(path.join(dist, 'assets', '.hidden'), 'secret')
      mkdirSync(path.join(dist, 'assets', 'sub'), { recursive: true })
      writeFileSync(path.join(dist, 'assets', 'sub', 'x.js'), 'nested')
      settle(path.join(dist, 'assets', '.hidden'), path.join(dist, 'assets', 'sub', 'x.js'))
      // The memory alone, with what it passes on answered 'passed on': a range, HEAD or POST of a file it serves is passed on too.
      const guarded = new Hono().use('/assets/*', immutableAssets(dist)).all('*', (c) => c.text('passed on', 404))
      expect(await (await guarded.request('/assets/plain-abc.css')).text()).toBe('.card{color:red}')
      const passedOn: [string, RequestInit][] = [
        ['/assets/plain-abc.css', { headers: { range: 'bytes=0-4' } }],
        ['/assets/plain-abc.css', { method: 'HEAD' }],
        ['/assets/plain-abc.css', { method: 'POST' }],
        ...['/assets/.hidden', '/assets/sub/x.js', '/assets/..%2findex.html', '/assets/'].map((url): [string, RequestInit] => [url, {}]),
      ]
      for (const [url, init] of passedOn) {
        const res = await guarded.request(url, init)
        expect(res.status, url).toBe(404)
        // A HEAD answer has no body to tell by: its status does.
        if (init.method !== 'HEAD') expect(await res.text(), url).toBe('passed on')
      }
    })
  })
})
