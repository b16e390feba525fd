import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Db } from '../db/client'

/** What a stopping server tells its balancer: set first on SIGTERM (main.ts), before it stops accepting. */
export interface Readiness {
  draining: boolean
}

/** The migrations this build brings (drizzle-kit's journal), which a ready database has all applied. */
const expectedMigrations: number = (
  JSON.parse(readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] }
).entries.length

type Check = 'database' | 'migrations' | 'draining'

/** How the process stands for a balancer: nothing but the failed check's name, never data or a reason from the database. */
async function notReady(db: Db, readiness: Readiness): Promise<Check | null> {
  if (readiness.draining) return 'draining'
  try {
    const result = (await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as unknown as { rows: { applied: number }[] }
    return result.rows[0].applied >= expectedMigrations ? null : 'migrations'
  } catch {
    return 'database'
  }
}

/**
 * Issue #44: `GET /healthz`, the process is alive (it answered); `GET /readyz`, it can serve — the database answers, every
 * migration of this build is applied, it is not draining. No authentication, no data, never cached.
 */
export function healthRoutes(db: Db, readiness: Readiness): Hono {
  // The header on these two answers only: a middleware of this app, mounted at the root, would apply to every path.
  const noStore = { 'Cache-Control': 'no-store' }
  const app = new Hono()
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore))
  app.get('/readyz', async (c) => {
    const failed = await notReady(db, readiness)
    return failed ? c.json({ status: 'unavailable', check: failed }, 503, noStore) : c.json({ status: 'ready' }, 200, noStore)
  })
  return app
}
