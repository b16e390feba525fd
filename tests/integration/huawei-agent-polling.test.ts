import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { devices } from '../../src/server/db/schema'
import { AgentService } from '../../src/server/protocol/agent/service'
import { hashToken } from '../../src/server/auth/sessions'
import { harnessForFile, statementsOf } from './harness'
import { agentTestbed, AGENT, racingPolls, racingPollsWhileQueueing } from './huawei-agent-helpers'
import { command, detail, taskStatus } from './huawei-helpers'

/** The Huawei agent protocol (docs/agent-protocol.md): an enrolled phone polling for tasks and reporting results. */
const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})
const { fetchApp, agentCall, enrolledPhone } = agentTestbed(h, () => boss)

describe('polling', () => {
  it('needs the device’s own credential', async () => {
    for (const headers of [{}, { authorization: 'Device dc_wrong' }, { authorization: `Bearer ${boss}` }] as Record<string, string>[]) {
      const res = await fetchApp(`http://mdm.test${AGENT}/poll`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' })
        .then(async (r) => ({ status: r.status, body: await r.json() }))
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ code: 401, msg: '设备凭证无效，请重新接入', data: null })
    }
  })

  it('updates lastCommunicationTime and the reported state on every poll', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const old = new Date(Date.now() - 30 * 3600_000)
    await h.database.db.update(devices).set({ lastCommunicationTime: old }).where(eq(devices.id, deviceId))
    expect((await detail(h, boss, deviceId)).data.status).toBe('error')
    phone.state.battery = 42
    expect(await phone.pollOnce()).toEqual({ executed: [] })
    const after = (await detail(h, boss, deviceId)).data
    expect(after.status).toBe('success')
    expect(Date.parse(after.lastCommunicationTime)).toBeGreaterThan(Date.now() - 5000)
    expect(after.state).toMatchObject({ battery: 42, poweredOn: true, locked: false })
  })

  it('refuses a state it could not store or show, naming the field, and keeps the state it had', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const poll = (state: unknown) => agentCall('/poll', { state }, phone.credential ?? undefined)
    expect((await poll({ wipedAt: 'not a date' })).body).toEqual({ code: 400, msg: '恢复出厂时间格式不正确', data: null })
    expect((await poll({ runningApp: 'com.a\u0000' })).body).toEqual({ code: 400, msg: '当前应用包含无效字符，请删除后重试', data: null })
    expect((await poll({ battery: 1e30 })).body.msg).toBe('电量数值过大')
    expect((await poll(null)).body.msg).toBe('设备状态不能为空')
    expect((await detail(h, boss, deviceId)).data.state.wipedAt ?? null).toBeNull()
    expect((await poll({ wipedAt: '2026-11-21T08:00:00.000Z' })).body.code).toBe(200)
  })

  it('delivers a task to the device’s own credential only, and refuses a result for another device’s task', async () => {
    const a = await enrolledPhone({ serialNumber: 'SIMA' })
    const b = await enrolledPhone({ serialNumber: 'SIMB' })
    const bTask = (await command(h, boss, 'lockScreen', b.deviceId)).body.data.taskId
    const aPoll = await agentCall('/poll', {}, a.phone.credential!)
    expect(aPoll.body.data.tasks).toEqual([])
    const bPoll = await agentCall('/poll', {}, b.phone.credential!)
    expect(bPoll.body.data.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([bTask])
    const stolen = await agentCall('/result', { taskId: bTask, success: true }, a.phone.credential!)
    const missing = await agentCall('/result', { taskId: 'no-such-task', success: true }, a.phone.credential!)
    expect(stolen.status).toBe(404)
    expect(stolen.body).toEqual(missing.body)
    expect(stolen.body.msg).toBe('任务不存在')
    expect((await taskStatus(h, boss, bTask)).data.status).toBe('SENT')
    expect((await detail(h, boss, b.deviceId)).data.state.locked).toBe(false)
  })

  it('a poll does not overwrite state that a result committed after the poll’s credential was presented', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const taskId = (await command(h, boss, 'lockScreen', deviceId)).body.data.taskId
    expect((await agentCall('/poll', {}, phone.credential!)).body.data.tasks).toHaveLength(1)
    // A second poll has presented its credential when the lock's result commits …
    const agent = new AgentService({ ...h.services, pollIntervalSeconds: h.services.config.agentPollSeconds })
    const polling = { hash: hashToken(phone.credential!) }
    expect((await agentCall('/result', { taskId, success: true }, phone.credential!)).body.data.status).toBe('DONE')
    // … and then stores what it was told: the lock must survive it (merged in SQL, never from a copy read before).
    await agent.poll(polling, { state: { battery: 40 } })
    expect((await detail(h, boss, deviceId)).data.state).toMatchObject({ locked: true, battery: 40, poweredOn: true })
  })

  it('delivers every queued task exactly once when polls race', async () => {
    await racingPolls(h, fetchApp, boss)
  })

  it('delivers every command exactly once while polls race with commands being queued, and expires overdue tasks instead', async () => {
    await racingPollsWhileQueueing(h, fetchApp, boss)
  })

  it('validates results: a failure needs a reason, unknown fields are refused, a result is taken once', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const taskId = (await command(h, boss, 'check', deviceId)).body.data.taskId
    const beforeDelivery = await agentCall('/result', { taskId, success: true }, phone.credential!)
    expect(beforeDelivery.body).toEqual({ code: 409, msg: '任务尚未下发给设备', data: null })
    await agentCall('/poll', {}, phone.credential!)
    expect((await agentCall('/result', { taskId, success: false }, phone.credential!)).body.msg).toBe('失败原因不能为空')
    expect((await agentCall('/result', { taskId, success: true, extra: 1 }, phone.credential!)).body.msg).toBe('不支持的字段：extra')
    expect((await agentCall('/poll', { state: { battery: 101 } }, phone.credential!)).body.msg).toBe('电量不能大于100')
    const done = await agentCall('/result', { taskId, success: true, data: { online: true } }, phone.credential!)
    expect(done.body.data).toEqual({ taskId, status: 'DONE' })
    const again = await agentCall('/result', { taskId, success: false, reason: 'x' }, phone.credential!)
    expect(again.body).toEqual({ code: 409, msg: '任务已结束，不能重复上报结果', data: null })
  })

  it('takes a result in two statements (issue #44: a fleet-wide lock answered by every agent at once) and applies it whole', async () => {
    const { deviceId, phone } = await enrolledPhone()
    // Twice: the first builds and prepares the statements, the second is what every later result costs.
    for (const name of ['lockScreen', 'getDeviceInfo']) {
      const taskId = (await command(h, boss, name, deviceId)).body.data.taskId
      await agentCall('/poll', {}, phone.credential!)
      const data = name === 'getDeviceInfo' ? { model: 'BRA-AL00', osVersion: 'HarmonyOS 5.0', battery: 77 } : undefined
      let answer: Awaited<ReturnType<typeof agentCall>> | undefined
      const statements = await statementsOf(h, async () => {
        answer = await agentCall('/result', { taskId, success: true, data, state: { runningApp: 'com.example.shop' } }, phone.credential!)
      })
      expect(answer!.body.data).toEqual({ taskId, status: 'DONE' })
      expect(statements).toBeLessThanOrEqual(2)
    }
    const seen = (await detail(h, boss, deviceId)).data
    // The lock's implied state, the reported state and the device information, each kept; the name it had stays.
    expect(seen.state).toMatchObject({ locked: true, battery: 77, runningApp: 'com.example.shop', poweredOn: true })
    expect(seen).toMatchObject({ model: 'BRA-AL00', osVersion: 'HarmonyOS 5.0', name: 'HUAWEI Mate 60 Pro' })
    // A refused result (a bad device information) changes neither the task nor the device.
    const taskId = (await command(h, boss, 'getDeviceInfo', deviceId)).body.data.taskId
    await agentCall('/poll', {}, phone.credential!)
    expect((await agentCall('/result', { taskId, success: true, data: { battery: 'full' }, state: { locked: false } }, phone.credential!)).status).toBe(400)
    expect((await taskStatus(h, boss, taskId)).data.status).toBe('SENT')
    expect((await detail(h, boss, deviceId)).data.state.locked).toBe(true)
  })
})
