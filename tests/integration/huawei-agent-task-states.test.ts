import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { tasks } from '../../src/server/db/schema'
import { TASK_QUEUE_EXPIRY_MS, TASK_RESULT_TIMEOUT_MS } from '../../src/server/modules/task/service'
import { harnessForFile } from './harness'
import { agentTestbed } from './huawei-agent-helpers'
import { command, detail, HW, taskStatus } from './huawei-helpers'

/** The Huawei agent protocol (docs/agent-protocol.md): a task's life in the queue — timeouts, expiry, repeats, the log. */
const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})
const { agentCall, enrolledPhone } = agentTestbed(h, () => boss)

describe('task states', () => {
  it('a task whose result never comes back ends as TIMEOUT, and a late result is refused', async () => {
    const { deviceId, phone } = await enrolledPhone({ dropResults: ['reboot'] })
    const queued = (await command(h, boss, 'reboot', deviceId)).body.data.taskId
    const outcome = await phone.pollOnce()
    expect(outcome.executed[0].answer).toBeUndefined()
    expect((await taskStatus(h, boss, queued)).data.status).toBe('SENT')
    await h.database.db
      .update(tasks)
      .set({ sentAt: new Date(Date.now() - TASK_RESULT_TIMEOUT_MS - 1000) })
      .where(eq(tasks.taskId, queued))
    const log = await h.call('GET', `${HW}/device/task/search?deviceId=${deviceId}`, { token: boss })
    expect(log.body.data.records[0]).toMatchObject({ taskId: queued, status: 'TIMEOUT', errorMessage: '设备未在规定时间内返回结果' })
    expect(log.body.data.pendingCount).toBe(0)
    const late = await agentCall('/result', { taskId: queued, success: true }, phone.credential!)
    expect(late.body.msg).toBe('任务已结束，不能重复上报结果')
  })

  it('a task left queued too long expires instead of being delivered', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const queued = (await command(h, boss, 'lockScreen', deviceId)).body.data.taskId
    await h.database.db
      .update(tasks)
      .set({ createdAt: new Date(Date.now() - TASK_QUEUE_EXPIRY_MS - 1000) })
      .where(eq(tasks.taskId, queued))
    expect((await phone.pollOnce()).executed).toEqual([])
    expect((await taskStatus(h, boss, queued)).data).toMatchObject({ status: 'TIMEOUT', errorMessage: '设备长时间未连接，任务已过期' })
  })

  it('a command pressed twice while queued is queued once', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const [a, b] = await Promise.all([command(h, boss, 'lockScreen', deviceId), command(h, boss, 'lockScreen', deviceId)])
    expect(a.body.data.taskId).toBe(b.body.data.taskId)
    const other = (await command(h, boss, 'unlockScreen', deviceId)).body.data.taskId
    expect(other).not.toBe(a.body.data.taskId)
    expect((await phone.pollOnce()).executed).toHaveLength(2)
    const next = (await command(h, boss, 'lockScreen', deviceId)).body.data.taskId
    expect(next).not.toBe(a.body.data.taskId)
  })

  it('lock → unlock → lock while the phone is offline queues all three, and the phone ends locked', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const sent: string[] = []
    for (const name of ['lockScreen', 'unlockScreen', 'lockScreen']) sent.push((await command(h, boss, name, deviceId)).body.data.taskId)
    expect(new Set(sent).size).toBe(3)
    // A double press of the newest queued command is still answered with its task.
    expect((await command(h, boss, 'lockScreen', deviceId)).body.data.taskId).toBe(sent[2])
    const outcome = await phone.pollOnce()
    expect(outcome.executed.map((e) => [e.task.taskId, e.task.type])).toEqual([
      [sent[0], 'lockScreen'],
      [sent[1], 'unlockScreen'],
      [sent[2], 'lockScreen'],
    ])
    expect(phone.state.locked).toBe(true)
    expect((await detail(h, boss, deviceId)).data.state.locked).toBe(true)
  })

  it('lists tasks newest first with paging and the pending count', async () => {
    const { deviceId, phone } = await enrolledPhone()
    for (const name of ['check', 'lockScreen', 'unlockScreen']) {
      await command(h, boss, name, deviceId)
      await phone.pollOnce()
    }
    await command(h, boss, 'reboot', deviceId)
    const page1 = await h.call('GET', `${HW}/device/task/search?deviceId=${deviceId}&current=1&pageSize=2`, { token: boss })
    expect(page1.body.data).toMatchObject({ total: 4, pendingCount: 1 })
    expect(page1.body.data.records.map((r: { type: string; status: string }) => [r.type, r.status])).toEqual([
      ['reboot', 'QUEUED'],
      ['unlockScreen', 'DONE'],
    ])
    const page2 = await h.call('GET', `${HW}/device/task/search?deviceId=${deviceId}&current=2&pageSize=2`, { token: boss })
    expect(page2.body.data.records.map((r: { type: string }) => r.type)).toEqual(['lockScreen', 'check'])
  })
})
