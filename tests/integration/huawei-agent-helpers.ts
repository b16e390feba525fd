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
    const order = p.data.tasks.map((t: { taskId: string }) => Number(t.taskId.split('-').pop()))
    expect(order).toEqual([...order].sort((x, y) => x - y))
  }
  expect((await poll()).data.tasks).toEqual([])
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
