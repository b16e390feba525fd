import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devices } from '../../src/server/db/schema'
import { createHarness, ownDatabase, type Harness } from './harness'
import { AGENT, racingPolls, racingPollsWhileQueueing } from './huawei-agent-helpers'
import { appFetch, issueToken } from './huawei-helpers'
import { captureLog } from '../../src/server/log'

/**
 * On PostgreSQL the polls (and enrollments) really race. `.ci/run` sets MDM_TEST_POSTGRES_URL (a superuser); the
 * suite makes its own database there and drops it afterwards. In CI a missing URL fails the suite instead of
 * skipping it, so the race is never silently untested; locally without a server it is skipped.
 */
const postgresUrl = process.env.MDM_TEST_POSTGRES_URL

describe.runIf(postgresUrl || process.env.CI)('racing on PostgreSQL (FOR UPDATE SKIP LOCKED, unique serials)', () => {
  let pg: Harness | undefined
  let own: Awaited<ReturnType<typeof ownDatabase>> | undefined
  beforeAll(async () => {
    if (!postgresUrl) throw new Error('CI 中必须设置 MDM_TEST_POSTGRES_URL（由 .ci/run 启动 PostgreSQL）')
    own = await ownDatabase(postgresUrl, 'mdm_test_huawei_agent')
    pg = await createHarness({}, own.url)
  })
  afterAll(async () => {
    await pg?.close()
    await own?.drop()
  })

  it('runs on PostgreSQL', () => {
    expect(pg!.database.engine).toBe('postgres')
  })

  it('never hands one task to two polls', async () => {
    const fetch = appFetch(pg!)
    const token = await pg!.login('demo')
    for (let round = 0; round < 3; round++) await racingPolls(pg!, fetch, token)
  })

  it('delivers every command exactly once while polls race with commands being queued', async () => {
    const fetch = appFetch(pg!)
    const token = await pg!.login('demo')
    for (let round = 0; round < 3; round++) await racingPollsWhileQueueing(pg!, fetch, token)
  })

  it('answers enrollments racing for one new serial with success or a clear conflict, never a server error', async () => {
    const fetch = appFetch(pg!)
    const enrollmentToken = await issueToken(pg!, await pg!.login('demo'))
    const logged = captureLog()
    try {
      for (let round = 0; round < 3; round++) {
        const serialNumber = `PGRACE${round}`
        const answers = await Promise.all(
          Array.from({ length: 6 }, () =>
            fetch(`http://mdm.test${AGENT}/enroll`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ enrollmentToken, serialNumber }),
            }).then((r) => r.json() as Promise<{ code: number; msg: string }>),
          ),
        )
        expect(answers.some((a) => a.code === 200)).toBe(true)
        for (const a of answers) if (a.code !== 200) expect(a).toMatchObject({ code: 409, msg: '该序列号的设备正在接入，请稍后重试' })
        expect(await pg!.database.db.select().from(devices).where(eq(devices.serialNumber, serialNumber))).toHaveLength(1)
      }
      expect(logged.lines().filter((l) => (l.level as number) >= 50)).toEqual([])
    } finally {
      logged.restore()
    }
  })
})
