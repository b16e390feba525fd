import { eq } from 'drizzle-orm'
import { parse } from 'plist'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { devices, tasks } from '../../src/server/db/schema'
import { repushWaitingPhones } from '../../src/server/protocol/apple/repush'
import { harnessForFile } from './harness'
import { deviceOf, iphone, markLost, queue, setIosQuota, tasksOf } from './apple-helpers'

// The bypass-code request waits for the device only briefly here: these tests answer for the device themselves.
const h = harnessForFile({ commandAnswerWaitMs: 300 })

let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
  await setIosQuota(h, h.demo.bossCompanyId, 5)
})

const rewrite = (url: string) => url.replace(/^https?:\/\/[^/]+/, 'http://mdm.test')

async function enrolled(options: Parameters<typeof iphone>[2] = {}) {
  const phone = await iphone(h, boss, { rewriteUrl: rewrite, ...options })
  await phone.enroll()
  const { device } = await deviceOf(h, phone)
  return { phone, deviceId: device.id }
}

/** One raw exchange at the ServerURL: the phone's answer, and the server's next command (null: empty 200). */
async function exchange(phone: Awaited<ReturnType<typeof enrolled>>['phone'], answer: Record<string, unknown>) {
  const res = await phone.send('ServerURL', { UDID: phone.udid, ...answer })
  expect(res.status).toBe(200)
  const text = await res.text()
  return text.trim() ? (parse(text) as { CommandUUID: string; Command: Record<string, unknown> }) : null
}

describe('command endpoint', () => {
  it('delivers a queued command once; the device state changes only when it acknowledges', async () => {
    const { phone, deviceId } = await enrolled()
    const queued = await queue(h, boss, 'enableLostMode', deviceId, { message: '此设备已丢失', phoneNumber: '13800000000' })
    expect(queued.body).toMatchObject({ code: 200, msg: '丢失成功' })
    const taskId = queued.body.data.taskId
    const sent = await exchange(phone, { Status: 'Idle' })
    expect(sent).toEqual({ CommandUUID: taskId, Command: { RequestType: 'EnableLostMode', Message: '此设备已丢失', PhoneNumber: '13800000000' } })
    expect((await deviceOf(h, phone)).device.state.lostMode).toBeUndefined()
    expect((await tasksOf(h, deviceId))[0].status).toBe('SENT')
    // A second connection finds nothing more.
    expect(await exchange(phone, { Status: 'Idle' })).toBeNull()
    expect(await exchange(phone, { Status: 'Acknowledged', CommandUUID: taskId })).toBeNull()
    const [task] = await tasksOf(h, deviceId)
    expect(task.status).toBe('DONE')
    expect((await deviceOf(h, phone)).device.state).toMatchObject({ lostMode: true, lostModeInfo: { message: '此设备已丢失', phoneNumber: '13800000000' } })
    // Answered twice: nothing changes.
    await h.database.db.update(tasks).set({ finishedAt: new Date(0) }).where(eq(tasks.id, task.id))
    expect(await exchange(phone, { Status: 'Error', CommandUUID: taskId, ErrorChain: [{ LocalizedDescription: 'late' }] })).toBeNull()
    expect((await tasksOf(h, deviceId))[0]).toMatchObject({ status: 'DONE', finishedAt: new Date(0) })
  })

  it('NotNow keeps the command queued; it is delivered again at the next check-in, exactly once', async () => {
    const { phone, deviceId } = await enrolled()
    await markLost(h, deviceId)
    const taskId = (await queue(h, boss, 'deviceLocation', deviceId)).body.data.taskId
    expect((await exchange(phone, { Status: 'Idle' }))?.CommandUUID).toBe(taskId)
    expect(await exchange(phone, { Status: 'NotNow', CommandUUID: taskId })).toBeNull()
    expect((await tasksOf(h, deviceId))[0]).toMatchObject({ status: 'QUEUED', sentAt: null })
    expect((await tasksOf(h, deviceId))[0].deferredAt).not.toBeNull()
    expect((await exchange(phone, { Status: 'Idle' }))?.CommandUUID).toBe(taskId)
    expect(await exchange(phone, { Status: 'Idle' })).toBeNull()
    expect(await exchange(phone, { Status: 'Acknowledged', CommandUUID: taskId, Latitude: 31.2, Longitude: 121.5 })).toBeNull()
    expect((await deviceOf(h, phone)).device.state.location).toMatchObject({ latitude: 31.2, longitude: 121.5 })
    expect((await tasksOf(h, deviceId)).map((t) => t.status)).toEqual(['DONE'])
  })

  it('Error stores the ErrorChain and shows its first LocalizedDescription', async () => {
    const { phone, deviceId } = await enrolled()
    await markLost(h, deviceId)
    const taskId = (await queue(h, boss, 'playLostModeSound', deviceId)).body.data.taskId
    await exchange(phone, { Status: 'Idle' })
    const chain = [
      { ErrorCode: 12067, ErrorDomain: 'MCMDMErrorDomain', LocalizedDescription: '设备未处于丢失模式。', USEnglishDescription: 'Device is not in lost mode.' },
      { ErrorCode: 1, ErrorDomain: 'Other', LocalizedDescription: 'second' },
    ]
    await exchange(phone, { Status: 'Error', CommandUUID: taskId, ErrorChain: chain })
    const [task] = await tasksOf(h, deviceId)
    expect(task).toMatchObject({ status: 'ERROR', errorMessage: '设备未处于丢失模式。', result: { status: 'Error', errorChain: chain } })
    const status = await h.call('GET', `/task/status?taskId=${taskId}`, { token: boss })
    expect(status.body.data).toMatchObject({ status: 'ERROR', errorMessage: '设备未处于丢失模式。' })
  })

  it('a report for another device’s command changes nothing', async () => {
    const a = await enrolled()
    const b = await enrolled()
    await markLost(h, a.deviceId)
    const taskId = (await queue(h, boss, 'deviceLocation', a.deviceId)).body.data.taskId
    await exchange(a.phone, { Status: 'Idle' })
    expect(await exchange(b.phone, { Status: 'Acknowledged', CommandUUID: taskId, Latitude: 1, Longitude: 1 })).toBeNull()
    expect((await tasksOf(h, a.deviceId))[0].status).toBe('SENT')
    expect((await deviceOf(h, a.phone)).device.state.location).toBeUndefined()
    expect((await deviceOf(h, b.phone)).device.state.location).toBeUndefined()
  })

  it('two connections of one device racing never receive one command twice', async () => {
    const { phone, deviceId } = await enrolled()
    await markLost(h, deviceId)
    for (const name of ['deviceLocation', 'playLostModeSound', 'installedApplicationList', 'checkNetwork', 'macLock', 'disableLostMode']) {
      await queue(h, boss, name, deviceId, name === 'macLock' ? { pin: '123456' } : {})
    }
    const got = await Promise.all(Array.from({ length: 8 }, () => exchange(phone, { Status: 'Idle' })))
    const ids = got.filter((g) => g !== null).map((g) => g!.CommandUUID)
    expect(ids.length).toBe(6)
    expect(new Set(ids).size).toBe(6)
  })
})

describe('queueing commands', () => {
  it('ClearPasscode carries the UnlockToken, filled in at delivery and never stored in the task', async () => {
    const { phone, deviceId } = await enrolled()
    const res = await queue(h, boss, 'clearPasscode', deviceId)
    expect(res.body.msg).toBe('清除锁屏密码成功')
    const [task] = await tasksOf(h, deviceId)
    expect(JSON.stringify(task.payload)).not.toContain('unlock')
    const sent = await exchange(phone, { Status: 'Idle' })
    expect(Buffer.from(sent!.Command.UnlockToken as Uint8Array).toString()).toBe(`unlock-${phone.udid}`)
  })

  it('web-service commands answer that Apple Business Manager is not configured, and queue nothing', async () => {
    const { deviceId } = await enrolled()
    for (const name of ['disableActivationLock', 'disownDevice']) {
      const res = await queue(h, boss, name, deviceId)
      expect(res.body.code).toBe(400)
      expect(res.body.msg).toContain('未配置')
    }
    expect(await tasksOf(h, deviceId)).toEqual([])
  })

  it('refuses unknown devices, foreign ones, bad parameters and devices not enrolled', async () => {
    const { deviceId } = await enrolled()
    expect((await queue(h, boss, 'enableLostMode', 999999)).body.code).toBe(404)
    const east = await h.login('demo-east')
    expect((await queue(h, east, 'enableLostMode', deviceId)).body.code).toBe(404)
    expect((await queue(h, boss, 'scheduleOSUpdate', deviceId, { productVersion: 'x' })).body.code).toBe(400)
    expect((await queue(h, boss, 'enableLostMode', deviceId, { unknown: 1 })).body.code).toBe(400)
    expect((await h.call('POST', '/myDevice/enableLostMode', { token: boss, json: { deviceId: 'abc' } })).body.code).toBe(400)
    const phone = (await iphone(h, boss, { rewriteUrl: rewrite }))
    await phone.send('CheckInURL', phone.authenticateMessage())
    const half = (await deviceOf(h, phone)).device.id
    expect((await queue(h, boss, 'deviceLocation', half)).body).toMatchObject({ code: 400, msg: '设备尚未通过 MDM 注册，无法下发指令' })
    expect(await tasksOf(h, half)).toEqual([])
  })
})

describe('secret answers', () => {
  it('the Activation Lock bypass code is stored sealed and shown only to the user who asked', async () => {
    const { phone, deviceId } = await enrolled()
    // The device does not answer within the request: the answer says so (password null) and the task follows it.
    const asked = await queue(h, boss, 'showActivationLockPassword', deviceId)
    expect(asked.body.data.password).toBeNull()
    const taskId = asked.body.data.taskId
    await phone.checkIn()
    const [task] = await tasksOf(h, deviceId)
    expect(JSON.stringify(task.result)).not.toContain(phone.state.bypassCode)
    const mine = await h.call('GET', `/task/status?taskId=${taskId}`, { token: boss })
    expect(mine.body.data).toMatchObject({ status: 'DONE', result: { activationLockBypassCode: phone.state.bypassCode } })
  })
})

describe('waking the device', () => {
  it('pushes PushMagic to the device token after queueing; a token APNs refuses is not pushed to again until TokenUpdate', async () => {
    const { phone, deviceId } = await enrolled()
    await markLost(h, deviceId)
    const pushes: { token: string; pushMagic: string; topic: string }[] = []
    // The services hold one APNs client: answer as APNs does for a token it refuses.
    const push = vi.spyOn(h.services.apns, 'push').mockImplementation((target) => (pushes.push(target), Promise.resolve('invalid-token' as const)))
    try {
      await queue(h, boss, 'deviceLocation', deviceId)
      const { enrollment } = await deviceOf(h, phone)
      expect(pushes).toEqual([{ token: phone.pushToken.toString('hex'), pushMagic: enrollment.pushMagic, topic: phone.topic }])
      expect(enrollment.pushTokenInvalidAt).not.toBeNull()
      await queue(h, boss, 'playLostModeSound', deviceId)
      expect(pushes).toHaveLength(1)
      // The device still picks both up at its next check-in.
      expect(await phone.checkIn()).toBe(2)
      await phone.send('CheckInURL', phone.tokenUpdateMessage())
      expect((await deviceOf(h, phone)).enrollment.pushTokenInvalidAt).toBeNull()
    } finally {
      push.mockRestore()
    }
  })

  it('pushes a phone again as a command waits for it (1 min, 5 min …), only while it has not checked in since', async () => {
    const { phone, deviceId } = await enrolled()
    await markLost(h, deviceId)
    await queue(h, boss, 'deviceLocation', deviceId)
    const [task] = (await tasksOf(h, deviceId)).filter((t) => t.status === 'QUEUED')
    const at = (ms: number) => new Date(task.createdAt.getTime() + ms)
    const woken: number[] = []
    const wake = async (enrollment: { deviceId: number }) => void woken.push(enrollment.deviceId)
    // Consecutive windows of the job's turns: the 1-minute mark falls in one of them only.
    expect(await repushWaitingPhones(h.database.db, wake, at(0), at(50_000))).toBe(0)
    expect(await repushWaitingPhones(h.database.db, wake, at(50_000), at(110_000))).toBe(1)
    expect(await repushWaitingPhones(h.database.db, wake, at(110_000), at(170_000))).toBe(0)
    expect(await repushWaitingPhones(h.database.db, wake, at(290_000), at(350_000))).toBe(1)
    expect(woken).toEqual([deviceId, deviceId])
    // Once the phone checked in (and has its command), the 30-minute mark pushes nothing.
    await phone.checkIn()
    await queue(h, boss, 'playLostModeSound', deviceId)
    await h.database.db.update(tasks).set({ createdAt: task.createdAt }).where(eq(tasks.type, 'playLostModeSound'))
    await h.database.db.update(devices).set({ lastCommunicationTime: at(1_000) }).where(eq(devices.id, deviceId))
    expect(await repushWaitingPhones(h.database.db, wake, at(1_790_000), at(1_850_000))).toBe(0)
  })
})

describe('simulated iPhone', () => {
  it('goes end to end through enable lost mode, location, app list and erase', async () => {
    const { phone, deviceId } = await enrolled({ notNowEvery: 3 })
    await queue(h, boss, 'enableLostMode', deviceId, { message: '请归还', phoneNumber: '13900000000' })
    await phone.checkIn()
    await queue(h, boss, 'deviceLocation', deviceId)
    await queue(h, boss, 'installedApplicationList', deviceId)
    await phone.checkIn()
    await phone.checkIn()
    expect(phone.state.lostMode).toMatchObject({ message: '请归还' })
    expect(phone.log.some((l) => l.status === 'NotNow')).toBe(true)
    const { device } = await deviceOf(h, phone)
    expect(device.state).toMatchObject({ lostMode: true, lostModeInfo: { message: '请归还', phoneNumber: '13900000000' } })
    expect(device.state.location).toMatchObject({ latitude: phone.state.location.latitude })
    expect((device.state.installedApps as unknown[]).length).toBe(3)
    expect((await tasksOf(h, deviceId)).map((t) => t.status)).toEqual(['DONE', 'DONE', 'DONE'])

    await queue(h, boss, 'deviceErase', deviceId)
    await phone.checkIn()
    await phone.checkIn()
    expect(phone.state).toMatchObject({ erased: true, enrolled: false })
    const after = await deviceOf(h, phone)
    expect(after.device.state).toMatchObject({ erased: true, mdmEnrolled: false })
    expect(after.enrollment.checkedOutAt).not.toBeNull()
  })

  it('acknowledges RemoveProfile and checks out, as CheckOutWhenRemoved asks', async () => {
    const { phone, deviceId } = await enrolled()
    expect((await queue(h, boss, 'removeProfile', deviceId)).body.msg).toBe('删除监管成功')
    await phone.checkIn()
    expect(phone.state.enrolled).toBe(false)
    const { device, enrollment } = await deviceOf(h, phone)
    expect(device.state).toMatchObject({ profileRemoved: true, mdmEnrolled: false })
    expect(enrollment.checkedOutAt).not.toBeNull()
    expect((await tasksOf(h, deviceId)).map((t) => t.status)).toEqual(['DONE'])
  })

  it('executes every catalogue command that is an MDM request, each acknowledged once', async () => {
    const { phone, deviceId } = await enrolled()
    // Each group can be sent once the device has reported the one before (location and sound need lost mode on).
    const groups = [
      ['enableLostMode'],
      ['deviceLocation', 'playLostModeSound', 'disableLostMode', 'openPayMode'],
      ['closePayMode', 'checkNetwork', 'clearPasscode', 'activationLock', 'oneClickLockDown', 'scheduleOSUpdate', 'installedApplicationList'],
      ['showActivationLockPassword', 'macLock'],
    ]
    for (const group of groups) {
      for (const name of group) expect((await queue(h, boss, name, deviceId, name === 'macLock' ? { pin: '123456' } : {})).body.code).toBe(200)
      expect(await phone.checkIn()).toBe(group.length)
    }
    const order = groups.flat()
    expect((await tasksOf(h, deviceId)).map((t) => [t.type, t.status])).toEqual(order.map((name) => [name, 'DONE']))
    expect(phone.state).toMatchObject({ passcode: null, activationLockAllowed: true, pendingUpdate: '17.6', lostMode: null, locked: true })
    const { device } = await deviceOf(h, phone)
    expect(device.state).toMatchObject({
      lostMode: false, payMode: false, passcodePresent: false, activationLockAllowed: true, locked: true, supervised: true,
      osUpdate: [{ productKey: 'iOSUpdate21G80', installAction: 'Default' }],
    })
  })
})

