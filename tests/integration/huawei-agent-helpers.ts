import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { devices, tasks } from '../../src/server/db/schema'
import type { FetchLike, SimulatedAgent } from '../../src/sim/huawei-agent'
import type { Harness } from './harness'
import { addDevice, appFetch, command, detail, HW, issueToken, MI, simulator, taskStatus } from './huawei-helpers'

export const AGENT = '/agent/v1'

/**
 * 24 queued tasks, six polls at once: each task is delivered exactly once, oldest first within a poll. On PGlite the
 * polls are serialised by its single connection; on PostgreSQL (huawei-agent-postgres.test.ts) they really race.
 */
export async function racingPolls(harness: Harness, fetch: FetchLike, token: string) {
  const deviceId = await addDevice(harness, token, { serialNumber: `RACE${Date.now() % 100000}` })
  const [device] = await harness.database.db.select().from(devices).where(eq(devices.id, deviceId))
  const phone = simulator(fetch, { enrollmentToken: await issueToken(harness, token), serialNumber: device.serialNumber })
  await phone.enroll()
  await harness.database.db.insert(tasks).values(
    Array.from({ length: 24 }, (_, i) => ({
      taskId: `race-${deviceId}-${i}`,
      deviceId,
      companyId: device.companyId,
      type: 'check',
      payload: { n: i },
      createdAt: new Date(Date.now() - 1000 + i),
    })),
  )
  const poll = () =>
    fetch(`http://mdm.test${AGENT}/poll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Device ${phone.credential}` },
      body: JSON.stringify({ maxTasks: 5 }),
    }).then((r) => r.json())
  const polls = await Promise.all(Array.from({ length: 6 }, poll))
  const delivered: string[] = polls.flatMap((p) => p.data.tasks.map((t: { taskId: string }) => t.taskId))
  expect(new Set(delivered).size).toBe(delivered.length)
  expect(delivered.length).toBe(24)
  const statuses = await harness.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.deviceId, deviceId))
  expect(statuses.map((s) => s.status)).toEqual(Array(24).fill('SENT'))
  for (const p of polls) {
    // Never more than asked for: a claim that took more would mark tasks SENT that no answer carries.
    expect(p.data.tasks.length).toBeLessThanOrEqual(5)
    const order = p.data.tasks.map((t: { taskId: string }) => Number(t.taskId.split('-').pop()))
    expect(order).toEqual([...order].sort((x, y) => x - y))
  }
  expect((await poll()).data.tasks).toEqual([])
}

/**
 * The poll's one statement (issue #16) records the device, expires its overdue tasks and claims the rest. Racing
 * polls while commands keep being queued: every command queued is delivered exactly once, none lost; a task queued
 * too long and one sent without a result both end TIMEOUT and are never delivered.
 */
export async function racingPollsWhileQueueing(harness: Harness, fetch: FetchLike, token: string) {
  const deviceId = await addDevice(harness, token, { serialNumber: `RACEQ${Date.now() % 100000}` })
  const [device] = await harness.database.db.select().from(devices).where(eq(devices.id, deviceId))
  const phone = simulator(fetch, { enrollmentToken: await issueToken(harness, token), serialNumber: device.serialNumber })
  await phone.enroll()
  const old = new Date(Date.now() - 2 * 24 * 3600_000)
  await harness.database.db.insert(tasks).values([
    { taskId: `stale-queued-${deviceId}`, deviceId, companyId: device.companyId, type: 'check', createdAt: old },
    { taskId: `stale-sent-${deviceId}`, deviceId, companyId: device.companyId, type: 'check', status: 'SENT', createdAt: old, sentAt: old },
  ])
  const poll = () =>
    fetch(`http://mdm.test${AGENT}/poll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Device ${phone.credential}` },
      body: JSON.stringify({ maxTasks: 3 }),
    }).then((r) => r.json() as Promise<{ code: number; data: { tasks: { taskId: string }[] } }>)
  const queued: string[] = []
  const delivered: string[] = []
  const queueing = (async () => {
    for (let i = 0; i < 30; i++) {
      const { taskId } = await harness.services.tasks.enqueue({ deviceId, companyId: device.companyId, type: 'check', payload: { n: i }, createdBy: null })
      queued.push(taskId)
    }
  })()
  let done = false
  void queueing.finally(() => (done = true))
  const poller = async () => {
    while (!done) {
      const answer = await poll()
      expect(answer.code).toBe(200)
      delivered.push(...answer.data.tasks.map((t) => t.taskId))
    }
  }
  await Promise.all([queueing, poller(), poller(), poller(), poller()])
  // What was queued after the last racing poll.
  for (let answer = await poll(); answer.data.tasks.length; answer = await poll()) delivered.push(...answer.data.tasks.map((t) => t.taskId))
  expect(new Set(delivered).size).toBe(delivered.length)
  expect([...delivered].sort()).toEqual([...queued].sort())
  const stale = await harness.database.db.select({ taskId: tasks.taskId, status: tasks.status }).from(tasks).where(eq(tasks.deviceId, deviceId))
  expect(stale.filter((t) => t.taskId.startsWith('stale-')).map((t) => t.status)).toEqual(['TIMEOUT', 'TIMEOUT'])
  const [{ lastCommunicationTime }] = await harness.database.db.select({ lastCommunicationTime: devices.lastCommunicationTime }).from(devices).where(eq(devices.id, deviceId))
  expect(lastCommunicationTime!.getTime()).toBeGreaterThan(Date.now() - 60_000)
}

/**
 * The phone's side of a test file's harness: raw protocol calls and enrolled simulated phones, commanded from the
 * console by `boss()` (read at each call: the file signs the demo boss in again before each test).
 */
export function agentTestbed(h: Harness, boss: () => string) {
  let app: FetchLike | undefined
  /** The app's own request handler, made once the file's harness is open (it stays the same for the file). */
  const fetchApp: FetchLike = (input, init) => (app ??= appFetch(h))(input, init)

  /** A raw protocol call, the way an agent makes it. */
  async function agentCall(path: string, json: unknown, credential?: string, rawBody?: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (credential) headers.authorization = `Device ${credential}`
    const res = await fetchApp(`http://mdm.test${AGENT}${path}`, { method: 'POST', headers, body: rawBody ?? JSON.stringify(json) })
    const text = await res.text()
    return { status: res.status, body: JSON.parse(text), text }
  }

  /** A device added in the console and its simulated phone, enrolled. */
  async function enrolledPhone(options: Partial<Parameters<typeof simulator>[1]> = {}, base = HW) {
    const serialNumber = options.serialNumber ?? 'SIM0001'
    const deviceId = await addDevice(h, boss(), { serialNumber }, base)
    const phone = simulator(fetchApp, {
      enrollmentToken: await issueToken(h, boss(), base),
      serialNumber,
      platform: base === MI ? 'MI' : 'HUAWEI',
      model: 'ALN-AL00',
      name: 'HUAWEI Mate 60 Pro',
      osVersion: 'HarmonyOS 4.2',
      imei: '860000000000011',
      ...options,
    })
    const enrolled = await phone.enroll()
    expect(enrolled.deviceId).toBe(deviceId)
    return { deviceId, phone }
  }

  /** Sends a command from the console, lets the phone poll once, and answers the task as the console then sees it. */
  async function run(phone: SimulatedAgent, deviceId: number, name: string, base = HW) {
    const queued = await command(h, boss(), name, deviceId, base)
    expect(queued.body.code).toBe(200)
    const taskId = queued.body.data.taskId as string
    expect((await taskStatus(h, boss(), taskId)).data.status).toBe('QUEUED')
    const outcome = await phone.pollOnce()
    expect(outcome.executed.map((e) => e.task.taskId)).toContain(taskId)
    const status = await taskStatus(h, boss(), taskId)
    return { taskId, task: status.data, msg: queued.body.msg as string, device: (await detail(h, boss(), deviceId, base)).data }
  }

  return { fetchApp, agentCall, enrolledPhone, run }
}
