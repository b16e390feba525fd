import { request } from 'node:http'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { harnessForFile } from './harness'
import { startChild } from './server-processes'

/** Issue #44: GET /healthz and /readyz for a balancer, and the graceful stop on SIGTERM. */
const h = harnessForFile()

describe('GET /healthz and /readyz', () => {
  it('answer without a session, with no data and never cached', async () => {
    const app = createApp(h.services)
    const health = await app.request('/healthz')
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    expect(health.headers.get('cache-control')).toBe('no-store')
    const ready = await app.request('/readyz')
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready' })
    expect(ready.headers.get('cache-control')).toBe('no-store')
    // Only these two: the console's page keeps its own policy.
    expect((await app.request('/login')).headers.get('cache-control')).not.toBe('no-store')
  })

  it('says not ready while draining, and when a migration of this build is missing', async () => {
    const readiness = { draining: true }
    const app = createApp(h.services, readiness)
    const draining = await app.request('/readyz')
    expect(draining.status).toBe(503)
    expect(await draining.json()).toEqual({ status: 'unavailable', check: 'draining' })
    // The process is alive all the same: a balancer must not restart it for draining.
    expect((await app.request('/healthz')).status).toBe(200)
    readiness.draining = false

    const [last] = ((await h.services.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`)) as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows
    await h.services.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`)
    try {
      expect(await (await app.request('/readyz')).json()).toEqual({ status: 'unavailable', check: 'migrations' })
    } finally {
      await h.services.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`)
    }
    expect((await app.request('/readyz')).status).toBe(200)
  })
})

describe('a graceful stop (npm start, SIGTERM)', () => {
  it('stops accepting, lets the request under way finish, and exits 0', async () => {
    // The server as `npm start` runs it (its signal handling), compiled once (server-processes.ts), not through tsx.
    const { child, url } = await startChild({ DATABASE_URL: 'memory://', MDM_DIST_DIR: 'dist' })
    const port = Number(new URL(url).port)
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))

    // A request under way: its headers sent, half its body.
    const body = JSON.stringify({ username: 'admin', password: 'not-the-password', captcha: 'x', captchaId: 'y' })
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/mdm/api/v1/login', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = ''
        res.on('data', (c) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      })
      req.on('error', reject)
      req.write(body.slice(0, 20))
      setTimeout(() => req.end(body.slice(20)), 1500)
    })
    await new Promise((r) => setTimeout(r, 300))
    child.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 500))

    // No new connection is taken…
    const refused = await new Promise<string>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/healthz' }, () => resolve('answered'))
      req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'))
      req.end()
    })
    expect(refused).toBe('ECONNREFUSED')
    // …the one under way is answered (its captcha is wrong: the envelope's 400), and the process ends well.
    const done = await answer
    expect(done.status).toBe(400)
    expect(JSON.parse(done.text)).toMatchObject({ code: 400 })
    expect(await exited).toBe(0)
  }, 60_000)
})
