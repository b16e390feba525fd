/**
 * Named statements on PostgreSQL (db/pg-statements.ts), on a real server: a read is parsed once per connection, the
 * least recently used is deallocated beyond the bound (inside a transaction too, without aborting it), and writes and
 * failing reads behave as unnamed ones do. Skipped locally without MDM_TEST_POSTGRES_URL; in CI its absence fails.
 */
import { gte } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StatementNamingClient } from '../../src/server/db/pg-statements'
import { ownDatabase } from './harness'

const url = process.env.MDM_TEST_POSTGRES_URL

describe.runIf(url || process.env.CI)('named statements on PostgreSQL', () => {
  let own: Awaited<ReturnType<typeof ownDatabase>> | undefined
  let client: StatementNamingClient
  const prepared = async () =>
    ((await client.query('select name, statement from pg_prepared_statements order by prepare_time')) as unknown as { rows: { name: string; statement: string }[] }).rows
  beforeAll(async () => {
    if (!url) throw new Error('CI 中必须设置 MDM_TEST_POSTGRES_URL（由 .ci/run 启动 PostgreSQL）')
    own = await ownDatabase(url, 'mdm_test_statements')
    client = new StatementNamingClient({ connectionString: own.url })
    await client.connect()
    await client.query('create table t (id int primary key, v text)')
    await client.query('insert into t values (1, $1), (2, $2), (3, $3)', ['a', 'b', 'c'])
  })
  afterAll(async () => {
    await client?.end()
    await own?.drop()
  })

  it('parses a read once and runs it again by name, its limit written in', async () => {
    const read = 'select v from t where id >= $1 order by id limit $2'
    const first = (await client.query(read, [1, 2])) as unknown as { rows: { v: string }[] }
    const again = (await client.query(read, [2, 2])) as unknown as { rows: { v: string }[] }
    expect(first.rows.map((r) => r.v)).toEqual(['a', 'b'])
    expect(again.rows.map((r) => r.v)).toEqual(['b', 'c'])
    const statements = (await prepared()).filter((p) => p.statement.includes('from t where id'))
    expect(statements).toHaveLength(1)
    expect(statements[0].statement).toBe('select v from t where id >= $1 order by id limit 2')
  })

  it('leaves writes unnamed', async () => {
    await client.query('update t set v = $1 where id = $2', ['a', 1])
    expect((await prepared()).some((p) => p.statement.startsWith('update'))).toBe(false)
  })

  it('deallocates the least recently used beyond its bound, inside a transaction without aborting it', async () => {
    client.keepStatements(2)
    try {
      await client.query('begin')
      for (const id of [1, 2, 3]) await client.query(`select v, ${id} as n from t where id = $1`, [id])
      await client.query('select v, 2 as n from t where id = $1', [2])
      await client.query('insert into t values (4, $1)', ['d'])
      await client.query('commit')
      const left = (await prepared()).map((p) => p.statement).filter((s) => s.includes(' as n '))
      expect(left.sort()).toEqual(['select v, 2 as n from t where id = $1', 'select v, 3 as n from t where id = $1'])
      expect(((await client.query('select count(*)::int as n from t')) as unknown as { rows: { n: number }[] }).rows[0].n).toBe(4)
    } finally {
      client.keepStatements(250)
    }
  })

  it('answers a failing read with its error, and runs it again once its input is good', async () => {
    const read = 'select 10 / $1::int as q'
    await expect(client.query(read, [0])).rejects.toThrow('division by zero')
    expect(((await client.query(read, [5])) as unknown as { rows: { q: number }[] }).rows[0].q).toBe(2)
    await expect(client.query('select nothing_here from t where id = $1', [1])).rejects.toThrow('nothing_here')
    expect(((await client.query('select v from t where id = $1', [3])) as unknown as { rows: { v: string }[] }).rows[0].v).toBe('c')
  })

  it('forgets a statement the server no longer holds: one failure, then parsed again under a new name', async () => {
    const read = 'select v from t where id = $1'
    expect(((await client.query(read, [2])) as unknown as { rows: { v: string }[] }).rows[0].v).toBe('b')
    const [held] = (await prepared()).filter((p) => p.statement === read)
    await client.query(`deallocate ${held.name}`)
    await expect(client.query(read, [2])).rejects.toMatchObject({ code: '26000' })
    expect(((await client.query(read, [3])) as unknown as { rows: { v: string }[] }).rows[0].v).toBe('c')
    expect((await prepared()).filter((p) => p.statement === read).map((p) => p.name)).not.toContain(held.name)
  })

  it('names the reads drizzle sends through the pool (a callback, query objects with type parsers)', async () => {
    const pool = new pg.Pool({ connectionString: own!.url, max: 1, Client: StatementNamingClient })
    try {
      const table = pgTable('t', { id: integer('id').primaryKey(), v: text('v') })
      const db = drizzle({ client: pool })
      expect(await db.select().from(table).where(gte(table.id, 2)).orderBy(table.id).limit(2)).toEqual([
        { id: 2, v: 'b' },
        { id: 3, v: 'c' },
      ])
      expect((await db.select().from(table).where(gte(table.id, 1)).orderBy(table.id).limit(2)).map((r) => r.id)).toEqual([1, 2])
      const statements = (await pool.query('select statement from pg_prepared_statements')).rows.map((r: { statement: string }) => r.statement)
      expect(statements.filter((st: string) => st.includes('from "t"'))).toEqual([expect.stringMatching(/ limit 2$/)])
    } finally {
      await pool.end()
    }
  })
})
