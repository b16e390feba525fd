import { eq, sql, type Placeholder } from 'drizzle-orm'
import postgresDriver from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devices } from '../../src/server/db/schema'
import { createHarness, ownDatabase, type Harness } from './harness'
import { AGENT, agentTestbed, racingPolls, racingPollsWhileQueueing } from './huawei-agent-helpers'
import { addDevice, appFetch, command, detail, issueToken, taskStatus } from './huawei-helpers'
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

  it('takes one of a result sent several times at once: one DONE, the others the finished-task conflict', async () => {
    const token = await pg!.login('demo')
    const { agentCall, enrolledPhone } = agentTestbed(pg!, () => token)
    for (let round = 0; round < 3; round++) {
      const { deviceId, phone } = await enrolledPhone({ serialNumber: `PGRESULT${round}` })
      const taskId = (await command(pg!, token, 'lockScreen', deviceId)).body.data.taskId
      expect((await agentCall('/poll', {}, phone.credential!)).body.data.tasks).toHaveLength(1)
      const answers = await Promise.all(Array.from({ length: 6 }, () => agentCall('/result', { taskId, success: true }, phone.credential!)))
      expect(answers.filter((a) => a.status === 200).map((a) => a.body.data)).toEqual([{ taskId, status: 'DONE' }])
      for (const a of answers) if (a.status !== 200) expect(a.body).toEqual({ code: 409, msg: '任务已结束，不能重复上报结果', data: null })
      expect((await taskStatus(pg!, token, taskId)).data.status).toBe('DONE')
      expect((await detail(pg!, token, deviceId)).data.state.locked).toBe(true)
    }
  })

  it('claims by reading its own device’s tasks only, whatever the statistics said when its plan was made (a fleet-wide lock)', async () => {
    // Production's tasks table is mostly finished tasks: analyzed so, it says almost nothing is queued. A fleet-wide
    // lock then queues thousands at once, and each claim's plan, kept by its connection, must still read only its
    // own device's rows (issue #44: one plan read every queued task, 18 ms a claim, which saturated PostgreSQL).
    const db = pg!.database.db
    const token = await pg!.login('demo')
    const [a, b] = [
      { id: await addDevice(pg!, token, { serialNumber: 'PGPLAN1' }), company_id: pg!.demo.bossCompanyId },
      { id: await addDevice(pg!, token, { serialNumber: 'PGPLAN2' }), company_id: pg!.demo.bossCompanyId },
    ]
    const insertTasks = (device: { id: number; company_id: number }, status: string, n: number) =>
      db.execute(sql`insert into tasks (task_id, device_id, company_id, type, status)
        select ${`plan-${status}-${device.id}-`} || g, ${device.id}, ${device.company_id}, 'lockScreen', ${status} from generate_series(1, ${n}) g`)
    await insertTasks(a, 'DONE', 2_000)
    await db.execute(sql`analyze tasks`)
    await insertTasks(a, 'QUEUED', 400)
    await insertTasks(b, 'QUEUED', 1)
    const { sql: text, params } = (pg!.services.tasks as unknown as { claimQuery(): { toSQL(): { sql: string; params: Placeholder[] } } }).claimQuery().toSQL()
    const values: Record<string, unknown> = { deviceId: b.id, ...pg!.services.tasks.claimParams(5) }
    const client = new postgresDriver.Client({ connectionString: own!.url })
    await client.connect()
    try {
      // The plan a connection keeps for its prepared claim (PostgreSQL may choose it after five executions).
      await client.query('set plan_cache_mode = force_generic_plan')
      await client.query(`prepare claim as ${text}`)
      await client.query('begin')
      const args = params.map((p) => client.escapeLiteral(String(values[p.name as string])))
      const [{ 'QUERY PLAN': [plan] }] = (await client.query(`explain (analyze, format json) execute claim(${args.join(', ')})`)).rows
      await client.query('rollback')
      // Every row of `tasks` a node of the plan read: those it answered and those its filter dropped.
      const read: number[] = []
      const walk = (node: Record<string, unknown>) => {
        if (node['Relation Name'] === 'tasks') read.push(Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0))
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child)
      }
      walk(plan.Plan)
      expect(read.reduce((x, y) => x + y, 0)).toBeLessThan(10)
      expect(JSON.stringify(plan)).toContain('tasks_pkey')
    } finally {
      await client.end()
      await db.execute(sql`delete from tasks where task_id like 'plan-%'`)
    }
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
