import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { tasks } from '../../src/server/db/schema'
import { irreversibleCommands } from '../../src/shared/domain/irreversible-commands'
import { harnessForFile } from './harness'
import { addDevice, HW, MI, setHuaweiQuota } from './huawei-helpers'
import { enrolledIphone, setIosQuota, tasksOf } from './apple-helpers'

const agentIrreversible = ['restoreSettings', 'exitControl']
const appleIrreversible = ['deviceErase', 'removeProfile', 'disownDevice', 'disableActivationLock']

const h = harnessForFile()

async function setup() {
  const boss = await h.login('demo')
  await setHuaweiQuota(h, h.demo.bossCompanyId, 5)
  const deviceId = await addDevice(h, boss, { serialNumber: 'IRREV001' })
  return { boss, deviceId }
}

async function setSecondary(token: string, secondaryPassword: string) {
  const res = await h.call('PUT', '/userCenter/updateSecondaryPassword', {
    token,
    json: { password: 'Demo@2026', secondaryPassword, confirmSecondaryPassword: secondaryPassword },
  })
  expect(res.body.code, res.text).toBe(200)
}

const queued = async (deviceId: number) => (await h.database.db.select().from(tasks).where(eq(tasks.deviceId, deviceId))).length

describe('secondary password before commands that cannot be undone', () => {
  it('names restoreSettings and exitControl, Apple’s erase, remove supervision, disown and remove activation lock, and not the commands that can be undone', () => {
    expect([...irreversibleCommands].sort()).toEqual(['deviceErase', 'disableActivationLock', 'disownDevice', 'exitControl', 'removeProfile', 'restoreSettings'])
  })

  // Issue #43 item 2: the demo boss has none by default, and an erase reached the device after one confirmation.
  it('refuses every one of them, Huawei’s, Mi’s and Apple’s, while the account has no secondary password set, and queues nothing', async () => {
    const { boss, deviceId } = await setup()
    const mi = await addDevice(h, boss, { serialNumber: 'IRREVMI1' }, MI)
    await setIosQuota(h, h.demo.bossCompanyId, 2)
    const { deviceId: iphone } = await enrolledIphone(h, boss)
    const sends = [
      ...agentIrreversible.flatMap((name) => [[`${HW}/device/command/${name}`, deviceId], [`${MI}/device/command/${name}`, mi]] as const),
      ...appleIrreversible.map((name) => [`/myDevice/${name}`, iphone] as const),
    ]
    for (const [path, id] of sends) {
      for (const secondaryPassword of [undefined, 'Any#2026x']) {
        const res = await h.call('POST', path, { token: boss, json: { deviceId: id, secondaryPassword } })
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 428, body: { code: 428, msg: '请先设置二级密码', data: null } })
      }
    }
    expect(await queued(deviceId)).toBe(0)
    expect(await queued(mi)).toBe(0)
    expect(await tasksOf(h, iphone)).toEqual([])
    const trail = await h.call('GET', '/audit/search?action=device.command&pageSize=50', { token: boss })
    const reasons = (trail.body.data.records as { outcome: string; reason: string }[]).map((r) => `${r.outcome}:${r.reason}`)
    expect(reasons).toEqual(sends.flatMap(() => ['REFUSED:请先设置二级密码', 'REFUSED:请先设置二级密码']))
  })

  it('refuses Apple’s four with a wrong secondary password, and takes the right one', async () => {
    const { boss } = await setup()
    await setIosQuota(h, h.demo.bossCompanyId, 2)
    const { deviceId } = await enrolledIphone(h, boss)
    await setSecondary(boss, 'Second@2026')
    for (const name of appleIrreversible) {
      const res = await h.call('POST', `/myDevice/${name}`, { token: boss, json: { deviceId, secondaryPassword: 'Nope@2026' } })
      expect({ name, body: res.body }).toEqual({ name, body: { code: 428, msg: '二级密码错误', data: null } })
    }
    expect(await tasksOf(h, deviceId)).toEqual([])
    const right = await h.call('POST', '/myDevice/deviceErase', { token: boss, json: { deviceId, secondaryPassword: 'Second@2026' } })
    expect(right.body).toMatchObject({ code: 200, msg: '一键抹掉成功' })
  })

  it('refuses Huawei’s and Mi’s with a wrong secondary password', async () => {
    const { boss, deviceId } = await setup()
    const mi = await addDevice(h, boss, { serialNumber: 'IRREVMI1' }, MI)
    await setSecondary(boss, 'Second@2026')
    for (const [base, id] of [[HW, deviceId], [MI, mi]] as const) {
      for (const name of agentIrreversible) {
        const res = await h.call('POST', `${base}/device/command/${name}`, { token: boss, json: { deviceId: id, secondaryPassword: 'Nope@2026' } })
        expect({ base, name, body: res.body }).toEqual({ base, name, body: { code: 428, msg: '二级密码错误', data: null } })
      }
    }
    expect(await queued(deviceId)).toBe(0)
    expect(await queued(mi)).toBe(0)
  })

  it('refuses a missing or wrong one and queues nothing; the right one is accepted; others need none', async () => {
    const { boss, deviceId } = await setup()
    await setSecondary(boss, 'Second@2026')
    const missing = await h.call('POST', `${HW}/device/command/restoreSettings`, { token: boss, json: { deviceId } })
    expect(missing.status).toBe(428)
    expect(missing.body).toEqual({ code: 428, msg: '请输入二级密码', data: null })
    const wrong = await h.call('POST', `${HW}/device/command/exitControl`, { token: boss, json: { deviceId, secondaryPassword: 'Nope@2026' } })
    expect(wrong.body).toEqual({ code: 428, msg: '二级密码错误', data: null })
    expect(await queued(deviceId)).toBe(0)
    // The login password is not the secondary password.
    const login = await h.call('POST', `${HW}/device/command/exitControl`, { token: boss, json: { deviceId, secondaryPassword: 'Demo@2026' } })
    expect(login.body.code).toBe(428)
    const right = await h.call('POST', `${HW}/device/command/restoreSettings`, { token: boss, json: { deviceId, secondaryPassword: 'Second@2026' } })
    expect(right.body.code).toBe(200)
    expect(await queued(deviceId)).toBe(1)
    const lock = await h.call('POST', `${HW}/device/command/lockScreen`, { token: boss, json: { deviceId } })
    expect(lock.body.code).toBe(200)

    // The refusals are failed attempts in the audit trail, the acceptance a success; no password is kept.
    const trail = await h.call('GET', '/audit/search?action=device.command&pageSize=50', { token: boss })
    const records = trail.body.data.records as { outcome: string; reason: string; summary: string }[]
    expect(records.filter((r) => r.outcome === 'REFUSED').map((r) => r.reason).sort()).toEqual(['二级密码错误', '二级密码错误', '请输入二级密码'])
    expect(records.filter((r) => r.outcome === 'SUCCESS').map((r) => r.summary).sort()).toEqual(['IRREV001：恢复出厂设置', 'IRREV001：锁屏'])
    expect(trail.text).not.toContain('Second@2026')
    expect(trail.text).not.toContain('Nope@2026')
  })

  it('tells the console whether the account has one (GET /userCenter/security)', async () => {
    const { boss } = await setup()
    expect((await h.call('GET', '/userCenter/security', { token: boss })).body.data.secondaryPasswordSet).toBe(false)
    await setSecondary(boss, 'Second@2026')
    expect((await h.call('GET', '/userCenter/security', { token: boss })).body.data.secondaryPasswordSet).toBe(true)
  })
})
