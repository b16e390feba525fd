import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from './schema'

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
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    const db = drizzlePg({ client: pool, schema })
    await migratePg(db, { migrationsFolder })
    return { db: db as unknown as Db, engine: 'postgres', close: () => pool.end() }
  }
  const client = url === 'memory://' ? new PGlite() : new PGlite(url?.replace(/^file:\/\//, '') || './data')
  const db = drizzlePglite({ client, schema })
  await migratePglite(db, { migrationsFolder })
  return { db: db as unknown as Db, engine: 'pglite', close: () => client.close() }
}
