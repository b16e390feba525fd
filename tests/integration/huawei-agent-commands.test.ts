import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { roles, tasks } from '../../src/server/db/schema'
import { sealStoredSecrets } from '../../src/server/startup/seal-stored'
import { harnessForFile } from './harness'
import { agentTestbed } from './huawei-agent-helpers'
import { command, detail, HW, MI, taskStatus } from './huawei-helpers'

/** The Huawei agent protocol (docs/agent-protocol.md): each console command carried out by a simulated phone. */
const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})
const { agentCall, enrolledPhone, run } = agentTestbed(h, () => boss)

describe('every command through a simulated phone', () => {
  it('lockScreen and unlockScreen lock and unlock the phone', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const locked = await run(phone, deviceId, 'lockScreen')
    expect(locked.msg).toBe('锁屏成功')
    expect(locked.task).toMatchObject({ status: 'DONE', type: 'lockScreen', createdByName: '演示老板' })
    expect(locked.task.finishedAt).not.toBeNull()
    expect(locked.device.state.locked).toBe(true)
    expect(phone.state.locked).toBe(true)
    const unlocked = await run(phone, deviceId, 'unlockScreen')
    expect(unlocked.msg).toBe('解锁成功')
    expect(unlocked.task.status).toBe('DONE')
    expect(unlocked.device.state.locked).toBe(false)
    expect(phone.state.locked).toBe(false)
  })

  it('getLockPasscode returns the passcode to the console, not to the task log; clearPasscode removes it', async () => {
    const { deviceId, phone } = await enrolledPhone({ passcode: '246810' })
    expect((await detail(h, boss, deviceId)).data.state.passcodeSet).toBe(true)
    const asked = await run(phone, deviceId, 'getLockPasscode')
    expect(asked.task).toMatchObject({ status: 'DONE', result: { password: '246810' } })
    const log = await h.call('GET', `${HW}/device/task/search?deviceId=${deviceId}`, { token: boss })
    expect(log.body.data.records[0]).toMatchObject({ taskId: asked.taskId, result: null })
    expect(log.text).not.toContain('246810')
    // Stored sealed: a copy of the database does not give the passcode away.
    const [stored] = await h.database.db.select().from(tasks).where(eq(tasks.taskId, asked.taskId))
    expect(JSON.stringify(stored.result)).not.toContain('246810')
    expect(stored.result).toEqual({ sealed: expect.stringMatching(/^v1\./) })
    // A result stored in plain before sealing existed still reaches its author, and is sealed at the next start.
    await h.database.db.update(tasks).set({ result: { password: '246810' } }).where(eq(tasks.taskId, asked.taskId))
    expect((await taskStatus(h, boss, asked.taskId)).data.result).toEqual({ password: '246810' })
    expect(await sealStoredSecrets(h.database.db, h.services.secrets)).toEqual({ accessKeys: 0, taskResults: 1 })
    const [resealed] = await h.database.db.select().from(tasks).where(eq(tasks.taskId, asked.taskId))
    expect(resealed.result).toEqual({ sealed: expect.stringMatching(/^v1\./) })
    expect((await taskStatus(h, boss, asked.taskId)).data.result).toEqual({ password: '246810' })
    const cleared = await run(phone, deviceId, 'clearPasscode')
    expect(cleared.msg).toBe('清除锁屏密码成功')
    expect(cleared.device.state.passcodeSet).toBe(false)
    expect(phone.state.passcode).toBe('')
    const empty = await run(phone, deviceId, 'getLockPasscode')
    expect(empty.task.result).toEqual({ password: '' })
  })

  it('shows the lock passcode only to the user who asked for it, while they hold the command authority', async () => {
    const { deviceId, phone } = await enrolledPhone({ passcode: '246810' })
    // The staff member sees the device: it is assigned to them.
    await h.call('POST', `${HW}/device/move`, { token: boss, json: { deviceId, targetStaffId: h.demo.staffId } })
    const staff = await h.login('demo-staff')
    const bossAsked = await run(phone, deviceId, 'getLockPasscode')
    expect(bossAsked.task.result).toEqual({ password: '246810' })
    const seenByStaff = await h.call('GET', `/task/status?taskId=${bossAsked.taskId}`, { token: staff })
    expect(seenByStaff.body.data).toMatchObject({ taskId: bossAsked.taskId, status: 'DONE', result: null })
    expect(seenByStaff.text).not.toContain('246810')

    const staffAsked = (await command(h, staff, 'getLockPasscode', deviceId)).body.data.taskId
    await phone.pollOnce()
    expect((await taskStatus(h, staff, staffAsked)).data.result).toEqual({ password: '246810' })
    expect((await taskStatus(h, boss, staffAsked)).data).toMatchObject({ status: 'DONE', result: null })
    // Without the command authority the staff member no longer reads even their own answer.
    await h.database.db.update(roles).set({ authorities: ['huawei:device'] }).where(eq(roles.id, h.demo.staffRoleId))
    const demoted = await h.call('GET', `/task/status?taskId=${staffAsked}`, { token: staff })
    expect(demoted.body.data).toMatchObject({ status: 'DONE', result: null })
    expect(demoted.text).not.toContain('246810')
    // Results without a secret stay readable to everyone who sees the device.
    const checked = (await command(h, boss, 'check', deviceId)).body.data.taskId
    await phone.pollOnce()
    expect((await taskStatus(h, staff, checked)).data.result).toMatchObject({ online: true })
  })

  it('runApp, backDesktop and logOff change what the phone shows', async () => {
    const { deviceId, phone } = await enrolledPhone({ defaultApp: 'com.rental.launcher' })
    const ran = await run(phone, deviceId, 'runApp')
    expect(ran.msg).toBe('运行应用成功')
    expect(ran.device.state.runningApp).toBe('com.rental.launcher')
    const home = await run(phone, deviceId, 'backDesktop')
    expect(home.msg).toBe('返回桌面成功')
    expect(home.device.state.runningApp).toBeNull()
    await run(phone, deviceId, 'runApp')
    const out = await run(phone, deviceId, 'logOff')
    expect(out.msg).toBe('注销成功')
    expect(out.device.state).toMatchObject({ loggedIn: false, runningApp: null })
  })

  it('check and getDeviceInfo report back; device info updates the device', async () => {
    const { deviceId, phone } = await enrolledPhone({ osVersion: 'HarmonyOS 4.2', battery: 55 })
    const checked = await run(phone, deviceId, 'check')
    expect(checked.msg).toBe('检查成功')
    expect(checked.task).toMatchObject({ status: 'DONE', result: { online: true, battery: 55 } })
    phone.options.osVersion = 'HarmonyOS 5.0'
    const info = await run(phone, deviceId, 'getDeviceInfo')
    expect(info.msg).toBe('更新成功')
    expect(info.device).toMatchObject({ osVersion: 'HarmonyOS 5.0', model: 'ALN-AL00', imei: '860000000000011', state: { battery: 55 } })
  })

  it.each(['shutdown', 'reboot'])('%s powers the phone off until its next poll', async (name) => {
    const { deviceId, phone } = await enrolledPhone()
    const res = await run(phone, deviceId, name)
    expect(res.msg).toBe(name === 'shutdown' ? '关机成功' : '重启成功')
    expect(res.task.status).toBe('DONE')
    expect(res.device.state.poweredOn).toBe(false)
    // A rebooted phone is on its way back (the console says 重启中, not 关机); a shut-down one is not.
    expect(res.device.state.restarting).toBe(name === 'reboot')
    const lastSeen = res.device.lastCommunicationTime
    const queued = (await command(h, boss, 'check', deviceId)).body.data.taskId
    expect(await phone.pollOnce()).toEqual({ skipped: 'poweredOff', executed: [] })
    expect((await detail(h, boss, deviceId)).data.lastCommunicationTime).toBe(lastSeen)
    expect((await taskStatus(h, boss, queued)).data.status).toBe('QUEUED')
    const back = await phone.pollOnce()
    expect(back.executed.map((e) => e.task.taskId)).toEqual([queued])
    expect((await detail(h, boss, deviceId)).data.state).toMatchObject({ poweredOn: true, restarting: false })
    // Only the server says a phone is restarting: an agent that reports it is refused.
    expect((await agentCall('/poll', { state: { restarting: true } }, phone.credential!)).status).toBe(400)
  })

  it.each(['shutdown', 'reboot'])('a task after %s in the same batch leaves the phone off', async (name) => {
    const { deviceId, phone } = await enrolledPhone()
    const down = (await command(h, boss, name, deviceId)).body.data.taskId
    const lock = (await command(h, boss, 'lockScreen', deviceId)).body.data.taskId
    const polled = await phone.pollOnce()
    expect(polled.executed.map((e) => [e.task.taskId, e.answer?.status])).toEqual([[down, 'DONE'], [lock, 'DONE']])
    // The lock's result, sent on the phone's way down, neither powers it on nor ends the reboot's 重启中.
    expect((await detail(h, boss, deviceId)).data.state).toMatchObject({ poweredOn: false, restarting: name === 'reboot', locked: true })
    expect(await phone.pollOnce()).toEqual({ skipped: 'poweredOff', executed: [] })
    await phone.pollOnce()
    expect((await detail(h, boss, deviceId)).data.state).toMatchObject({ poweredOn: true, restarting: false, locked: true })
  })

  it('restoreSettings wipes the phone, which enrolls again with a new credential', async () => {
    const { deviceId, phone } = await enrolledPhone({ passcode: '1234' })
    await run(phone, deviceId, 'lockScreen')
    const oldCredential = phone.credential!
    const res = await run(phone, deviceId, 'restoreSettings')
    expect(res.msg).toBe('恢复出厂设置成功')
    expect(res.task.status).toBe('DONE')
    expect(res.device).toMatchObject({ enrolled: false, state: { locked: false, passcodeSet: false, loggedIn: false } })
    expect(res.device.state.wipedAt).toEqual(expect.any(String))
    expect(phone.state).toMatchObject({ locked: false, passcode: '', runningApp: null })
    expect((await agentCall('/poll', {}, oldCredential)).status).toBe(401)
    await phone.pollOnce()
    expect(phone.credential).not.toBe(oldCredential)
    expect((await detail(h, boss, deviceId)).data.enrolled).toBe(true)
  })

  it('exitControl ends management: the phone stops polling and its credential is refused', async () => {
    const { deviceId, phone } = await enrolledPhone()
    const oldCredential = phone.credential!
    const res = await run(phone, deviceId, 'exitControl')
    expect(res.msg).toBe('退出管控成功')
    expect(res.task.status).toBe('DONE')
    expect(res.device).toMatchObject({ enrolled: false, state: { controlled: false } })
    expect(await phone.pollOnce()).toEqual({ skipped: 'leftManagement', executed: [] })
    expect((await agentCall('/poll', {}, oldCredential)).body.code).toBe(401)
  })

  it('a failure is recorded as ERROR with the phone’s reason and changes nothing', async () => {
    const { deviceId, phone } = await enrolledPhone({ failCommands: { lockScreen: '设备管理权限被关闭' } })
    const res = await run(phone, deviceId, 'lockScreen')
    expect(res.task).toMatchObject({ status: 'ERROR', errorMessage: '设备管理权限被关闭', result: null })
    expect(res.device.state.locked).toBe(false)
  })

  it('works the same for a Mi phone under the Mi area', async () => {
    const { deviceId, phone } = await enrolledPhone({ serialNumber: 'MISIM01' }, MI)
    const res = await run(phone, deviceId, 'lockScreen', MI)
    expect(res.task.status).toBe('DONE')
    expect(res.device).toMatchObject({ platform: 'MI', state: { locked: true } })
    // The Huawei area does not see or command Mi devices.
    expect((await command(h, boss, 'lockScreen', deviceId)).body).toEqual({ code: 404, msg: '设备不存在', data: null })
  })
})
