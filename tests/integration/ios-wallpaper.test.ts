import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { appleDeviceText } from '../../src/shared/messages/apple'
import { validationMessages } from '../../src/shared/messages/common'
import { wallpaperText } from '../../src/shared/messages/ios-detail-b'
import { enrolledIphone, iosDetail, sendAndRun, setIosQuota } from './apple-helpers'
import { harnessForFile } from './harness'
import { makeTenant, MISSING_ID } from './org-builders'

const h = harnessForFile()

/** A PNG's signature and IHDR chunk (what the server reads), then `padding` bytes. */
function png(width: number, height: number, padding = 64): Buffer {
  const ihdr = Buffer.alloc(25)
  ihdr.writeUInt32BE(13, 0)
  ihdr.write('IHDR', 4, 'ascii')
  ihdr.writeUInt32BE(width, 8)
  ihdr.writeUInt32BE(height, 12)
  ihdr.set([8, 6, 0, 0, 0], 16)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(padding, 7)])
}

/** A JPEG's SOI, an APP0 segment and a baseline frame header (SOF0). */
function jpeg(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9])
}

const upload = (token: string, fileName: string, bytes: Buffer) =>
  h.call('POST', '/device/wallpaper/upload', { token, json: { fileName, contentBase64: bytes.toString('base64') } })

async function uploaded(token: string, fileName: string, bytes: Buffer): Promise<number> {
  const res = await upload(token, fileName, bytes)
  expect(res.body.code, res.text).toBe(200)
  return res.body.data.id as number
}

describe('wallpaper tab: upload checks, sending to the simulated iPhone, the record', () => {
  it('stores a checked image, sends it as Settings → Wallpaper, and the record points at it after the answer', async () => {
    const boss = await h.login('demo')
    await setIosQuota(h, h.demo.bossCompanyId, 5)
    const { phone, deviceId } = await enrolledIphone(h, boss)
    const image = png(1179, 2556)
    const id = await uploaded(boss, '门店海报.png', image)
    const list = await h.call('GET', '/device/wallpaper/list', { token: boss })
    expect(list.body.data).toEqual([expect.objectContaining({ id, name: '门店海报.png', contentType: 'image/png', size: image.length, width: 1179, height: 2556 })])

    const none = await h.call('POST', '/device/wallpaper/restrictions/install', { token: boss, json: { deviceId } })
    expect(none.body).toMatchObject({ code: 400, msg: '请选择要下发的壁纸' })

    const sent = await h.call('POST', '/device/wallpaper/restrictions/install', { token: boss, json: { deviceId, wallpaperId: id, where: 1 } })
    expect(sent.body).toMatchObject({ code: 200, msg: '下发壁纸成功' })
    const waiting = await h.call('GET', `/device/wallpaper/restrictions?deviceId=${deviceId}`, { token: boss })
    expect(waiting.body.data).toMatchObject({ current: null, pending: { wallpaperId: id, where: 1, status: 'QUEUED' } })
    expect((await iosDetail(h, boss, deviceId)).data).toMatchObject({ wallpaperId: null, wallpaperUrl: null })

    await phone.checkIn()
    expect(phone.state.wallpaper).toEqual({ lockScreen: createHash('sha256').update(image).digest('hex'), homeScreen: null, size: image.length })
    const detail = (await iosDetail(h, boss, deviceId)).data
    expect(detail).toMatchObject({ wallpaperId: id, wallpaperUrl: `/mdm/api/v1/device/wallpaper/image?id=${id}` })
    const onDevice = await h.call('GET', `/device/wallpaper/restrictions?deviceId=${deviceId}`, { token: boss })
    expect(onDevice.body.data).toMatchObject({ current: { wallpaperId: id, name: '门店海报.png', where: 1 }, pending: null })

    // The record's URL serves the image itself.
    const res = await createApp(h.services).request(detail.wallpaperUrl, { headers: { authorization: `Bearer ${boss}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true)

    expect((await h.call('POST', '/device/wallpaper/delete', { token: boss, json: { id } })).body).toMatchObject({ code: 200, msg: '删除壁纸成功' })
    expect((await h.call('GET', '/device/wallpaper/list', { token: boss })).body.data).toEqual([])
  })

  it('refuses by SPEC §5 (name, format, size) and by the image header, never the extension alone', async () => {
    const boss = await h.login('demo')
    expect((await upload(boss, `${'长'.repeat(101)}.png`, png(10, 10))).body).toMatchObject({ code: 400, msg: validationMessages.uploadNameTooLong })
    expect((await upload(boss, `${'长'.repeat(100)}.png`, png(10, 10))).body.code).toBe(200)
    expect((await upload(boss, 'poster.gif', png(10, 10))).body).toMatchObject({ code: 400, msg: validationMessages.uploadWrongFormat })
    expect((await upload(boss, 'poster', png(10, 10))).body).toMatchObject({ code: 400, msg: validationMessages.uploadWrongFormat })
    expect((await upload(boss, 'big.png', png(10, 10, 1024 * 1024))).body).toMatchObject({ code: 400, msg: validationMessages.uploadTooLarge })
    expect((await upload(boss, 'fake.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).body).toMatchObject({ code: 400, msg: wallpaperText.notAnImage })
    expect((await upload(boss, 'photo.png', jpeg(640, 480))).body).toMatchObject({ code: 400, msg: wallpaperText.typeMismatch })
    const photo = await upload(boss, 'photo.JPG', jpeg(640, 480))
    expect(photo.body.code).toBe(200)
    const listed = (await h.call('GET', '/device/wallpaper/list', { token: boss })).body.data
    expect(listed[0]).toMatchObject({ name: 'photo.JPG', contentType: 'image/jpeg', width: 640, height: 480 })
  })

  it('refuses a device that reported it is not supervised (Settings → Wallpaper is supervised only)', async () => {
    const boss = await h.login('demo')
    await setIosQuota(h, h.demo.bossCompanyId, 5)
    const { phone, deviceId } = await enrolledIphone(h, boss, { supervised: false })
    await sendAndRun(h, boss, phone, 'checkNetwork', deviceId)
    const id = await uploaded(boss, 'a.png', png(10, 10))
    const res = await h.call('POST', '/device/wallpaper/restrictions/install', { token: boss, json: { deviceId, wallpaperId: id } })
    expect(res.body).toMatchObject({ code: 400, msg: appleDeviceText.unavailable.notSupervised })
  })

  it("answers another company's wallpaper and device exactly like missing ones", async () => {
    const boss = await h.login('demo')
    await setIosQuota(h, h.demo.bossCompanyId, 5)
    const { deviceId } = await enrolledIphone(h, boss)
    const other = await makeTenant(h, { tag: 'paper', signIn: true })
    const theirs = await uploaded(other.token, 'theirs.png', png(10, 10))
    const ours = await uploaded(boss, 'ours.png', png(10, 10))
    const send = (token: string, json: object) => h.call('POST', '/device/wallpaper/restrictions/install', { token, json }).then((r) => r.body)
    expect(await send(boss, { deviceId, wallpaperId: theirs })).toEqual(await send(boss, { deviceId, wallpaperId: MISSING_ID }))
    expect(await send(other.token, { deviceId, wallpaperId: theirs })).toEqual(await send(other.token, { deviceId: MISSING_ID, wallpaperId: theirs }))
    const image = (token: string, id: number) => Promise.resolve(createApp(h.services).request(`/mdm/api/v1/device/wallpaper/image?id=${id}`, { headers: { authorization: `Bearer ${token}` } })).then((r) => r.text())
    expect(await image(other.token, ours)).toEqual(await image(other.token, MISSING_ID))
    const del = (id: number) => h.call('POST', '/device/wallpaper/delete', { token: other.token, json: { id } }).then((r) => r.body)
    expect(await del(ours)).toEqual(await del(MISSING_ID))
    const onDevice = (id: number) => h.call('GET', `/device/wallpaper/restrictions?deviceId=${id}`, { token: other.token }).then((r) => r.body)
    expect(await onDevice(deviceId)).toEqual(await onDevice(MISSING_ID))
    expect((await h.call('GET', '/device/wallpaper/list', { token: other.token })).body.data.map((w: { id: number }) => w.id)).toEqual([theirs])
  })
})
