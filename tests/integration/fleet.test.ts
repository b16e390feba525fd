import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { devices, tasks } from '../../src/server/db/schema'
import { fleetCommandTasks } from '../../src/server/db/schema-fleet'
import { harnessForFile } from './harness'
import { agentTestbed } from './huawei-agent-helpers'
import { addDevice, HW } from './huawei-helpers'
import { enrolledIphone, setIosQuota } from './apple-helpers'

/** Fleet-wide commands (issue #44): every device a search matches, in one request, with progress from its tasks. */
const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})
const { enrolledPhone } = agentTestbed(h, () => boss)

const total = async (path: string, query = '') => (await h.call('GET', `${path}?current=1&pageSize=1${query}`, { token: boss })).body.data.total as number

describe('a fleet-wide command', () => {
  it('locks every Huawei device a search matches (not a page), reports progress and outcomes, and sends nothing when the list changed', async () => {
    const { deviceId, phone } = await enrolledPhone({ serialNumber: 'FLEET0001' })
    for (const serialNumber of ['FLEET0002', 'FLEET0003']) await addDevice(h, boss, { serialNumber })
    const all = await total(`${HW}/device/search`)
    expect(all).toBeGreaterThan(1)
    // The total the user saw is no longer right: nothing is queued.
    const before = (await h.database.db.select().from(tasks)).length
    const stale = await h.call('POST', `${HW}/device/fleet/command`, { token: boss, json: { filters: {}, command: 'lockScreen', expected: all + 1 } })
    expect(stale.body).toMatchObject({ code: 400, msg: `符合条件的设备已从 ${all + 1} 台变为 ${all} 台，请刷新列表确认后再下发` })
    expect((await h.database.db.select().from(tasks)).length).toBe(before)
    // Apple's pay mode is not an agent command.
    expect((await h.call('POST', `${HW}/device/fleet/command`, { token: boss, json: { filters: {}, command: 'openPayMode', expected: all } })).body.code).toBe(400)

    const sent = await h.call('POST', `${HW}/device/fleet/command`, { token: boss, json: { filters: {}, command: 'lockScreen', expected: all } })
    expect(sent.body).toMatchObject({ code: 200, data: { total: all } })
    const { batchId } = sent.body.data
    const linked = await h.database.db.select().from(fleetCommandTasks).where(eq(fleetCommandTasks.batchId, batchId))
    expect(new Set(linked.map((l) => l.deviceId)).size).toBe(all)
    const status = async () => (await h.call('GET', `${HW}/device/fleet/status?batchId=${batchId}&current=1&pageSize=100`, { token: boss })).body.data
    expect((await status()).counts).toEqual({ QUEUED: all, SENT: 0, DONE: 0, ERROR: 0, TIMEOUT: 0 })
    // The simulated phone polls, locks itself and reports: its outcome is DONE, the others still wait.
    await phone.pollOnce()
    expect(phone.state.locked).toBe(true)
    const after = await status()
    expect(after.counts).toMatchObject({ QUEUED: all - 1, DONE: 1 })
    expect(after.records.find((r: { deviceId: number }) => r.deviceId === deviceId)).toMatchObject({ serialNumber: 'FLEET0001', status: 'DONE' })
    expect(after.total).toBe(all)

    // A search narrows it: one serial, one device.
    const one = await h.call('POST', `${HW}/device/fleet/command`, { token: boss, json: { filters: { serialNumber: 'FLEET0001' }, command: 'unlockScreen', expected: 1 } })
    expect(one.body.data.total).toBe(1)
  })

  it('opens pay mode on every matching iPhone and wakes them; another user cannot read the batch', async () => {
    await setIosQuota(h, h.demo.bossCompanyId, 5)
    const { phone, deviceId } = await enrolledIphone(h, boss)
    await h.database.db.update(devices).set({ state: { supervised: true } }).where(eq(devices.id, deviceId))
    const [serial] = await h.database.db.select({ s: devices.serialNumber }).from(devices).where(eq(devices.id, deviceId))
    const sent = await h.call('POST', '/myDevice/fleet/command', {
      token: boss,
      json: { filters: { serialNumber: serial.s }, command: 'openPayMode', expected: 1, message: '租期已到，请续费', phoneNumber: '13900000000' },
    })
    expect(sent.body).toMatchObject({ code: 200, data: { total: 1 } })
    expect(await h.services.fleet.wakeBatch(sent.body.data.batchId)).toBe(1)
    await phone.checkIn()
    expect(phone.state.lostMode).toMatchObject({ message: '租期已到，请续费', phoneNumber: '13900000000' })
    const read = (token: string) => h.call('GET', `/myDevice/fleet/status?batchId=${sent.body.data.batchId}`, { token })
    expect((await read(boss)).body.data.counts).toMatchObject({ DONE: 1 })
    // Another tenant's user asks for the batch by its id: not found, as a missing one.
    const other = await h.login('demo-east')
    expect((await read(other)).body).toMatchObject({ code: 404 })
    expect((await h.call('GET', '/myDevice/fleet/status?batchId=nope', { token: boss })).body).toMatchObject({ code: 404 })
  })
})
