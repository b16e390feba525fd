import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { afterEach, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { devices } from '../../src/server/db/schema'
import { seedDemoDevices } from '../../src/server/demo/seed-devices'
import { demoIphones, startDemoIphones } from '../../src/server/demo/iphones'
import { harnessForFile } from './harness'
import { iosQuota, queue } from './apple-helpers'

const h = harnessForFile()
let cleanup: (() => Promise<void>) | null = null
afterEach(async () => {
  await cleanup?.()
  cleanup = null
})

it('demo mode runs simulated iPhones in the demo companies over HTTP; a command reaches one by polling', async () => {
  await seedDemoDevices(h.database.db, h.demo)
  const server = serve({ fetch: createApp(h.services).fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const demo = await startDemoIphones(h.services, url)
  cleanup = async () => {
    demo.stop()
    await new Promise((resolve) => server.close(resolve))
  }
  // Every demo iPhone but the one whose profile installation stopped after Authenticate runs enrolled.
  expect(demo.phones.map((p) => p.state.enrolled)).toEqual(demoIphones.filter((d) => d.show !== 'notEnrolled').map(() => true))
  const rows = await h.database.db.select().from(devices).where(eq(devices.platform, 'IOS'))
  expect(rows.map((r) => r.serialNumber).sort()).toEqual(demoIphones.map((d) => d.serialNumber).sort())
  expect(rows.find((r) => r.serialNumber === 'F2LXDEMO0004')!.companyId).toBe(h.demo.eastCompanyId)
  expect((await iosQuota(h, h.demo.eastCompanyId)).remainingQuantity).toBe(4)

  // A restart enrolls the same phones again (new identities) without consuming quota.
  demo.stop()
  const again = await startDemoIphones(h.services, url)
  cleanup = async () => {
    again.stop()
    await new Promise((resolve) => server.close(resolve))
  }
  expect((await iosQuota(h, h.demo.eastCompanyId)).remainingQuantity).toBe(4)
  expect((await h.database.db.select().from(devices).where(eq(devices.platform, 'IOS'))).length).toBe(demoIphones.length)

  const boss = await h.login('demo')
  const target = rows.find((r) => r.serialNumber === 'F2LXDEMO0001')!
  expect((await queue(h, boss, 'enableLostMode', target.id, { message: '演示丢失' })).body.code).toBe(200)
  await expect
    .poll(async () => (await h.database.db.select().from(devices).where(eq(devices.id, target.id)))[0].state.lostMode, { timeout: 15_000, interval: 500 })
    .toBe(true)

  // The list shows variety: one in lost mode, supervised and unsupervised ones, one not enrolled.
  const bySerial = async () => {
    const res = await h.call('GET', '/myDevice/search?pageSize=50', { token: boss })
    return Object.fromEntries((res.body.data.records as { serialNumber: string }[]).map((r) => [r.serialNumber, r])) as Record<string, Record<string, unknown>>
  }
  await expect
    .poll(async () => {
      const r = await bySerial()
      return [r.F2LXDEMO0002.lostStatus, r.F2LXDEMO0001.supervised, r.F2LXDEMO0003.supervised, r.F2LXDEMO0005.enrolled]
    }, { timeout: 20_000, interval: 500 })
    .toEqual([true, true, false, false])
}, 60_000)
