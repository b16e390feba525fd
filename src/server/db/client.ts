import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { StatementCachingPGlite } from './pglite-statements'
import { StatementNamingClient } from './pg-statements'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from './schema'
import { serverMessages } from '../../shared/messages/server'
import { log } from '../log'

/** The one database type every service sees; PGlite and PostgreSQL share it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  engine: 'pglite' | 'postgres'
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** The embedded database's own client (PGlite, inside this process), or undefined for PostgreSQL. */
export function embeddedClient(db: Db): PGlite | undefined {
  const client = (db as unknown as { $client?: unknown }).$client
  return client instanceof PGlite ? client : undefined
}

/**
 * Whether the database runs inside this process (PGlite): one statement at a time, each planned in WebAssembly, so
 * fewer statements is what makes a request faster; on PostgreSQL a statement's planning is native and cheap.
 */
export function isEmbedded(db: Db): boolean {
  return embeddedClient(db) !== undefined
}

/** What every embedded database loads: pg_trgm serves substring search (issue #16), as on PostgreSQL. */
export const pgliteOptions = { extensions: { pg_trgm } }

/**
 * The planner's cost of a random page read, set on every connection (PostgreSQL's default is 4, for spinning disks):
 * the devices and their indexes are read from memory or SSD, where a random page costs about what a sequential one
 * does. With 4 the planner ANDs a small index (a renter name's 2,500 candidates) with 300,000 entries of
 * devices_company_idx to save heap reads that cost little (renter search at 1M devices 41 → 18 ms), and sorts a whole
 * list rather than walk its order index for a deep page (PGlite, 100k: page 3,000 of 30,000 rows 56 → 30 ms under
 * EXPLAIN). Per connection, so that a PostgreSQL database's own setting for other applications stays as it is.
 */
const RANDOM_PAGE_COST = 1.1

let memoryTemplate: (() => Blob) | undefined

/**
 * New in-memory databases of this process start from `dump()` (PGlite's dumpDataDir of an empty, migrated database)
 * instead of running initdb and every migration: ~0.7 s instead of ~3.5 s on a 2-core machine. The test suite opens
 * one per file (tests/pglite-template.ts); the migrations still run after loading, so a dump older than the
 * migrations is brought up to date, never trusted. undefined: back to initdb.
 */
export function startMemoryDatabasesFrom(dump: (() => Blob) | undefined): void {
  memoryTemplate = dump
}

/** A new embedded database's session, planned as PostgreSQL's connections are (RANDOM_PAGE_COST). */
async function embedded(dataDir?: string): Promise<PGlite> {
  const client = dataDir
    ? new StatementCachingPGlite(dataDir, pgliteOptions)
    : new StatementCachingPGlite(memoryTemplate ? { ...pgliteOptions, loadDataDir: memoryTemplate() } : pgliteOptions)
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`)
  return client
}

/**
 * Opens the database named by DATABASE_URL and applies the committed migrations, then `prepare` (the first start's
 * seed, main.ts): on PostgreSQL both under one advisory lock, so that of processes started at once on an empty
 * database one seeds and the others find it seeded.
 * unset → PGlite files in ./data; memory:// → in-memory PGlite; postgres(ql):// → node-postgres pool.
 */
export async function openDatabase(url: string | undefined, prepare: (db: Db) => Promise<void> = async () => {}): Promise<Database> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // A bounded wait for a connection: a database that does not answer is a 503 after 5 s, not a request hanging.
    // Reads run as named statements, parsed and planned once per connection (pg-statements.ts).
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000, options: `-c random_page_cost=${RANDOM_PAGE_COST}`, Client: StatementNamingClient })
    // An idle connection cut by the server (restart, 57P01) is reported here; without a listener it would end the
    // process. The pool drops that connection and opens a new one for the next query.
    pool.on('error', (err) => log.error(serverMessages.databaseUnavailable, { cause: err.message }))
    const db = drizzlePg({ client: pool, schema })
    try {
      await migrateOnce(pool, async () => {
        await migratePg(db, { migrationsFolder })
        await prepare(db as unknown as Db)
      })
    } catch (err) {
      await pool.end()
      throw err
    }
    return { db: db as unknown as Db, engine: 'postgres', close: () => pool.end() }
  }
  if (url === 'memory://') {
    const client = await embedded()
    const db = drizzlePglite({ client, schema })
    await migratePglite(db, { migrationsFolder })
    await prepare(db as unknown as Db)
    return { db: db as unknown as Db, engine: 'pglite', close: () => client.close() }
  }
  const folder = url?.replace(/^file:\/\//, '') || './data'
  const release = lockDataFolder(folder)
  try {
    const client = await embedded(folder)
    const db = drizzlePglite({ client, schema })
    await migratePglite(db, { migrationsFolder })
    await prepare(db as unknown as Db)
    return {
      db: db as unknown as Db,
      engine: 'pglite',
      close: async () => {
        await client.close()
        release()
      },
    }
  } catch (err) {
    release()
    throw err
  }
}

/** Any constant: the advisory lock every server process on one database takes to migrate and seed. */
const MIGRATION_LOCK = 4_404_404

/**
 * Issue #44: processes started at once on one PostgreSQL database (a deploy, a rolling restart) migrate and seed one
 * at a time: the first applies what is missing, the others then find it applied. Unlocked, two would both create the
 * new tables, or both seed an empty database (a second administrator refused by its unique name, or a second demo
 * tenant), and one would fail to start. A session lock on a connection of its own, held while the work runs on others.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect()
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      await migrate()
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
  } finally {
    lock.release()
  }
}

/** Whether a process of this id runs (signal 0 checks without sending). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Folders this process holds: its own pid in a lock file means "held" only if it is one of these. */
const heldFolders = new Set<string>()

/**
 * Whether a lock file's owner may still be using the folder. Its pid is checked on this host only; the same pid as
 * ours but not held by us is a previous run that had the same pid (a container's process 1 after a restart). A lock
 * from another host (a shared volume) cannot be checked and is respected.
 */
function ownerActive(owner: { pid: number; host: string }, resolved: string): boolean {
  if (owner.host !== hostname()) return true
  if (owner.pid === process.pid) return heldFolders.has(resolved)
  return processAlive(owner.pid)
}

/**
 * PGlite is one connection over plain files: two processes on one folder corrupt it (TOOLCHAIN.md). A lock file
 * beside the folder (not in it: a new cluster needs an empty folder) holds the owner's pid and host; a second opener is
 * refused with a message naming the folder, and the lock of a process that died (kill -9) is taken over. The lock is
 * freed by close(), at exit, and on SIGINT / SIGTERM. Returns the release.
 */
export function lockDataFolder(folder: string): () => void {
  const resolved = path.resolve(folder)
  const lockFile = `${resolved}.lock`
  const content = `${process.pid}@${hostname()}`
  const onSignal = (signal: NodeJS.Signals) => {
    // A graceful stop listens too (start.ts): it closes the database, which releases the lock, and exits (which
    // releases it as well). Releasing it here, while requests still run on the folder, would let another process in.
    if (process.listenerCount(signal) > 0) return
    release()
    // Then the signal's default action (the process ends) as if we had not listened.
    process.kill(process.pid, signal)
  }
  const release = () => {
    heldFolders.delete(resolved)
    try {
      if (readFileSync(lockFile, 'utf8').trim() === content) unlinkSync(lockFile)
    } catch {
      // Already gone.
    }
    process.off('exit', release)
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600)
      writeSync(fd, content)
      closeSync(fd)
      heldFolders.add(resolved)
      process.on('exit', release)
      process.once('SIGINT', onSignal)
      process.once('SIGTERM', onSignal)
      return release
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err
      const match = /^(\d+)@(.*)$/.exec(readFileSync(lockFile, 'utf8').trim())
      const owner = match ? { pid: Number(match[1]), host: match[2] } : null
      if (owner && ownerActive(owner, resolved)) {
        throw new Error(serverMessages.dataFolderLocked(resolved, `pid ${owner.pid} @ ${owner.host}`, lockFile))
      }
      unlinkSync(lockFile)
    }
  }
}
