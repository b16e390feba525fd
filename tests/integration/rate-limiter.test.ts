import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RateLimiter, type LimitRule } from '../../src/server/auth/rate-limit'
import { openDatabase, type Database } from '../../src/server/db/client'
import { rateLimits } from '../../src/server/db/schema'
import { ownDatabase } from './harness'

const rule: LimitRule = { name: 'test', points: 3, windowMs: 15 * 60_000, message: (m) => `请 ${m} 分钟后再试` }

/** The limiter's window arithmetic with an injected clock, on PGlite and (with MDM_TEST_POSTGRES_URL) PostgreSQL. */
describe.each([['PGlite', 'memory://'], ...(process.env.MDM_TEST_POSTGRES_URL ? [['PostgreSQL', process.env.MDM_TEST_POSTGRES_URL]] : [])])(
  'RateLimiter on %s',
  (_engine, url) => {
    let database: Database
    let own: Awaited<ReturnType<typeof ownDatabase>> | undefined
    let now = Date.UTC(2026, 0, 1)
    let limiter: RateLimiter
    beforeAll(async () => {
      // On PostgreSQL a database of its own: test files run two at a time on one server.
      own = url.startsWith('postgres') ? await ownDatabase(url, 'mdm_test_limiter') : undefined
      database = await openDatabase(own?.url ?? url)
      await database.db.delete(rateLimits)
      limiter = new RateLimiter(database.db, () => now)
    })
    afterAll(async () => {
      await database?.close()
      await own?.drop()
    })

    it('refuses at the limit with the minutes left, starts over when the window ends, and keeps subjects apart', async () => {
      for (let i = 0; i < 3; i++) await limiter.check(rule, 'a').then(() => limiter.hit(rule, 'a'))
      await expect(limiter.check(rule, 'A')).rejects.toMatchObject({ code: 429, message: '请 15 分钟后再试' })
      await limiter.check(rule, 'b')
      now += 14 * 60_000 + 1
      await expect(limiter.check(rule, 'a')).rejects.toMatchObject({ message: '请 1 分钟后再试' })
      now += 60_000
      await limiter.check(rule, 'a')
      await limiter.hit(rule, 'a')
      const [row] = await database.db.select().from(rateLimits)
      expect(row).toMatchObject({ key: 'test:a', hits: 1, windowStart: new Date(now) })
      await limiter.reset(rule, 'a')
      expect(await database.db.select().from(rateLimits)).toEqual([])
    })

    it('counts hits made at the same moment exactly (one atomic upsert each)', async () => {
      await Promise.all(Array.from({ length: 10 }, () => limiter.hit(rule, 'burst')))
      const [row] = await database.db.select().from(rateLimits)
      expect(row.hits).toBe(10)
    })
  },
)
