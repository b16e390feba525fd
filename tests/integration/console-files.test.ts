import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'

const brotliDecompress = (b: Buffer) => brotliDecompressSync(b).toString()
const gunzip = (b: Buffer) => gunzipSync(b).toString()
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApp, createServices } from '../../src/server/app'
import { testConfig } from '../../src/server/config'
import type { Db } from '../../src/server/db/client'

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
      expect(res.headers.get('vary')).toBe(encoding ? 'Accept-Encoding' : null)
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
      writeFileSync(path.join(dist, 'assets', 'old-abc.js'), 'console.log("old build")')
      expect((await bytes(await get('/assets/old-abc.js'))).toString()).toBe('console.log("old build")')
      rmSync(path.join(dist, 'assets', 'old-abc.js'))
      const again = await get('/assets/old-abc.js')
      expect(again.status).toBe(200)
      expect((await bytes(again)).toString()).toBe('console.log("old build")')
      expect((await get('/assets/never-abc.js')).status).toBe(404)
    })

    it('a range, a HEAD request and a name that is not a plain file name are left to the static files', async () => {
      const range = await get('/assets/plain-abc.css', { range: 'bytes=0-4' })
      expect(range.status).toBe(206)
      expect((await bytes(range)).toString()).toBe('.card')
      const head = await app.request('/assets/plain-abc.css', { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-length')).toBe('16')
      for (const url of ['/assets/..%2findex.html', '/assets/%2e%2e%2findex.html', '/assets/.hidden', '/assets/']) {
        const res = await get(url)
        expect(res.status, url).toBe(404)
        expect(await res.text()).not.toContain('<title>')
      }
    })
  })
})
