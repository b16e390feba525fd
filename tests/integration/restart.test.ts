import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ownDatabase } from './harness'
import { call, folders, signIn, startChild } from './server-processes'

/**
 * Issue #10: restarts lose nothing. The real server runs as a child process; commands are queued for an agent that
 * keeps polling, the server is killed with SIGKILL mid-stream and started again on the same database, and every
 * queued command is delivered exactly once in the end. On PGlite (a folder) and, with DATABASE_URL, on PostgreSQL.
 */
const TASKS = 16
/** `.ci/run` starts PostgreSQL and names it here; locally without it the PostgreSQL cases are skipped. */
const postgresUrl = process.env.MDM_TEST_POSTGRES_URL

/** A tenant with Huawei quota, one enrolled agent, and TASKS commands queued for it: the agent's credential. */
async function queueCommands(url: string) {
  const admin = await signIn(url, 'admin', 'Restart@2026')
  const password = 'Kq7#vLm2-Tz9'
  const { id: companyId } = await call(url, 'POST', '/mdm/api/v1/company/add', { name: '重启测试公司', username: 'restart-boss', password, confirmPassword: password, bossName: '测试', phoneNumber: '13900000000' }, admin)
  await call(url, 'POST', '/mdm/api/v1/account/create', { companyId }, admin)
  await call(url, 'POST', '/mdm/api/v1/account/changeQuantity', { targetCompanyId: companyId, quantity: 5, huawei: true }, admin)
  const boss = await signIn(url, 'restart-boss', password)
  const { id: deviceId } = await call(url, 'POST', '/huawei/mdm/api/v1/device/add', { serialNumber: 'RESTART0001' }, boss)
  const { token: enrollmentToken } = await call(url, 'POST', '/huawei/mdm/api/v1/device/enrollmentToken', undefined, boss)
  const { credential } = await call(url, 'POST', '/agent/v1/enroll', { enrollmentToken, serialNumber: 'RESTART0001', platform: 'HUAWEI' })
  const queued: string[] = []
  for (let i = 0; i < TASKS; i++) queued.push((await call(url, 'POST', '/huawei/mdm/api/v1/device/command/check', { deviceId }, boss)).taskId)
  return { queued, credential: `Device ${credential}` }
}

/**
 * An agent polling in a loop (one task a poll), answering each task it receives; failed polls (the server is
 * down) are retried. Counts deliveries per task id.
 */
function pollingAgent(credential: string) {
  const deliveries = new Map<string, number>()
  let url = ''
  let stopped = false
  const loop = (async () => {
    while (!stopped) {
      try {
        const { tasks } = await call(url, 'POST', '/agent/v1/poll', { maxTasks: 1 }, credential)
        for (const t of tasks as { taskId: string }[]) {
          deliveries.set(t.taskId, (deliveries.get(t.taskId) ?? 0) + 1)
          await call(url, 'POST', '/agent/v1/result', { taskId: t.taskId, success: true }, credential)
        }
        if (!tasks.length) await new Promise((r) => setTimeout(r, 50))
      } catch {
        await new Promise((r) => setTimeout(r, 100))
      }
    }
  })()
  return {
    deliveries,
    pointAt: (next: string) => (url = next),
    stop: async () => {
      stopped = true
      await loop
    },
  }
}

async function until(condition: () => boolean, ms: number) {
  const end = Date.now() + ms
  while (!condition() && Date.now() < end) await new Promise((r) => setTimeout(r, 50))
}

async function killRestartDeliver(env: Record<string, string>) {
  let { child, url } = await startChild(env)
  try {
    const { queued, credential } = await queueCommands(url)
    const agent = pollingAgent(credential)
    agent.pointAt(url)
    // Kill while the agent is mid-stream: some tasks delivered, most still queued.
    await until(() => agent.deliveries.size >= 3, 10_000)
    child.kill('SIGKILL')
    await new Promise((r) => child.once('exit', r))
    const deliveredBefore = agent.deliveries.size
    ;({ child, url } = await startChild(env))
    agent.pointAt(url)
    await until(() => queued.every((id) => agent.deliveries.has(id)), 15_000)
    await new Promise((r) => setTimeout(r, 300)) // a duplicate would arrive now
    await agent.stop()
    expect(deliveredBefore).toBeGreaterThan(0)
    expect(deliveredBefore).toBeLessThan(TASKS)
    expect(Object.fromEntries(queued.map((id) => [id, agent.deliveries.get(id) ?? 0]))).toEqual(Object.fromEntries(queued.map((id) => [id, 1])))
  } finally {
    child.kill('SIGKILL')
  }
}

describe('restarts lose nothing', () => {
  it('on a PGlite folder: SIGKILL while the agent polls, restart, every queued command delivered exactly once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mdm-restart-'))
    folders.push(dir)
    await killRestartDeliver({ DATABASE_URL: path.join(dir, 'data'), MDM_SECRET_KEY_FILE: path.join(dir, 'secret.key'), MDM_CA_DIR: path.join(dir, 'ca') })
  }, 120_000)

  it.runIf(postgresUrl || process.env.CI)('on PostgreSQL: the same', async () => {
    if (!postgresUrl) throw new Error('CI 中必须设置 MDM_TEST_POSTGRES_URL（由 .ci/run 启动 PostgreSQL）')
    const db = await ownDatabase(postgresUrl, 'mdm_restart')
    const dir = mkdtempSync(path.join(tmpdir(), 'mdm-restart-'))
    folders.push(dir)
    try {
      await killRestartDeliver({ DATABASE_URL: db.url, MDM_SECRET_KEY_FILE: path.join(dir, 'secret.key'), MDM_CA_DIR: path.join(dir, 'ca') })
    } finally {
      await db.drop()
    }
  }, 120_000)
})

/**
 * Issue #16: N servers behind a load balancer on one PostgreSQL. Everything (queue, sessions, rate limits) is in
 * the database, so two real server processes on one database act as one: a command queued through one is delivered
 * through the other, and an agent whose polls alternate between them (as a balancer spreads them) gets every
 * command exactly once.
 */
describe.runIf(postgresUrl || process.env.CI)('two server processes on one PostgreSQL', () => {
  it('delivers through either what was queued through the other, each command exactly once', async () => {
    if (!postgresUrl) throw new Error('CI 中必须设置 MDM_TEST_POSTGRES_URL（由 .ci/run 启动 PostgreSQL）')
    const db = await ownDatabase(postgresUrl, 'mdm_two_servers')
    const dir = mkdtempSync(path.join(tmpdir(), 'mdm-two-'))
    folders.push(dir)
    const env = { DATABASE_URL: db.url, MDM_SECRET_KEY_FILE: path.join(dir, 'secret.key'), MDM_CA_DIR: path.join(dir, 'ca') }
    const a = await startChild(env)
    const b = await startChild(env)
    try {
      const { queued, credential } = await queueCommands(a.url)
      // Two agents' loops stand for one phone whose polls a balancer alternates: half go to A, half to B, racing.
      const viaB = pollingAgent(credential)
      viaB.pointAt(b.url)
      await until(() => viaB.deliveries.size > 0, 10_000)
      const viaA = pollingAgent(credential)
      viaA.pointAt(a.url)
      const delivered = () => new Set([...viaA.deliveries.keys(), ...viaB.deliveries.keys()])
      await until(() => queued.every((id) => delivered().has(id)), 20_000)
      await new Promise((r) => setTimeout(r, 300)) // a duplicate would arrive now
      await Promise.all([viaA.stop(), viaB.stop()])
      const times = (id: string) => (viaA.deliveries.get(id) ?? 0) + (viaB.deliveries.get(id) ?? 0)
      expect(Object.fromEntries(queued.map((id) => [id, times(id)]))).toEqual(Object.fromEntries(queued.map((id) => [id, 1])))
      // Both processes really served the phone.
      expect(viaB.deliveries.size).toBeGreaterThan(0)
      // A session made on A is honoured by B (sessions live in the database).
      const admin = await signIn(a.url, 'admin', 'Restart@2026')
      await expect(call(b.url, 'GET', '/mdm/api/v1/userCenter/menu', undefined, admin)).resolves.toBeTruthy()
    } finally {
      a.child.kill('SIGKILL')
      b.child.kill('SIGKILL')
      await db.drop()
    }
  }, 150_000)
})
