import { eq } from 'drizzle-orm'
import { parse } from 'plist'
import { beforeEach, describe, expect, it } from 'vitest'
import { auditLog, tasks } from '../../src/server/db/schema'
import { myDeviceEndpoints } from '../../src/shared/contract/my-device'
import { appleDeviceText, appleMdmText } from '../../src/shared/messages/apple'
import { harnessForFile } from './harness'
import { enrolledIphone, iosDetail, queue, sendAndRun, setIosQuota, taskOf, tasksOf } from './apple-helpers'

const h = harnessForFile({ commandAnswerWaitMs: 3000 })
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
  await setIosQuota(h, h.demo.bossCompanyId, 10)
})

const why = appleDeviceText.unavailable
const record = async (deviceId: number) => (await iosDetail(h, boss, deviceId)).data

describe('lost mode, pay mode and erase change what the device record says once the device reports', () => {
  it('enableLostMode with a message and phone: the phone shows them, the record says lostStatus; location and sound then work; disableLostMode ends it', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    expect((await record(deviceId)).lostStatus).toBe(false)
    const queued = await queue(h, boss, 'enableLostMode', deviceId, { message: '此手机已丢失', phoneNumber: '021-12345678', footnote: '谢谢' })
    expect(queued.body).toMatchObject({ code: 200, msg: '丢失成功' })
    // Queued is not done: nothing changes before the device answers.
    expect((await record(deviceId)).lostStatus).toBe(false)
    await phone.checkIn()
    expect(phone.lockScreen).toEqual({ message: '此手机已丢失', phoneNumber: '021-12345678' })
    expect(await taskOf(h, boss, queued.body.data.taskId)).toMatchObject({ status: 'DONE', type: 'enableLostMode', deferredAt: null })
    expect(await record(deviceId)).toMatchObject({
      lostStatus: true, payMode: false, lostModeInfo: { message: '此手机已丢失', phoneNumber: '021-12345678', footnote: '谢谢' },
    })

    const located = await sendAndRun(h, boss, phone, 'deviceLocation', deviceId)
    expect(located.task.status).toBe('DONE')
    expect((await record(deviceId)).location).toMatchObject({ latitude: phone.state.location.latitude, longitude: phone.state.location.longitude, horizontalAccuracy: 15 })
    const sound = await sendAndRun(h, boss, phone, 'playLostModeSound', deviceId)
    expect(sound).toMatchObject({ res: { msg: '播放丢失声音成功' }, task: { status: 'DONE' } })
    expect(phone.state.soundsPlayed).toBe(1)

    const off = await sendAndRun(h, boss, phone, 'disableLostMode', deviceId)
    expect(off).toMatchObject({ res: { msg: '解除丢失成功' }, task: { status: 'DONE' } })
    expect(phone.lockScreen).toBeNull()
    expect(await record(deviceId)).toMatchObject({ lostStatus: false, lostModeInfo: null })
    // Location and sound are for lost mode only: refused with the reason the console shows.
    expect((await queue(h, boss, 'deviceLocation', deviceId)).body).toEqual({ code: 400, msg: why.notInLostMode, data: null })
  })

  it('openPayMode: the phone’s lock screen shows the payment notice and the record says payMode; closePayMode ends it', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    expect((await queue(h, boss, 'closePayMode', deviceId)).body.msg).toBe(why.notInPayMode)
    const open = await sendAndRun(h, boss, phone, 'openPayMode', deviceId)
    expect(open).toMatchObject({ res: { msg: '开启支付模式成功' }, task: { status: 'DONE' } })
    expect(phone.lockScreen?.message).toBe(appleMdmText.payModeMessage)
    expect(await record(deviceId)).toMatchObject({ payMode: true, lostStatus: true, lostModeInfo: { message: appleMdmText.payModeMessage } })
    // Lost mode enabled over it replaces the payment notice.
    await sendAndRun(h, boss, phone, 'enableLostMode', deviceId, { message: '已挂失' })
    expect(await record(deviceId)).toMatchObject({ payMode: false, lostStatus: true })
    await sendAndRun(h, boss, phone, 'openPayMode', deviceId, { message: '请缴纳本月租金', phoneNumber: '4001234567' })
    expect(phone.lockScreen).toEqual({ message: '请缴纳本月租金', phoneNumber: '4001234567' })
    const close = await sendAndRun(h, boss, phone, 'closePayMode', deviceId)
    expect(close).toMatchObject({ res: { msg: '关闭支付模式成功' }, task: { status: 'DONE' } })
    expect(await record(deviceId)).toMatchObject({ payMode: false, lostStatus: false })
  })

  it('deviceErase (一键抹掉成功): the device is wiped and no longer enrolled; it then takes no MDM command', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    await sendAndRun(h, boss, phone, 'enableLostMode', deviceId)
    const erase = await sendAndRun(h, boss, phone, 'deviceErase', deviceId)
    expect(erase).toMatchObject({ res: { msg: '一键抹掉成功' }, task: { status: 'DONE' } })
    expect(phone.state).toMatchObject({ erased: true, enrolled: false, lostMode: null })
    expect(await record(deviceId)).toMatchObject({ enrolled: false, wiped: true, lostStatus: false, payMode: false, unlockTokenReported: false })
    expect((await queue(h, boss, 'checkNetwork', deviceId)).body).toEqual({ code: 400, msg: why.wiped, data: null })
    // Enrolling again (a new profile) makes it a managed device again.
    const again = await enrolledIphone(h, boss, { serialNumber: (await record(deviceId)).serialNumber })
    expect(again.deviceId).toBe(deviceId)
    expect(await record(deviceId)).toMatchObject({ enrolled: true, wiped: false })
  })
})

describe('what a device cannot take is refused with the reason the console shows', () => {
  it('a recycled device takes no command and nothing is queued', async () => {
    const { deviceId } = await enrolledIphone(h, boss)
    await h.call('POST', '/myDevice/putInRecycle', { token: boss, json: { deviceId } })
    for (const name of ['checkNetwork', 'enableLostMode', 'disownDevice', 'showActivationLockPassword']) {
      expect((await queue(h, boss, name, deviceId)).body).toEqual({ code: 400, msg: why.recycled, data: null })
    }
    expect(await tasksOf(h, deviceId)).toEqual([])
  })

  it('once the device reported it is not supervised, supervised-only commands are refused; the others still go', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss, { supervised: false })
    // Reported by the enrollment's own DeviceInformation, and again by a check.
    expect((await record(deviceId)).supervised).toBe(false)
    const check = await sendAndRun(h, boss, phone, 'checkNetwork', deviceId)
    expect(check.task).toMatchObject({ status: 'DONE', result: { IsSupervised: false } })
    expect(await record(deviceId)).toMatchObject({ supervised: false, activationLockEnabled: false })
    for (const name of ['enableLostMode', 'openPayMode', 'activationLock', 'scheduleOSUpdate', 'showActivationLockPassword']) {
      expect((await queue(h, boss, name, deviceId)).body).toEqual({ code: 400, msg: why.notSupervised, data: null })
    }
    expect((await sendAndRun(h, boss, phone, 'oneClickLockDown', deviceId)).task.status).toBe('DONE')
    expect(phone.lockScreen?.message).toBe(appleMdmText.lockDownMessage)
  })

  it('a device registered but not enrolled takes no MDM command', async () => {
    const { body } = await h.call('POST', '/myDevice/register', { token: boss, json: { serialNumber: 'NOTYET1', confirmSerialNumber: 'NOTYET1' } })
    expect((await queue(h, boss, 'installedApplicationList', body.data.id)).body).toEqual({ code: 400, msg: why.notEnrolled, data: null })
  })
})

describe('command parameters', () => {
  it('macLock sends DeviceLock with the 6-digit PIN, kept out of the stored task; a bad PIN or a pinConfirm is refused', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    for (const [json, msg] of [
      [{ pin: '12345' }, '密码必须是6位数字'],
      [{ pin: '12345a' }, '密码必须是6位数字'],
      [{}, '密码不能为空'],
      [{ pin: '123456', pinConfirm: '123456' }, '不支持的字段：pinConfirm'],
    ] as const) {
      expect((await queue(h, boss, 'macLock', deviceId, json)).body).toEqual({ code: 400, msg, data: null })
    }
    const res = await queue(h, boss, 'macLock', deviceId, { pin: '246810' })
    expect(res.body).toMatchObject({ code: 200, msg: '锁定MAC成功' })
    const [stored] = await tasksOf(h, deviceId)
    expect(JSON.stringify(stored.payload)).not.toContain('246810')
    const sent = await phone.send('ServerURL', { Status: 'Idle', UDID: phone.udid })
    expect((parse(await sent.text()) as { Command: Record<string, unknown> }).Command).toMatchObject({ RequestType: 'DeviceLock', PIN: '246810' })
  })

  it('scheduleOSUpdate always asks InstallAction Default and answers the taskId, followed to DONE', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    const res = await queue(h, boss, 'scheduleOSUpdate', deviceId, { installAction: 'InstallASAP', productVersion: '17.6' })
    expect(res.body).toMatchObject({ code: 200, data: { taskId: expect.any(String) } })
    const [stored] = await tasksOf(h, deviceId)
    expect(stored.payload).toEqual({ requestType: 'ScheduleOSUpdate', params: { Updates: [{ InstallAction: 'Default', ProductVersion: '17.6' }] } })
    await phone.checkIn()
    expect((await taskOf(h, boss, res.body.data.taskId)).status).toBe('DONE')
    expect((await queue(h, boss, 'scheduleOSUpdate', deviceId, { productVersion: 'latest' })).body).toEqual({ code: 400, msg: '系统版本格式不正确，如 17.5.1', data: null })
  })

  it('enableLostMode refuses a phone that is not one, and a message longer than a lock screen takes', async () => {
    const { deviceId } = await enrolledIphone(h, boss)
    expect((await queue(h, boss, 'enableLostMode', deviceId, { phoneNumber: '12345' })).body.msg).toBe('电话号码格式不正确，请输入11位手机号或带区号的座机号')
    expect((await queue(h, boss, 'enableLostMode', deviceId, { message: 'x'.repeat(201) })).body.msg).toBe('提示信息长度不能超过200个字符')
  })
})

describe('showActivationLockPassword', () => {
  it('answers the bypass code the device reports within the request; it is stored only sealed and never in the audit trail', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    const asking = h.call('POST', '/myDevice/showActivationLockPassword', { token: boss, json: { deviceId } })
    await new Promise((resolve) => setTimeout(resolve, 100))
    await phone.checkIn()
    const res = await asking
    expect(res.body).toMatchObject({ code: 200, data: { password: phone.state.bypassCode, taskId: expect.any(String) } })
    const [task] = await tasksOf(h, deviceId)
    expect(JSON.stringify(task)).not.toContain(phone.state.bypassCode.slice(0, 11))
    expect(JSON.stringify(await h.database.db.select().from(auditLog))).not.toContain(phone.state.bypassCode.slice(0, 11))
    // Another user who may see the device (the administrator) does not get it from the task.
    const adminView = await h.call('GET', `/task/status?taskId=${res.body.data.taskId}`, { token: await h.login('admin') })
    expect(adminView.body.data).toMatchObject({ status: 'DONE', result: null })
  })
})

describe('secondary password', () => {
  it('erase, remove supervision, disown and remove activation lock need it when the account has one', async () => {
    const { deviceId } = await enrolledIphone(h, boss)
    const set = await h.call('PUT', '/userCenter/updateSecondaryPassword', { token: boss, json: { password: 'Demo@2026', secondaryPassword: 'Second#2026', confirmSecondaryPassword: 'Second#2026' } })
    expect(set.body.code).toBe(200)
    for (const name of ['deviceErase', 'removeProfile', 'disownDevice', 'disableActivationLock']) {
      expect((await queue(h, boss, name, deviceId, { secondaryPassword: undefined })).body.code).toBe(428) // sent without
      expect((await queue(h, boss, name, deviceId, { secondaryPassword: 'wrong' })).body.code).toBe(428)
    }
    expect(await tasksOf(h, deviceId)).toEqual([])
    expect((await queue(h, boss, 'deviceErase', deviceId, { secondaryPassword: 'Second#2026' })).body).toMatchObject({ code: 200, msg: '一键抹掉成功' })
    // Apple Business Manager is not configured here: a clear refusal, never a silent success.
    expect((await queue(h, boss, 'disownDevice', deviceId, { secondaryPassword: 'Second#2026' })).body.msg).toContain('未配置苹果商务管理')
  })
})

describe('task status', () => {
  it('a command the device answered NotNow reads as still waiting: QUEUED with deferredAt, then DONE when it runs', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    phone.busy = true
    const { res, task } = await sendAndRun(h, boss, phone, 'checkNetwork', deviceId)
    expect(task).toMatchObject({ status: 'QUEUED', errorMessage: null, finishedAt: null })
    expect(task.deferredAt).not.toBeNull()
    const [row] = await h.database.db.select().from(tasks).where(eq(tasks.taskId, res.data.taskId))
    expect(row.status).toBe('QUEUED')
    phone.busy = false
    await phone.checkIn()
    expect(await taskOf(h, boss, res.data.taskId)).toMatchObject({ status: 'DONE', deferredAt: expect.any(String) })
  })

  it('every MDM command endpoint ends DONE through the simulated iPhone, with the table’s success message', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    const params: Record<string, Record<string, unknown>> = { macLock: { pin: '135790' }, enableLostMode: { message: '请归还' } }
    const order = [
      'checkNetwork', 'installedApplicationList', 'clearPasscode', 'activationLock', 'oneClickLockDown', 'macLock', 'scheduleOSUpdate',
      'enableLostMode', 'deviceLocation', 'playLostModeSound', 'disableLostMode', 'openPayMode', 'closePayMode', 'removeProfile',
    ] as const
    for (const name of order) {
      const { res, task } = await sendAndRun(h, boss, phone, name, deviceId, params[name] ?? {})
      expect({ name, msg: res.msg, status: task.status }).toEqual({ name, msg: myDeviceEndpoints.command[name].success, status: 'DONE' })
    }
    // 删除监管: the phone checked out; the record is no longer enrolled.
    expect(await record(deviceId)).toMatchObject({ enrolled: false, wiped: false })
  })
})
