import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { EnrollmentLinks, ENROLLMENT_LINK_TTL_MS } from '../../src/server/modules/my-device/enrollment-link'
import { enrolledIphone, iphoneFetch, sendAndRun, setIosQuota } from './apple-helpers'
import { harnessForFile } from './harness'
import { makeStaff, makeTenant, MISSING_ID, OTHER_PASSWORD } from './org-builders'
import { SimulatedIphone } from '../../src/sim/iphone'

const h = harnessForFile()

/** Opens a link as a phone does: no token, the path exactly as the server gave it. */
async function openLink(path: string) {
  const res = await createApp(h.services).request(path)
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') }
}

async function link(token: string) {
  const res = await h.call('POST', '/myDevice/enrollmentLink', { token })
  expect(res.body.code).toBe(200)
  return res.body.data as { path: string; expiresAt: string }
}

describe('one-time enrollment links (设备接入 QR code)', () => {
  it('opens a company profile once, without a token, and a phone enrolls with it into that company', async () => {
    const boss = await h.login('demo')
    await setIosQuota(h, h.demo.bossCompanyId, 5)
    const { path, expiresAt } = await link(boss)
    expect(path).toMatch(/^\/mdm\/api\/v1\/myDevice\/enrollmentProfile\/byTicket\?ticket=v1\.[A-Za-z0-9_-]+$/)
    const ttl = Date.parse(expiresAt) - Date.now()
    expect(ttl).toBeGreaterThan(ENROLLMENT_LINK_TTL_MS - 60_000)
    expect(ttl).toBeLessThanOrEqual(ENROLLMENT_LINK_TTL_MS)

    const first = await openLink(path)
    expect(first.status).toBe(200)
    expect(first.type).toContain('application/x-apple-aspen-config')
    expect(first.text).toContain('com.apple.mdm')
    const phone = new SimulatedIphone({ profile: first.text, serialNumber: 'F2LXQR000001', fetch: iphoneFetch(h) })
    await phone.enroll()
    const found = await h.call('GET', '/myDevice/search?serialNumber=F2LXQR000001', { token: boss })
    expect(found.body.data.records).toHaveLength(1)
    expect(found.body.data.records[0]).toMatchObject({ companyId: h.demo.bossCompanyId, enrolled: true })

    // Spent: the second open is refused like any invalid link, and issues no second identity.
    const second = await openLink(path)
    expect(second.status).toBe(404)
    expect(JSON.parse(second.text)).toEqual({ code: 404, msg: '下载链接已失效（链接有效期15分钟，且只能使用一次），请在控制台重新生成', data: null })
  })

  it('refuses a forged, altered or malformed ticket, and an expired one', async () => {
    const boss = await h.login('demo')
    const { path } = await link(boss)
    const ticket = new URL(path, 'http://x').searchParams.get('ticket')!
    const altered = ticket.slice(0, -2) + (ticket.endsWith('AA') ? 'BB' : 'AA')
    expect((await openLink(`/mdm/api/v1/myDevice/enrollmentProfile/byTicket?ticket=${altered}`)).status).toBe(404)
    expect((await openLink(`/mdm/api/v1/myDevice/enrollmentProfile/byTicket?ticket=v1.${'A'.repeat(60)}`)).status).toBe(404)
    const malformed = await openLink('/mdm/api/v1/myDevice/enrollmentProfile/byTicket?ticket=<script>')
    expect(malformed.status).toBe(400)
    // The same ticket, read by a clock past its end, is refused; read now, it still works.
    const later = new EnrollmentLinks({ db: h.database.db, secrets: h.services.secrets, myDevices: h.services.myDevices }, () => new Date(Date.now() + ENROLLMENT_LINK_TTL_MS + 1000))
    await expect(later.redeem(ticket)).rejects.toMatchObject({ code: 404 })
    expect((await openLink(path)).status).toBe(200)
  })

  it('is for company accounts with the device authority only', async () => {
    const staff = await h.login('demo-staff')
    expect((await h.call('POST', '/myDevice/enrollmentLink', { token: staff })).status).toBe(403)
    expect((await h.call('POST', '/myDevice/enrollmentLink')).status).toBe(401)
  })
})

describe('GET /myDevice/task/search (the Apple detail task log)', () => {
  it('lists a device’s tasks newest first, and answers a foreign or missing device alike', async () => {
    const boss = await h.login('demo')
    await setIosQuota(h, h.demo.bossCompanyId, 5)
    const { phone, deviceId } = await enrolledIphone(h, boss)
    await sendAndRun(h, boss, phone, 'checkNetwork', deviceId)
    await sendAndRun(h, boss, phone, 'installedApplicationList', deviceId)
    const log = await h.call('GET', `/myDevice/task/search?deviceId=${deviceId}&current=1&pageSize=10`, { token: boss })
    expect(log.body.code).toBe(200)
    expect(log.body.data.records.map((t: { type: string; status: string }) => [t.type, t.status])).toEqual([
      ['installedApplicationList', 'DONE'],
      ['checkNetwork', 'DONE'],
      // The server's own question at enrollment.
      ['deviceInformation', 'DONE'],
    ])

    const other = await makeTenant(h, { quota: { IOS: 5 }, signIn: true })
    const foreign = await h.call('GET', `/myDevice/task/search?deviceId=${deviceId}&current=1&pageSize=10`, { token: other.token })
    const missing = await h.call('GET', `/myDevice/task/search?deviceId=${MISSING_ID}&current=1&pageSize=10`, { token: other.token })
    expect(foreign.status).toBe(missing.status)
    expect(foreign.body).toEqual(missing.body)
    expect(foreign.body.code).toBe(404)
    // A colleague whose role lacks ios:device is refused before any lookup.
    await makeStaff(h, h.demo.bossCompanyId, 'no-ios-staff')
    const colleague = await h.login('no-ios-staff', OTHER_PASSWORD)
    expect((await h.call('GET', `/myDevice/task/search?deviceId=${deviceId}&current=1&pageSize=10`, { token: colleague })).status).toBe(403)
  })
})
