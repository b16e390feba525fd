import { expect, it } from 'vitest'
import { demoDevices, seedDemoDevices } from '../../src/server/demo/seed-devices'
import { harnessForFile } from './harness'

const h = harnessForFile()

it('the demo fleet is consistent: a phone that was heard from has enrolled, the one never seen has not', async () => {
  await seedDemoDevices(h.database.db, h.demo)
  const boss = await h.login('demo')
  const seen: Record<string, { enrolled: boolean; lastCommunicationTime: string | null }> = {}
  for (const area of ['/huawei/mdm/api/v1', '/huawei/mdm/api/v1/mi']) {
    const res = await h.call('GET', `${area}/device/search?current=1&pageSize=50`, { token: boss })
    for (const r of res.body.data.records) seen[r.serialNumber] = r
  }
  // The ones with a simulated agent enroll when it starts (not here); the others are as the demo describes them.
  const away = demoDevices.filter((d) => !d.agent)
  expect(away.map((d) => [d.serialNumber, seen[d.serialNumber]?.enrolled])).toEqual(away.map((d) => [d.serialNumber, d.lastSeenHours !== null]))
  expect(away.filter((d) => d.lastSeenHours === null).length).toBeGreaterThan(0)
  for (const d of away) expect(seen[d.serialNumber].lastCommunicationTime === null).toBe(d.lastSeenHours === null)
})
