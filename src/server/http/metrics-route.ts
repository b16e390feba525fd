import { timingSafeEqual } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import pg from 'pg'
import type { Db } from '../db/client'
import { metricsText, setDbPool, setQueueDepth } from '../metrics'

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The gauges read from the database at each scrape: the queue's unfinished tasks, the pool's connections. */
async function readGauges(db: Db): Promise<void> {
  // Over tasks_live_idx (a partial index of the unfinished tasks only): cheap however long the history is.
  const result = (await db.execute(
    sql`select status, count(*)::int as n from tasks where status in ('QUEUED', 'SENT') group by status`,
  )) as unknown as { rows: { status: string; n: number }[] }
  const n = (status: string) => result.rows.find((r) => r.status === status)?.n ?? 0
  setQueueDepth(n('QUEUED'), n('SENT'))
  const pool = (db as unknown as { $client?: unknown }).$client
  if (pool instanceof pg.Pool) setDbPool(pool.totalCount - pool.idleCount, pool.idleCount, pool.waitingCount)
}

/**
 * Issue #44: GET /metrics, Prometheus's text format, for a scraper holding MDM_METRICS_TOKEN (Authorization: Bearer).
 * Without a token configured the endpoint is off: 404, as a path that is not there (never the console's page).
 */
export function metricsRoutes(db: Db, token: string | undefined): Hono {
  const app = new Hono()
  const noStore = { 'Cache-Control': 'no-store' }
  app.get('/metrics', async (c) => {
    if (!token) return c.text('Not Found', 404, noStore)
    const given = /^Bearer (.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? ''
    if (!sameToken(given, token)) return c.text('Unauthorized', 401, { ...noStore, 'WWW-Authenticate': 'Bearer' })
    // A database that does not answer leaves the gauges as last read; the process's own metrics are still worth a scrape.
    await readGauges(db).catch(() => {})
    const { body, contentType } = await metricsText()
    return c.body(body, 200, { ...noStore, 'Content-Type': contentType })
  })
  return app
}
