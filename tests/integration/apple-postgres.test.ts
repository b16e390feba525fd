import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, ownDatabase, type Harness } from './harness'
import { deviceOf, iphone, markLost, queue, setIosQuota } from './apple-helpers'

/**
 * Apple's command endpoint on real PostgreSQL, where connections really run at once (on PGlite they are serialised
 * by its single connection): one device's connections racing never receive one command twice.
 */
const url = process.env.MDM_TEST_POSTGRES_URL

describe.runIf(url || process.env.CI)('Apple MDM on PostgreSQL', () => {
  let h: Harness
  let own: Awaited<ReturnType<typeof ownDatabase>> | undefined
  beforeAll(async () => {
    if (!url) throw new Error('CI 中必须设置 MDM_TEST_POSTGRES_URL（由 .ci/run 启动 PostgreSQL）')
    // A database of its own: test files run two at a time, and others use the same server.
    own = await ownDatabase(url, 'mdm_test_apple')
    h = await createHarness({}, own.url)
  })
  afterAll(async () => {
    await h?.close()
    await own?.drop()
  })

  it('hands each queued command to exactly one of many racing connections', async () => {
    await h.reset()
    const boss = await h.login('demo')
    await setIosQuota(h, h.demo.bossCompanyId, 5)
    const phone = await iphone(h, boss)
    await phone.enroll()
    const { device } = await deviceOf(h, phone)
    await markLost(h, device.id)
    const names = ['deviceLocation', 'playLostModeSound', 'installedApplicationList', 'checkNetwork', 'macLock', 'disableLostMode', 'clearPasscode', 'oneClickLockDown']
    for (const name of names) expect((await queue(h, boss, name, device.id, name === 'macLock' ? { pin: '123456' } : {})).body.code).toBe(200)
    const answers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const res = await phone.send('ServerURL', { Status: 'Idle', UDID: phone.udid })
        const text = await res.text()
        return text.trim() ? text.match(/<key>CommandUUID<\/key>\s*<string>([^<]+)<\/string>/)![1] : null
      }),
    )
    const ids = answers.filter((a): a is string => a !== null)
    expect(ids.length).toBe(names.length)
    expect(new Set(ids).size).toBe(names.length)
  })
})
