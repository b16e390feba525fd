import { PGlite, types } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StatementCachingPGlite } from './pglite-statements'
import { cacheable, inlineLimits } from './statement-text'

describe('inlineLimits', () => {
  it('writes LIMIT and OFFSET values into the text and renumbers the other parameters', () => {
    expect(inlineLimits('select id from (select id from t where a = $1 order by id limit $2 offset $3) s where s.b = $4', ['x', 10, 40, true])).toEqual({
      text: 'select id from (select id from t where a = $1 order by id limit 10 offset 40) s where s.b = $2',
      params: ['x', true],
    })
  })

  it('leaves what is not a page window as it is', () => {
    // Not a non-negative integer; a parameter used twice; "limit $2" inside quoted text, a quoted name and comments.
    const cases: [string, unknown[]][] = [
      ['select 1 limit $1', ['10']],
      ['select 1 limit $1', [-1]],
      ['select 1 limit $1', [1.5]],
      ['select $1::int limit $1', [3]],
      [`select 'limit $1' as "limit $1" -- limit $1\n /* offset $1 */ where x = $1`, [5]],
    ]
    for (const [text, params] of cases) expect(inlineLimits(text, params)).toEqual({ text, params })
  })

  it('decides on the values of each run, though the scan of a text is kept', () => {
    const text = 'select id from t where a = $1 limit $2'
    expect(inlineLimits(text, ['x', 10])).toEqual({ text: 'select id from t where a = $1 limit 10', params: ['x'] })
    expect(inlineLimits(text, ['x', '10'])).toEqual({ text, params: ['x', '10'] })
    expect(inlineLimits(text, ['y', 20])).toEqual({ text: 'select id from t where a = $1 limit 20', params: ['y'] })
    // Texts left as they are stay so when scanned before: a dollar-quoted one, a limit's parameter used twice.
    for (let run = 0; run < 2; run++) {
      expect(inlineLimits('select $$a$$ limit $1', [run + 1])).toEqual({ text: 'select $$a$$ limit $1', params: [run + 1] })
      expect(inlineLimits('select $1::int limit $1', [run + 3])).toEqual({ text: 'select $1::int limit $1', params: [run + 3] })
    }
  })

  it('keeps quoted text with doubled quotes whole', () => {
    expect(inlineLimits(`select 'it''s $1', $1 limit $2`, ['a', 2])).toEqual({ text: `select 'it''s $1', $1 limit 2`, params: ['a'] })
  })

  it('answers a dollar-quoted text as it is', () => {
    expect(inlineLimits('select $$a$$ limit $1', [1])).toEqual({ text: 'select $$a$$ limit $1', params: [1] })
  })
})

describe('cacheable', () => {
  it('takes reads only: a SELECT, a WITH query that writes nothing', () => {
    expect(cacheable('select 1')).toBe(true)
    expect(cacheable('  SELECT * from t')).toBe(true)
    expect(cacheable('with a as (select 1) select * from a')).toBe(true)
    expect(cacheable('with a as (update t set x = 1 returning id) select * from a')).toBe(false)
    expect(cacheable('with a as (insert into t values (1) returning id) select * from a')).toBe(false)
    expect(cacheable('insert into t values (1)')).toBe(false)
    expect(cacheable('update t set x = 1')).toBe(false)
    expect(cacheable('select 1', { paramTypes: [23] })).toBe(false)
  })
})

describe('StatementCachingPGlite', () => {
  let db: StatementCachingPGlite
  let plain: PGlite
  /** The named statements the database holds (but this query's own). */
  const prepared = async () =>
    (
      await db.query<{ name: string; generic_plans: number; custom_plans: number }>(
        `select name, generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'mdm_s%' and statement not like '%pg_prepared_statements%'`,
      )
    ).rows

  beforeAll(async () => {
    db = new StatementCachingPGlite()
    plain = new PGlite()
    for (const client of [db, plain]) {
      await client.exec(`create table t (id int primary key, name text not null, at timestamptz not null, tags int[] not null);
        insert into t select g, 'n' || g, timestamptz '2026-01-01' + g * interval '1 hour', array[g, g + 1] from generate_series(1, 500) g;
        create index t_name_idx on t (name); analyze t`)
    }
    // Two databases started in WebAssembly: seconds on a busy machine.
  }, 60_000)
  afterAll(async () => {
    await db.close()
    await plain.close()
  })

  it('answers what PGlite answers: rows, fields and the caller’s parsers and row mode', async () => {
    const text = `select id, name, nullif(name, 'n13') as maybe, at, tags from t where id > $1 and name <> $2 order by id limit $3 offset $4`
    const asDrizzle = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } }
    for (const params of [[10, 'n12', 5, 0], [100, 'x', 3, 2], [490, 'n', 20, 0]]) {
      for (const options of [undefined, asDrizzle]) {
        const ours = await db.query(text, params, options)
        const theirs = await plain.query(text, params, options)
        expect(ours.rows).toEqual(theirs.rows)
        expect(ours.fields).toEqual(theirs.fields)
        expect(ours).toEqual(theirs)
      }
    }
    // An empty answer too.
    expect(await db.query(text, [1000, 'x', 5, 0])).toEqual(await plain.query(text, [1000, 'x', 5, 0]))
  })

  it('plans a page query once: after PostgreSQL’s custom-plan runs it keeps one generic plan', async () => {
    for (let i = 0; i < 12; i++) await db.query('select id from t where name = $1 order by id limit $2', [`n${i + 1}`, 10])
    const statement = (await prepared()).find((s) => s.generic_plans > 0)
    expect(statement).toBeDefined()
    expect(statement!.custom_plans).toBe(5)
    expect(statement!.generic_plans).toBe(7)
  })

  it('answers a failing statement’s error as PGlite does, and goes on', async () => {
    const text = 'select id from t where id = $1 limit 1'
    await db.query(text, [1])
    const ours = await db.query(text, ['not a number']).catch((e: { code?: string; message: string }) => e)
    const theirs = await plain.query(text, ['not a number']).catch((e: { code?: string; message: string }) => e)
    expect(ours).toMatchObject({ code: '22P02', message: (theirs as Error).message })
    expect((await db.query(text, [2])).rows).toEqual([{ id: 2 }])
    await expect(db.query('select nope from t')).rejects.toMatchObject({ code: '42703' })
  })

  it('reads a table whose columns changed since it was prepared', async () => {
    const text = 'select * from t where id = $1'
    expect(Object.keys((await db.query<Record<string, unknown>>(text, [3])).rows[0])).toEqual(['id', 'name', 'at', 'tags'])
    await db.exec('alter table t add column extra int default 7')
    expect((await db.query<Record<string, unknown>>(text, [3])).rows[0]).toMatchObject({ id: 3, extra: 7 })
    await db.exec('alter table t drop column extra')
  })

  it('closes the least recently used statements beyond the number kept', async () => {
    // Four kept: after eight statements and the listing's own, the newest three of the eight.
    db.keepStatements(4)
    for (let i = 0; i < 8; i++) await db.query(`select id, ${i} as k from t where id = $1`, [i + 1])
    const names = (await prepared()).map((s) => s.name)
    expect(names).toHaveLength(3)
    // The newest three are kept, and still answer.
    expect((await db.query<{ k: number }>('select id, 7 as k from t where id = $1', [1])).rows[0].k).toBe(7)
    db.keepStatements(250)
  })

  it('waits for a transaction in progress, and leaves its statements alone', async () => {
    let inside: number | undefined
    const tx = db.transaction(async (t) => {
      await t.query('update t set name = $1 where id = 1', ['changed'])
      await new Promise((r) => setTimeout(r, 20))
      inside = (await t.query<{ n: number }>('select count(*)::int as n from t where name = $1', ['changed'])).rows[0].n
    })
    // Run while the transaction holds the database: answered after its COMMIT, so it sees the change.
    const outside = db.query<{ name: string }>('select name from t where id = $1', [1])
    await tx
    expect(inside).toBe(1)
    expect((await outside).rows[0].name).toBe('changed')
    await db.query('update t set name = $1 where id = 1', ['n1'])
  })
})
