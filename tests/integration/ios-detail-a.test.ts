import { beforeEach, describe, expect, it } from 'vitest'
import { STRATEGY_DEFAULTS as strategyDefaults } from '../../src/shared/domain/strategy'
import { RESTRICTION_PROFILE_IDENTIFIER, LOCK_MESSAGE_PROFILE_IDENTIFIER } from '../../src/server/modules/ios-detail/profiles'
import { enrolledIphone, markLost, queue, sendAndRun, setIosQuota, taskOf, tasksOf } from './apple-helpers'
import { harnessForFile } from './harness'
import { makeTenant } from './org-builders'

const h = harnessForFile()

let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
  await setIosQuota(h, h.demo.bossCompanyId, 5)
})

const getRestriction = (deviceId: number, token = boss) => h.call('GET', `/device/restriction/getByDeviceId?deviceId=${deviceId}`, { token })
const saveRestriction = (json: Record<string, unknown>, token = boss) => h.call('PUT', '/device/restriction/installProfile', { token, json })
const sendMessage = (json: Record<string, unknown>) => h.call('POST', '/device/message/sendLockScreenMessage', { token: boss, json })

/** A date string `days` from today, China time (the day messages expire at the end of). */
function chinaDate(days: number) {
  return new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)
}

describe('restriction strategy (限制策略)', () => {
  it('answers the 15 booleans with the SPEC §9 defaults before anything was saved', async () => {
    const { deviceId } = await enrolledIphone(h, boss)
    const res = await getRestriction(deviceId)
    expect(res.body).toMatchObject({ code: 200, data: { deviceId, ...strategyDefaults, expiryTimeMinute: '0', status: 'NONE', taskId: null } })
  })

  it('sends a configuration profile whose one restrictions payload holds exactly the chosen keys under Apple’s names', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    const res = await saveRestriction({ deviceId, notAllowHostPairing: true, forceEncryptedBackup: true, notAllowFindMyDevice: false, notAllowLeaveRemoteManagement: false })
    expect(res.body).toMatchObject({ code: 200, msg: '保存策略成功' })
    expect((await getRestriction(deviceId)).body.data.status).toBe('PENDING')
    await phone.checkIn()
    expect(phone.log.at(-1)).toMatchObject({ requestType: 'InstallProfile', status: 'Acknowledged' })

    const installed = phone.state.profiles.get(RESTRICTION_PROFILE_IDENTIFIER)!.profile
    expect(installed).toMatchObject({ PayloadType: 'Configuration', PayloadVersion: 1, PayloadIdentifier: RESTRICTION_PROFILE_IDENTIFIER, PayloadRemovalDisallowed: false })
    expect(installed).not.toHaveProperty('DurationUntilRemoval')
    const payloads = installed.PayloadContent as Record<string, unknown>[]
    expect(payloads).toHaveLength(1)
    const { PayloadType, PayloadVersion, PayloadIdentifier, PayloadUUID, PayloadDisplayName, ...keys } = payloads[0]
    expect({ PayloadType, PayloadVersion }).toEqual({ PayloadType: 'com.apple.applicationaccess', PayloadVersion: 1 })
    expect([PayloadIdentifier, PayloadUUID, PayloadDisplayName].every((v) => typeof v === 'string')).toBe(true)
    expect(keys).toEqual({
      allowDefinitionLookup: true,
      allowDiagnosticSubmission: true,
      allowEnterpriseAppTrust: true,
      allowEraseContentAndSettings: true,
      allowFilesNetworkDriveAccess: true,
      allowFilesUSBDriveAccess: true,
      allowHostPairing: false,
      allowUIConfigurationProfileInstallation: true,
      allowVPNCreation: true,
      forceEncryptedBackup: true,
      forceAutomaticDateAndTime: true,
      allowAccountModification: false,
      allowFindMyDevice: true,
    })
    expect(phone.restrictions).toEqual(keys)

    const stored = (await getRestriction(deviceId)).body.data
    expect(stored).toMatchObject({ ...strategyDefaults, notAllowHostPairing: true, forceEncryptedBackup: true, notAllowFindMyDevice: false, notAllowLeaveRemoteManagement: false, status: 'INSTALLED', expiresAt: null })
  })

  it('a strategy saved again replaces the profile on the device', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    await saveRestriction({ deviceId, notAllowVPNCreation: true })
    await phone.checkIn()
    await saveRestriction({ deviceId })
    await phone.checkIn()
    expect(phone.state.profiles.size).toBe(1)
    expect(phone.restrictions.allowVPNCreation).toBe(true)
  })

  it('removes an expiring strategy (RemoveProfile) when its minutes run out, and not before', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    await saveRestriction({ deviceId, notAllowHostPairing: true, expiryTimeMinute: '30' })
    await phone.checkIn()
    const saved = (await getRestriction(deviceId)).body.data
    expect(saved.expiryTimeMinute).toBe('30')
    expect(Date.parse(saved.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000)
    expect(phone.state.profiles.get(RESTRICTION_PROFILE_IDENTIFIER)!.profile.DurationUntilRemoval).toBe(1800)

    expect(await h.services.iosDetail.sweepExpired(new Date(Date.now() + 29 * 60_000))).toBe(0)
    expect(await h.services.iosDetail.sweepExpired(new Date(Date.now() + 31 * 60_000))).toBe(1)
    await phone.checkIn()
    expect(phone.log.at(-1)).toMatchObject({ requestType: 'RemoveProfile', status: 'Acknowledged' })
    expect(phone.state.profiles.has(RESTRICTION_PROFILE_IDENTIFIER)).toBe(false)
    // The phone stays managed: only the enrollment profile's removal ends that.
    expect(phone.state.enrolled).toBe(true)
    expect((await h.call('GET', `/myDevice/detail?deviceId=${deviceId}`, { token: boss })).body.data.enrolled).toBe(true)
    expect((await getRestriction(deviceId)).body.data.status).toBe('EXPIRED')
    expect(await h.services.iosDetail.sweepExpired(new Date(Date.now() + 60 * 60_000))).toBe(0)
  })

  it('解除限制 takes the profile off the device now (解除限制成功), keeps the switches, and refuses when nothing is on', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    const release = (token = boss) => h.call('POST', '/device/restriction/removeProfile', { token, json: { deviceId } })
    const none = await release()
    expect(none.status).toBe(400)
    expect(none.body).toEqual({ code: 400, msg: '设备上没有生效的限制策略', data: null })

    await saveRestriction({ deviceId, notAllowHostPairing: true })
    await phone.checkIn()
    expect(phone.restrictions.allowHostPairing).toBe(false)
    // Another company cannot release it: its id answers like a missing one.
    const other = await makeTenant(h, { tag: 'release', signIn: true })
    expect((await release(other.token)).body.code).toBe(404)

    const released = await release()
    expect(released.body).toMatchObject({ code: 200, msg: '解除限制成功', data: { taskId: expect.any(String) } })
    expect((await getRestriction(deviceId)).body.data).toMatchObject({ status: 'CLEARED', notAllowHostPairing: true })
    await phone.checkIn()
    expect(phone.log.at(-1)).toMatchObject({ requestType: 'RemoveProfile', status: 'Acknowledged' })
    expect(phone.state.profiles.has(RESTRICTION_PROFILE_IDENTIFIER)).toBe(false)
    expect(phone.restrictions).toEqual({})
    expect(await taskOf(h, boss, released.body.data.taskId)).toMatchObject({ status: 'DONE' })
    expect((await release()).body.msg).toBe('设备上没有生效的限制策略')
    // Nothing is left for the expiry sweep to take off.
    expect(await h.services.iosDetail.sweepExpired(new Date(Date.now() + 366 * 86_400_000))).toBe(0)
  })

  it.each([
    [{ expiryTimeMinute: 'abc' }, '有效时长须为0到525600之间的整数分钟'],
    [{ expiryTimeMinute: '525601' }, '有效时长须为0到525600之间的整数分钟'],
    [{ notAllowHostPairing: 'yes' }, 'notAllowHostPairing格式不正确'],
    [{ deviceId: 'x' }, '设备编号必须是数字'],
  ])('refuses bad input %j with a Chinese 400', async (bad, msg) => {
    const { deviceId } = await enrolledIphone(h, boss)
    const res = await saveRestriction({ deviceId, ...bad })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg, data: null })
  })
})

describe('lock-screen message (消息推送)', () => {
  it('arrives on the lock screen as the shared-device footnote and is taken off when it expires', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    const expiredDate = chinaDate(2)
    const res = await sendMessage({ deviceId, message: '本机为租赁设备，请按时归还', expiredDate })
    expect(res.body).toMatchObject({ code: 200, msg: '发送消息成功' })
    await phone.checkIn()
    expect(phone.lockScreenFootnote).toBe('本机为租赁设备，请按时归还')
    const profile = phone.state.profiles.get(LOCK_MESSAGE_PROFILE_IDENTIFIER)!.profile
    expect((profile.PayloadContent as Record<string, unknown>[])[0]).toMatchObject({ PayloadType: 'com.apple.shareddeviceconfiguration', LockScreenFootnote: '本机为租赁设备，请按时归还' })
    expect(profile.RemovalDate).toBeInstanceOf(Date)
    expect((await h.call('GET', `/device/message/getByDeviceId?deviceId=${deviceId}`, { token: boss })).body.data).toMatchObject({ message: '本机为租赁设备，请按时归还', expiredDate, status: 'INSTALLED' })

    // The server's sweep, at the end of the expiry day (China time), removes it.
    const end = Date.parse(`${expiredDate}T00:00:00+08:00`) + 86_400_000
    expect(await h.services.iosDetail.sweepExpired(new Date(end - 1000))).toBe(0)
    expect(await h.services.iosDetail.sweepExpired(new Date(end))).toBe(1)
    await phone.checkIn()
    expect(phone.lockScreenFootnote).toBeNull()
    expect((await h.call('GET', `/device/message/getByDeviceId?deviceId=${deviceId}`, { token: boss })).body.data.status).toBe('EXPIRED')
  })

  it('is cleared on request (清除已推送消息成功), and clearing nothing is refused', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    await sendMessage({ deviceId, message: '请联系门店', expiredDate: chinaDate(0) })
    await phone.checkIn()
    const cleared = await h.call('POST', '/device/message/clearLockScreenMessage', { token: boss, json: { deviceId } })
    expect(cleared.body).toMatchObject({ code: 200, msg: '清除已推送消息成功' })
    await phone.checkIn()
    expect(phone.lockScreenFootnote).toBeNull()
    expect((await taskOf(h, boss, cleared.body.data.taskId)).status).toBe('DONE')
    const again = await h.call('POST', '/device/message/clearLockScreenMessage', { token: boss, json: { deviceId } })
    expect(again.body).toEqual({ code: 400, msg: '当前没有推送的锁屏消息', data: null })
  })

  it.each([
    [{ expiredDate: '2024-02-30' }, '过期日期格式应为YYYY-MM-DD'],
    [{ expiredDate: '2026/1/1' }, '过期日期格式应为YYYY-MM-DD'],
    [{ expiredDate: '2020-01-01' }, '过期日期不能早于今天'],
    [{ message: '' }, '提示信息不能为空'],
  ])('refuses %j with a Chinese 400', async (bad, msg) => {
    const { deviceId } = await enrolledIphone(h, boss)
    const res = await sendMessage({ deviceId, message: '你好', expiredDate: chinaDate(1), ...bad })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg, data: null })
  })

  it('is refused for a device that reported it is not supervised (the footnote needs supervision)', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss, { supervised: false })
    await sendAndRun(h, boss, phone, 'checkNetwork', deviceId)
    const res = await sendMessage({ deviceId, message: '你好', expiredDate: chinaDate(1) })
    expect(res.body).toEqual({ code: 400, msg: '该指令仅适用于受监管的设备', data: null })
  })
})

describe('location (地图) and device information (设备信息)', () => {
  it('GET /device/location/now is null until the device reports, and a location request moves it', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss)
    expect((await h.call('GET', `/device/location/now?deviceId=${deviceId}`, { token: boss })).body.data).toBeNull()
    expect((await queue(h, boss, 'deviceLocation', deviceId)).body.msg).toBe('仅在丢失模式下可用，请先开启丢失模式')
    await sendAndRun(h, boss, phone, 'enableLostMode', deviceId, { message: '请归还' })
    await sendAndRun(h, boss, phone, 'deviceLocation', deviceId)
    const first = (await h.call('GET', `/device/location/now?deviceId=${deviceId}`, { token: boss })).body.data
    expect(first).toMatchObject({ latitude: phone.state.location.latitude, longitude: phone.state.location.longitude, horizontalAccuracy: 15 })
    await markLost(h, deviceId)
    await sendAndRun(h, boss, phone, 'deviceLocation', deviceId)
    const second = (await h.call('GET', `/device/location/now?deviceId=${deviceId}`, { token: boss })).body.data
    expect(second.latitude).toBeGreaterThan(first.latitude)
    expect(second.longitude).toBeGreaterThan(first.longitude)
    expect(Date.parse(second.at)).toBeGreaterThanOrEqual(Date.parse(first.at))
  })

  it('a refresh sends DeviceInformation with Apple’s query names and updates what the tab shows', async () => {
    const { phone, deviceId } = await enrolledIphone(h, boss, { serialNumber: 'F2LXINFO0001', enroll: { checkIn: false } })
    const before = (await h.call('GET', `/device/information/getByDeviceId?deviceId=${deviceId}`, { token: boss })).body.data
    expect(before).toMatchObject({ reportedAt: null, osVersion: '17.5.1', buildVersion: '21F90', productName: 'iPhone15,2', deviceCapacity: null, batteryLevel: null })
    // The enrollment's own DeviceInformation answers first; the refresh asks again.
    await phone.checkIn()
    const res = await h.call('POST', '/device/information/refresh', { token: boss, json: { deviceId } })
    expect(res.body.code).toBe(200)
    await phone.checkIn()
    expect((await taskOf(h, boss, res.body.data.taskId)).status).toBe('DONE')
    const after = (await h.call('GET', `/device/information/getByDeviceId?deviceId=${deviceId}`, { token: boss })).body.data
    expect(after).toMatchObject({
      deviceName: 'iPhone', modelName: 'iPhone', productName: 'iPhone15,2', osVersion: '17.5.1', buildVersion: '21F90', deviceCapacity: 128,
      availableDeviceCapacity: 64.5, batteryLevel: phone.state.batteryLevel, imei: phone.imei, phoneNumber: '+86 138 0000 0000', isSupervised: true, isActivationLockEnabled: false,
    })
    expect(after.reportedAt).not.toBeNull()
    const sent = (await tasksOf(h, deviceId)).at(-1)!
    expect(sent.payload).toMatchObject({ requestType: 'DeviceInformation' })
    expect((sent.payload.params as { Queries: string[] }).Queries).toEqual(expect.arrayContaining(['DeviceCapacity', 'AvailableDeviceCapacity', 'BatteryLevel', 'IMEI', 'PhoneNumber', 'BuildVersion']))
    // checkNetwork's report is kept apart: the refresh does not replace it, and the tab shows it as 网络.
    expect(after.network).toBeNull()
    await sendAndRun(h, boss, phone, 'checkNetwork', deviceId)
    const checked = (await h.call('GET', `/device/information/getByDeviceId?deviceId=${deviceId}`, { token: boss })).body.data
    expect(checked.deviceCapacity).toBe(128)
    expect(checked.network).toEqual({
      reportedAt: expect.any(String), carrier: '中国移动', cellularTechnology: 1, isRoaming: false, dataRoamingEnabled: false, personalHotspotEnabled: false,
      wifiMac: 'a4:83:e7:12:34:56', bluetoothMac: 'a4:83:e7:12:34:57', iccid: '8986 0000 0000 0000 0000',
    })
  })
})

describe('tenancy', () => {
  it('answers a foreign device id exactly like a missing one on every endpoint', async () => {
    const other = await makeTenant(h, { name: '另一家租赁公司', quota: { HUAWEI: 10 }, signIn: true })
    await setIosQuota(h, other.companyId, 2)
    const { phone, deviceId: foreign } = await enrolledIphone(h, other.token)
    const missing = foreign + 1000
    const calls: [string, string, Record<string, unknown>][] = [
      ['GET', '/device/restriction/getByDeviceId', {}],
      ['PUT', '/device/restriction/installProfile', {}],
      ['POST', '/device/restriction/removeProfile', {}],
      ['GET', '/device/message/getByDeviceId', {}],
      ['POST', '/device/message/sendLockScreenMessage', { message: '你好', expiredDate: chinaDate(1) }],
      ['POST', '/device/message/clearLockScreenMessage', {}],
      ['GET', '/device/location/now', {}],
      ['GET', '/device/information/getByDeviceId', {}],
      ['POST', '/device/information/refresh', {}],
    ]
    for (const [method, path, extra] of calls) {
      const ask = (deviceId: number) =>
        method === 'GET' ? h.call('GET', `${path}?deviceId=${deviceId}`, { token: boss }) : h.call(method, path, { token: boss, json: { deviceId, ...extra } })
      const [theirs, none] = await Promise.all([ask(foreign), ask(missing)])
      expect({ path, status: theirs.status, body: theirs.body }).toEqual({ path, status: 404, body: none.body })
      expect(none.body).toEqual({ code: 404, msg: '设备不存在', data: null })
    }
    await phone.checkIn()
    expect(phone.log).toEqual([])
  })
})
