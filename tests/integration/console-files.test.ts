import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
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
})
