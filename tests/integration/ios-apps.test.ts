import { describe, expect, it } from 'vitest'
import { appleDeviceText } from '../../src/shared/messages/apple'
import { iosAppText } from '../../src/shared/messages/ios-detail-b'
import { APP_RESTRICTION_PROFILE_IDENTIFIER } from '../../src/server/protocol/apple/detail-b'
import { enrolledIphone, sendAndRun, setIosQuota } from './apple-helpers'
import { harnessForFile } from './harness'
import { makeTenant, MISSING_ID } from './org-builders'

const h = harnessForFile()

const DOUYIN = { kind: 'APP_STORE', name: '抖音', bundleId: 'com.ss.iphone.ugc.Aweme', itunesStoreId: 1142110895 }
const FIELD_MANIFEST = 'https://apps.example.com/field/manifest.plist'
const FIELD = { kind: 'ENTERPRISE', name: '外勤助手', bundleId: 'com.example.field', manifestUrl: FIELD_MANIFEST }

async function addApp(token: string, app: Record<string, unknown>): Promise<number> {
  const res = await h.call('POST', '/app/add', { token, json: app })
  expect(res.body.code, res.text).toBe(200)
  return res.body.data.id as number
}

async function apply(token: string, json: Record<string, unknown>) {
  return h.call('POST', '/device/app-restrictions/install', { token, json })
}

async function bossWithPhone(options: { supervised?: boolean } = {}) {
  const boss = await h.login('demo')
  await setIosQuota(h, h.demo.bossCompanyId, 5)
  const { phone, deviceId } = await enrolledIphone(h, boss, { manifests: { [FIELD_MANIFEST]: { Identifier: 'com.example.field', Name: '外勤助手', ShortVersion: '2.1' } }, ...options })
  return { boss, phone, deviceId }
}

describe('apps tab: catalogue, install, forbid, allow through the simulated iPhone', () => {
  it('installs an App Store app and an enterprise app: they reach the device and its installed list', async () => {
    const { boss, phone, deviceId } = await bossWithPhone()
    const ids = [await addApp(boss, DOUYIN), await addApp(boss, FIELD)]
    const list = await h.call('GET', '/app/list', { token: boss })
    expect(list.body.data.map((a: { bundleId: string }) => a.bundleId)).toEqual([DOUYIN.bundleId, FIELD.bundleId])

    const res = await apply(boss, { deviceId, canInstall: true, appIdList: ids })
    expect(res.body).toMatchObject({ code: 200, msg: '立即应用成功' })
    await phone.checkIn()
    const sent = phone.log.map((l) => `${l.requestType}:${l.status}`)
    expect(sent).toEqual(['InstallApplication:Acknowledged', 'InstallApplication:Acknowledged', 'InstalledApplicationList:Acknowledged'])
    expect(phone.canLaunch(DOUYIN.bundleId)).toBe(true)
    expect(phone.state.managedApps).toEqual([DOUYIN.bundleId, FIELD.bundleId])

    const installed = await h.call('GET', `/myDevice/listApp?deviceId=${deviceId}`, { token: boss })
    const names = installed.body.data.apps.map((a: { identifier: string }) => a.identifier)
    expect(names).toEqual(expect.arrayContaining([DOUYIN.bundleId, FIELD.bundleId]))
    const inForce = await h.call('GET', `/device/app-restrictions/listByDeviceId?deviceId=${deviceId}`, { token: boss })
    expect(inForce.body.data).toHaveLength(2)
    expect(inForce.body.data.every((r: { action: string; status: string }) => r.action === 'INSTALL' && r.status === 'DONE')).toBe(true)
  })

  it('forbids with a com.apple.applicationaccess profile (blockedAppBundleIDs) the device honours, and allows again', async () => {
    const { boss, phone, deviceId } = await bossWithPhone()
    const douyin = await addApp(boss, DOUYIN)
    await apply(boss, { deviceId, canInstall: true, appIdList: [douyin] })
    await phone.checkIn()

    expect((await apply(boss, { deviceId, canInstall: false, appIdList: [douyin] })).body.code).toBe(200)
    await phone.checkIn()
    const payloads = phone.state.profiles.get(APP_RESTRICTION_PROFILE_IDENTIFIER)?.profile.PayloadContent as Record<string, unknown>[]
    expect(payloads).toHaveLength(1)
    expect(Object.keys(payloads[0]).sort()).toEqual(['PayloadDisplayName', 'PayloadIdentifier', 'PayloadType', 'PayloadUUID', 'PayloadVersion', 'blockedAppBundleIDs'])
    expect(payloads[0]).toMatchObject({ PayloadType: 'com.apple.applicationaccess', blockedAppBundleIDs: [DOUYIN.bundleId] })
    expect(phone.canLaunch(DOUYIN.bundleId)).toBe(false)
    const forbidden = await h.call('GET', `/device/app-restrictions/listByDeviceId?deviceId=${deviceId}`, { token: boss })
    expect(forbidden.body.data[0]).toMatchObject({ bundleId: DOUYIN.bundleId, action: 'FORBID', status: 'DONE' })

    expect((await apply(boss, { deviceId, canInstall: true, install: false, appIdList: [douyin] })).body.code).toBe(200)
    await phone.checkIn()
    expect(phone.blockedApps).toEqual([])
    expect(phone.canLaunch(DOUYIN.bundleId)).toBe(true)
    expect(phone.log.at(-1)).toMatchObject({ requestType: 'InstallProfile', status: 'Acknowledged' })
  })

  it('refuses a restriction on a device that reported it is not supervised (the shared rule), but installs', async () => {
    const { boss, phone, deviceId } = await bossWithPhone({ supervised: false })
    await sendAndRun(h, boss, phone, 'checkNetwork', deviceId)
    const douyin = await addApp(boss, DOUYIN)
    const forbid = await apply(boss, { deviceId, canInstall: false, appIdList: [douyin] })
    expect(forbid.body).toMatchObject({ code: 400, msg: appleDeviceText.unavailable.notSupervised })
    expect((await apply(boss, { deviceId, canInstall: true, appIdList: [douyin] })).body.code).toBe(200)
  })

  it('checks the catalogue entries: https manifest, bundle id format, one entry per bundle id', async () => {
    const boss = await h.login('demo')
    const http = await h.call('POST', '/app/add', { token: boss, json: { ...FIELD, manifestUrl: 'http://apps.example.com/m.plist' } })
    expect(http.body).toMatchObject({ code: 400, msg: expect.stringContaining(iosAppText.manifestHttps) })
    const badId = await h.call('POST', '/app/add', { token: boss, json: { ...DOUYIN, bundleId: 'not a bundle' } })
    expect(badId.body.code).toBe(400)
    await addApp(boss, DOUYIN)
    expect((await h.call('POST', '/app/add', { token: boss, json: DOUYIN })).body).toMatchObject({ code: 409, msg: iosAppText.appExists })
    const empty = await apply(boss, { deviceId: 1, canInstall: true, appIdList: [] })
    expect(empty.body.code).toBe(400)
  })

  it("answers another company's app and device exactly like missing ones", async () => {
    const { boss, deviceId } = await bossWithPhone()
    const other = await makeTenant(h, { tag: 'apps', quota: { IOS: 2 }, signIn: true })
    const foreignApp = await addApp(other.token, DOUYIN)
    const ownApp = await addApp(boss, FIELD)

    const foreign = await apply(boss, { deviceId, canInstall: true, appIdList: [foreignApp] })
    const missing = await apply(boss, { deviceId, canInstall: true, appIdList: [MISSING_ID] })
    expect(foreign.body).toEqual(missing.body)
    expect(foreign.body.code).toBe(404)

    const foreignDevice = await apply(other.token, { deviceId, canInstall: true, appIdList: [foreignApp] })
    const missingDevice = await apply(other.token, { deviceId: MISSING_ID, canInstall: true, appIdList: [foreignApp] })
    expect(foreignDevice.body).toEqual(missingDevice.body)
    const foreignList = await h.call('GET', `/device/app-restrictions/listByDeviceId?deviceId=${deviceId}`, { token: other.token })
    expect(foreignList.body).toEqual((await h.call('GET', `/device/app-restrictions/listByDeviceId?deviceId=${MISSING_ID}`, { token: other.token })).body)

    const del = await h.call('POST', '/app/delete', { token: other.token, json: { id: ownApp } })
    expect(del.body).toEqual((await h.call('POST', '/app/delete', { token: other.token, json: { id: MISSING_ID } })).body)
    expect((await h.call('GET', '/app/list', { token: boss })).body.data).toHaveLength(1)
    expect((await h.call('POST', '/app/delete', { token: boss, json: { id: ownApp } })).body).toMatchObject({ code: 200, msg: '删除成功' })
  })
})
