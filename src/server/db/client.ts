import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from './schema'
import { serverMessages } from '../../shared/messages'

/** The one database type every service sees; PGlite and PostgreSQL share it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  engine: 'pglite' | 'postgres'
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Opens the database named by DATABASE_URL and applies the committed migrations.
 * unset → PGlite files in ./data; memory:// → in-memory PGlite; postgres(ql):// → node-postgres pool.
 */
export async function openDatabase(url: string | undefined): Promise<Database> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // A bounded wait for a connection: a database that does not answer is a 503 after 5 s, not a request hanging.
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 })
    // An idle connection cut by the server (restart, 57P01) is reported here; without a listener it would end the
    // process. The pool drops that connection and opens a new one for the next query.
    pool.on('error', (err) => console.error(`${serverMessages.databaseUnavailable} ${err.message}`))
    const db = drizzlePg({ client: pool, schema })
    await migratePg(db, { migrationsFolder })
    return { db: db as unknown as Db, engine: 'postgres', close: () => pool.end() }
  }
  if (url === 'memory://') {
    const client = new PGlite()
    const db = drizzlePglite({ client, schema })
    await migratePglite(db, { migrationsFolder })
    return { db: db as unknown as Db, engine: 'pglite', close: () => client.close() }
  }
  const folder = url?.replace(/^file:\/\//, '') || './data'
  const release = lockDataFolder(folder)
  try {
    const client = new PGlite(folder)
    const db = drizzlePglite({ client, schema })
    await migratePglite(db, { migrationsFolder })
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

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite is one connection over plain files: two processes on one folder corrupt it (TOOLCHAIN.md). A lock file
 * beside the folder (not in it: a new cluster needs an empty folder) holds the owner's pid; a second opener is refused
 * with a message naming the folder, and the lock of a process that died (kill -9) is taken over. Returns the release.
 */
export function lockDataFolder(folder: string): () => void {
  const resolved = path.resolve(folder)
  const lockFile = `${resolved}.lock`
  const release = () => {
    try {
      if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) unlinkSync(lockFile)
    } catch {
      // Already gone.
    }
    process.off('exit', release)
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      process.on('exit', release)
      return release
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10)
      if (Number.isInteger(owner) && owner > 0 && processAlive(owner)) {
        throw new Error(serverMessages.dataFolderLocked(resolved, owner, lockFile))
      }
      unlinkSync(lockFile)
    }
  }
}
