import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { tasks } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { makeDevice } from './org-builders'

const h = harnessForFile()
const HUAWEI = '/huawei/mdm/api/v1'

/**
 * Issue #43 item 3: a device record says whether its unfinished commands reached it, so that its card and detail use
 * the task log's word (排队中 while all wait for the phone, 已下发 once one was fetched), not one of their own.
 */
describe('pendingTaskStatus', () => {
  it('is null without unfinished tasks, QUEUED while they wait for the phone, SENT once one reached it', async () => {
    const boss = await h.login('demo')
    const device = await makeDevice(h, { serialNumber: 'PENDING0001', lastCommunicationTime: new Date(Date.now() - 72 * 3_600_000) })
    const record = async () => {
      const list = await h.call('GET', `${HUAWEI}/device/search?current=1&pageSize=10&serialNumber=PENDING0001`, { token: boss })
      const detail = await h.call('GET', `${HUAWEI}/device/detail?deviceId=${device.id}`, { token: boss })
      expect(list.body.data.records[0].pendingTaskStatus).toBe(detail.body.data.pendingTaskStatus)
      return detail.body.data as { pendingTaskCount: number; pendingTaskStatus: string | null }
    }
    expect(await record()).toMatchObject({ pendingTaskCount: 0, pendingTaskStatus: null })
    const sent = await h.call('POST', `${HUAWEI}/device/command/lockScreen`, { token: boss, json: { deviceId: device.id } })
    expect(sent.body.code, sent.text).toBe(200)
    expect(await record()).toMatchObject({ pendingTaskCount: 1, pendingTaskStatus: 'QUEUED' })
    await h.database.db.update(tasks).set({ status: 'SENT' }).where(eq(tasks.deviceId, device.id))
    expect(await record()).toMatchObject({ pendingTaskCount: 1, pendingTaskStatus: 'SENT' })
  })
})
