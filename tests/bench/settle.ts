/**
 * The benchmarks' seeds settled before anything is measured (issue #16). Apart from lib.ts, which the load generator's
 * workers import: they need no database client.
 */
import { spawnSync } from 'node:child_process'
import { sql } from 'drizzle-orm'
import type { Db } from '../../src/server/db/client'
import { quiet } from './lib'

/**
 * After a benchmark's seed (server-scale.ts, queue-scale.ts), the server is measured as one in service is, not in the
 * wake of a bulk load: every page the seed dirtied handed to the file system (a CHECKPOINT, instead of PostgreSQL's
 * checkpointer spreading them over the next minutes; PGlite writes its data folder), the file system's dirty pages
 * written out (sync), then the machine quiet. Measured right after seeding a million devices, with the checkpointer and
 * the kernel still writing the load's pages, the same searches ran ~2x slower for minutes (renter name p50 8.6 ms at
 * once, 7.3 a minute later, 4.6 a few minutes on, against 4.8 on a cluster seeded long before); a 10k-agent fleet
 * measured after ten million seeded tasks, poll p95 30.4 ms against 13.6-17.7. `db`: the seeded database, still open.
 * Answers the seconds it took.
 */
export async function settle(db: Db): Promise<number> {
  const started = performance.now()
  await db.execute(sql`checkpoint`)
  spawnSync('sync', { stdio: 'ignore' })
  await quiet(60_000)
  return (performance.now() - started) / 1000
}
