import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { tasks } from '../../src/server/db/schema'
import { TASK_QUEUE_EXPIRY_MS } from '../../src/server/modules/task/service'
import { harnessForFile } from './harness'
import { addDevice, command, HW, setHuaweiQuota, taskStatus } from './huawei-helpers'
import { makeTenant } from './org-builders'

/** Huawei devices and their tasks stay within their tenant: a foreign device or task answers like a missing one. */
const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})

describe('tenancy', () => {
  it('a device of another company answers exactly like a missing one, for every device route', async () => {
    const other = await makeTenant(h, { quota: { HUAWEI: 10 }, signIn: true })
    const foreign = await addDevice(h, other.token, { serialNumber: 'FOREIGN1' })
    const foreignTask = (await command(h, other.token, 'lockScreen', foreign)).body.data.taskId
    const missing = 2_147_000_000
    for (const [method, path, body] of [
      ['POST', '/device/command/lockScreen', (id: number) => ({ deviceId: id })],
      ['POST', '/device/command/exitControl', (id: number) => ({ deviceId: id })],
      ['GET', '/device/detail?deviceId=', null],
      ['GET', '/device/task/search?deviceId=', null],
      ['PUT', '/device/updateRentUserInfo', (id: number) => ({ deviceId: id, renterName: '某人' })],
      ['POST', '/device/putInRecycle', (id: number) => ({ deviceId: id })],
      ['POST', '/device/move', (id: number) => ({ deviceId: id, targetCompanyId: h.demo.eastCompanyId })],
    ] as const) {
      const send = (id: number) =>
        body ? h.call(method, `${HW}${path}`, { token: boss, json: body(id) }) : h.call(method, `${HW}${path}${id}`, { token: boss })
      const [a, b] = [await send(foreign), await send(missing)]
      expect(a.status, path).toBe(404)
      expect(a.body, path).toEqual(b.body)
      expect(a.body.msg).toBe('设备不存在')
    }
    expect((await taskStatus(h, boss, foreignTask))).toEqual(await taskStatus(h, boss, 'missing-task'))
    const [row] = await h.database.db.select().from(tasks).where(eq(tasks.taskId, foreignTask))
    expect(row.status).toBe('QUEUED')
    expect(await h.database.db.select().from(tasks)).toHaveLength(1)
  })

  it('asking about another tenant’s overdue task changes nothing there', async () => {
    const other = await makeTenant(h, { quota: { HUAWEI: 10 }, signIn: true })
    const foreign = await addDevice(h, other.token, { serialNumber: 'FOREIGN2' })
    const queued = (await command(h, other.token, 'lockScreen', foreign)).body.data.taskId
    const sent = (await command(h, other.token, 'reboot', foreign)).body.data.taskId
    const long = Date.now() - TASK_QUEUE_EXPIRY_MS - 1000
    await h.database.db.update(tasks).set({ createdAt: new Date(long) }).where(eq(tasks.taskId, queued))
    await h.database.db.update(tasks).set({ status: 'SENT', sentAt: new Date(long) }).where(eq(tasks.taskId, sent))
    for (const taskId of [queued, sent]) {
      expect(await taskStatus(h, boss, taskId)).toEqual({ code: 404, msg: '任务不存在', data: null })
    }
    const rows = await h.database.db.select({ taskId: tasks.taskId, status: tasks.status }).from(tasks).where(eq(tasks.deviceId, foreign))
    expect(Object.fromEntries(rows.map((r) => [r.taskId, r.status]))).toEqual({ [queued]: 'QUEUED', [sent]: 'SENT' })
    // Its owner's own question does expire them.
    expect((await taskStatus(h, other.token, queued)).data.status).toBe('TIMEOUT')
  })

  it('a child company cannot command its sibling’s device; the boss can', async () => {
    await setHuaweiQuota(h, h.demo.westCompanyId, 1)
    const westDevice = await addDevice(h, boss, { serialNumber: 'WEST0001', companyId: h.demo.westCompanyId })
    const east = await h.login('demo-east')
    expect((await command(h, east, 'lockScreen', westDevice)).body).toEqual({ code: 404, msg: '设备不存在', data: null })
    expect((await command(h, await h.login('demo-west'), 'lockScreen', westDevice)).body.code).toBe(200)
  })
})
