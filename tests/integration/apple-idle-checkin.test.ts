import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { devices } from '../../src/server/db/schema'
import { harnessForFile, statementsOf } from './harness'
import { enrolledIphone, setIosQuota } from './apple-helpers'
import { appleCommands } from '../../src/server/protocol/apple/commands'

const h = harnessForFile()

let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
  await setIosQuota(h, h.demo.bossCompanyId, 5)
})

const lastSeen = async (deviceId: number) => (await h.database.db.select().from(devices).where(eq(devices.id, deviceId)))[0].lastCommunicationTime

describe('an idle check-in with nothing queued (issue #44)', () => {
  it('is one statement (enrollment, its device seen and the claim), answers an empty 200 and marks the device seen', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    const before = await lastSeen(deviceId)
    let status = 0
    let text = ''
    // Twice: the first builds and prepares the statements, the second is what every later check-in costs.
    for (let i = 0; i < 2; i++) {
      const statements = await statementsOf(h, async () => {
        const res = await phone.send('ServerURL', { Status: 'Idle', UDID: phone.udid })
        ;[status, text] = [res.status, await res.text()]
      })
      expect(statements).toBe(1)
      expect([status, text]).toEqual([200, ''])
    }
    expect((await lastSeen(deviceId))!.getTime()).toBeGreaterThan(before!.getTime())
  })

  it('delivers a waiting command in that one statement, once, and records its answer before claiming the next', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    // Queued without the push the console's command sends (the simulated phone would answer that push at once).
    const enqueue = async (type: 'checkNetwork' | 'disableLostMode') =>
      (await h.services.tasks.enqueue({ deviceId, companyId: h.demo.bossCompanyId, type, payload: { ...appleCommands[type].requests()[0] }, createdBy: null })).taskId
    const first = await enqueue('checkNetwork')
    const second = await enqueue('disableLostMode')
    let text = ''
    const statements = await statementsOf(h, async () => {
      text = await (await phone.send('ServerURL', { Status: 'Idle', UDID: phone.udid })).text()
    })
    expect(statements).toBe(1)
    expect(text).toContain(first)
    // An answer is recorded first (its own statements), then the next command comes in the same answer.
    const next = await (await phone.send('ServerURL', { Status: 'Acknowledged', UDID: phone.udid, CommandUUID: first })).text()
    expect(next).toContain(second)
    expect(next).not.toContain(first)
  })

  it('after the phone checked out is refused and does not mark its device seen', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    expect((await phone.checkOut()).status).toBe(200)
    const before = await lastSeen(deviceId)
    expect((await phone.send('ServerURL', { Status: 'Idle', UDID: phone.udid })).status).toBe(401)
    expect(await lastSeen(deviceId)).toEqual(before)
  })
})
