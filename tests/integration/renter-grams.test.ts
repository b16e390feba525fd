import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../src/server/db/client'
import { ownDatabase } from './harness'

/** What the renter index keys (migrations 0021, 0022): each character and each pair of the lower-cased text, once, after the platform. */
function expectedGrams(platform: string, value: string): string[] {
  const chars = Array.from(value.toLowerCase())
  const grams = new Set<string>()
  for (const n of [1, 2]) for (let i = 0; i + n <= chars.length; i++) grams.add(`${platform} ${chars.slice(i, i + n).join('')}`)
  return [...grams].sort()
}

const VALUES = ['刘伟', '欧阳娜娜', '娜娜娜', 'AbC', 'abc', '', '王', 'a😀b', ' 张 三 ', 'Zhang San', '13912345678']

/** The embedded database always; PostgreSQL where the suite has one (CI), whose collation may lower-case differently. */
const engines = [['PGlite', false], ...(process.env.MDM_TEST_POSTGRES_URL || process.env.CI ? [['PostgreSQL', true] as const] : [])] as const

describe.each(engines)('mdm_platform_grams (the renter index expression) on %s', (_engine, postgres) => {
  let database: Database
  let own: Awaited<ReturnType<typeof ownDatabase>> | undefined
  beforeAll(async () => {
    if (postgres) {
      const url = process.env.MDM_TEST_POSTGRES_URL
      if (!url) throw new Error('CI 中必须设置 MDM_TEST_POSTGRES_URL（由 .ci/run 启动 PostgreSQL）')
      own = await ownDatabase(url, 'mdm_test_grams')
    }
    database = await openDatabase(own?.url ?? 'memory://')
  })
  afterAll(async () => {
    await database.close()
    await own?.drop()
  })
  const gramsOf = async (platform: string, value: string | null) => {
    const result = (await database.db.execute(sql`select mdm_platform_grams(${platform}, ${value}) as grams`)) as unknown as { rows: { grams: string[] | null }[] }
    return result.rows[0].grams
  }

  it.each(VALUES)('keys every character and pair of %j once', async (value) => {
    expect([...((await gramsOf('HUAWEI', value)) ?? [])].sort()).toEqual(expectedGrams('HUAWEI', value))
  })

  it('gives nothing for no text, and is what 0021 wrote as SQL for every value (the index keys are unchanged)', async () => {
    expect(await gramsOf('MI', null)).toBeNull()
    await database.db.execute(sql`
      create function pg_temp.grams_0021(platform text, value text) returns text[] language sql immutable strict as $$
        select coalesce(array_agg(distinct pg_catalog.textcat(pg_catalog.textcat(platform, ' '), pg_catalog.substr(pg_catalog.lower(value), i, n))), '{}')
        from pg_catalog.generate_series(1, 2) as n, pg_catalog.generate_series(1, pg_catalog.length(value) - n + 1) as i
      $$`)
    const result = (await database.db.execute(sql`
      select v, (select array_agg(g order by g) from unnest(mdm_platform_grams('IOS', v)) g) as now,
                (select array_agg(g order by g) from unnest(pg_temp.grams_0021('IOS', v)) g) as before
      from unnest(array[${sql.join(VALUES.map((v) => sql`${v}`), sql`, `)}]::text[]) as v`)) as unknown as { rows: { v: string; now: string[] | null; before: string[] | null }[] }
    expect(result.rows).toHaveLength(VALUES.length)
    for (const row of result.rows) expect(row.now).toEqual(row.before)
  })
})
