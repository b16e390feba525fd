import { describe, expect, it } from 'vitest'
import { certificateText } from '../../src/shared/messages/ios-detail-b'
import { enrolledIphone, setIosQuota } from './apple-helpers'
import { harnessForFile } from './harness'
import { p12Of, pushCertificate } from './push-certificate'
import { APNS_RECHECK_MS, ReloadableApns } from '../../src/server/modules/certificate/reloadable-apns'

const h = harnessForFile()

const uploadPem = (token: string, pair: { certificatePem: string; privateKeyPem: string }, extra: object = {}) =>
  h.call('POST', '/certificate/apns/upload', { token, json: { format: 'PEM', certificatePem: pair.certificatePem, privateKeyPem: pair.privateKeyPem, ...extra } })

describe('certificate page: the APNs push certificate (platform administrator only)', () => {
  it('reads what is in use, takes a renewed PEM pair and pushes with it from then on', async () => {
    const admin = await h.login('admin')
    const before = await h.call('GET', '/certificate/apns', { token: admin })
    expect(before.body.data).toMatchObject({ source: 'NONE', configured: false, topic: null, daysLeft: null, expiringSoon: false })

    const pair = pushCertificate()
    const res = await uploadPem(admin, pair)
    expect(res.body).toMatchObject({ code: 200, msg: certificateText.uploaded })
    expect(res.body.data).toMatchObject({ source: 'UPLOADED', configured: true, topic: pair.topic, daysLeft: 364, expiringSoon: false })
    expect(res.body.data.issuer).toContain('Test Apple Application Integration 2 CA')
    expect(h.services.apns.topic).toBe(pair.topic)
    expect((await h.call('GET', '/certificate/apns/expiry', { token: admin })).body.data).toMatchObject({ configured: true, daysLeft: 364, expiringSoon: false })

    // New enrollment profiles name the new topic.
    const boss = await h.login('demo')
    await setIosQuota(h, h.demo.bossCompanyId, 2)
    const { phone } = await enrolledIphone(h, boss)
    expect(phone.topic).toBe(pair.topic)
  })

  it('reaches another server process on the same database within the recheck interval, without a restart', async () => {
    const admin = await h.login('admin')
    const first = pushCertificate()
    await uploadPem(admin, first)
    // A second process: its own client, started after the first upload, with a clock of its own.
    let clock = Date.now()
    const other = new ReloadableApns({ apnsUrl: 'https://127.0.0.1:9' }, () => clock)
    try {
      await other.loadStored(h.services.db, h.services.secrets)
      expect(other.topic).toBe(first.topic)

      const renewed = pushCertificate({ topic: first.topic })
      expect((await uploadPem(admin, renewed)).body.code).toBe(200)
      const pemInUse = () => other.certificatePem?.replace(/\r\n/g, '\n').trim()
      await other.fresh()
      expect(pemInUse()).toBe(first.certificatePem.replace(/\r\n/g, '\n').trim()) // within the interval: no lookup yet
      clock += APNS_RECHECK_MS
      await other.fresh()
      expect(pemInUse()).toBe(renewed.certificatePem.replace(/\r\n/g, '\n').trim())
      expect(other.source).toBe('UPLOADED')
    } finally {
      other.close()
    }
  })

  it('warns within 30 days of expiry, and takes a .p12 with its password', async () => {
    const admin = await h.login('admin')
    const soon = pushCertificate({ days: 10 })
    const wrong = await h.call('POST', '/certificate/apns/upload', { token: admin, json: { format: 'P12', p12Base64: p12Of(soon, 'secret'), password: 'nope' } })
    expect(wrong.body).toMatchObject({ code: 400, msg: certificateText.badP12 })
    const res = await h.call('POST', '/certificate/apns/upload', { token: admin, json: { format: 'P12', p12Base64: p12Of(soon, 'secret'), password: 'secret' } })
    expect(res.body.code, res.text).toBe(200)
    expect(res.body.data).toMatchObject({ topic: soon.topic, daysLeft: 9, expiringSoon: true })
  })

  it('refuses a certificate whose topic differs from the enrolled devices’ unless confirmed', async () => {
    const admin = await h.login('admin')
    const first = pushCertificate()
    await uploadPem(admin, first)
    const boss = await h.login('demo')
    await setIosQuota(h, h.demo.bossCompanyId, 2)
    await enrolledIphone(h, boss)

    const renewed = pushCertificate({ topic: first.topic })
    expect((await uploadPem(admin, renewed)).body.code).toBe(200)

    const other = pushCertificate()
    const refused = await uploadPem(admin, other)
    expect(refused.body).toMatchObject({ code: 409, msg: certificateText.topicChanged(first.topic, other.topic) })
    expect(h.services.apns.topic).toBe(first.topic)
    const confirmed = await uploadPem(admin, other, { confirmTopicChange: true })
    expect(confirmed.body.code).toBe(200)
    expect(confirmed.body.data).toMatchObject({ topic: other.topic, enrolledTopics: [first.topic] })
  })

  it('refuses a key of another certificate, an expired one and one without a topic', async () => {
    const admin = await h.login('admin')
    const a = pushCertificate()
    const b = pushCertificate()
    expect((await uploadPem(admin, { certificatePem: a.certificatePem, privateKeyPem: b.privateKeyPem })).body).toMatchObject({ code: 400, msg: certificateText.keyMismatch })
    expect((await uploadPem(admin, { certificatePem: 'not a certificate', privateKeyPem: a.privateKeyPem })).body).toMatchObject({ code: 400, msg: certificateText.badPem })
    const expired = pushCertificate({ days: -1 })
    expect((await uploadPem(admin, expired)).body).toMatchObject({ code: 400, msg: certificateText.expired })
  })

  it('is the administrator’s only: a boss is refused (403)', async () => {
    const boss = await h.login('demo')
    expect((await h.call('GET', '/certificate/apns', { token: boss })).body.code).toBe(403)
    expect((await h.call('GET', '/certificate/apns/expiry', { token: boss })).body.code).toBe(403)
    expect((await uploadPem(boss, pushCertificate())).body.code).toBe(403)
  })
})
