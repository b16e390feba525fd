import { eq } from 'drizzle-orm'
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
      for (let i = 0; i < 3; i++) await limiter.take(rule, 'a')
      await expect(limiter.take(rule, 'A')).rejects.toMatchObject({ code: 429, message: '请 15 分钟后再试', first: true })
      await expect(limiter.take(rule, 'a')).rejects.toMatchObject({ first: false })
      await limiter.take(rule, 'b')
      now += 14 * 60_000 + 1
      await expect(limiter.take(rule, 'a')).rejects.toMatchObject({ message: '请 1 分钟后再试' })
      now += 60_000
      await limiter.take(rule, 'a')
      const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:a'))
      expect(row).toMatchObject({ hits: 1, windowStart: new Date(now) })
      await limiter.reset(rule, 'a')
      expect(await database.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:a'))).toEqual([])
    })

    it('gives an attempt back (a success is not counted), never below nothing', async () => {
      for (let i = 0; i < 3; i++) {
        await limiter.take(rule, 'ok')
        await limiter.giveBack(rule, 'ok')
      }
      await limiter.giveBack(rule, 'ok')
      for (let i = 0; i < 3; i++) await limiter.take(rule, 'ok')
      await expect(limiter.take(rule, 'ok')).rejects.toMatchObject({ code: 429 })
    })

    it('lets exactly the limit through of attempts taken at the same moment (one atomic upsert each)', async () => {
      const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => limiter.take(rule, 'burst')))
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3)
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => o.reason)
      expect(refused.every((e) => e.code === 429)).toBe(true)
      // One refusal is the lock-out's beginning (worth one audit entry), not 27.
      expect(refused.filter((e) => e.first)).toHaveLength(1)
    })

    it('spaces the attempts past the limit of a rule with delays, doubling, and never locks', async () => {
      const slow: LimitRule = { ...rule, name: 'slow', delay: { firstMs: 10_000, maxMs: 40_000, slowMessage: (s) => `请 ${s} 秒后再试` } }
      for (let i = 0; i < 3; i++) await limiter.take(slow, 's')
      // The fourth waits 10 s after the third, the fifth 20 s after the fourth, then 40 s each (the cap).
      await expect(limiter.take(slow, 's')).rejects.toMatchObject({ code: 429, message: '请 10 秒后再试' })
      now += 10_000
      await limiter.take(slow, 's')
      now += 19_000
      await expect(limiter.take(slow, 's')).rejects.toMatchObject({ message: '请 1 秒后再试' })
      now += 1_000
      await limiter.take(slow, 's')
      for (let i = 0; i < 3; i++) {
        now += 39_000
        await expect(limiter.take(slow, 's')).rejects.toMatchObject({ message: '请 1 秒后再试' })
        now += 1_000
        await limiter.take(slow, 's')
      }
      // Attempts at once past the limit: one goes at its time, the others wait.
      now += 40_000
      const burst = await Promise.allSettled(Array.from({ length: 10 }, () => limiter.take(slow, 's')))
      expect(burst.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    })
  },
)
