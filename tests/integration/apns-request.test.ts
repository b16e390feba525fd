import { generateKeyPairSync, verify, X509Certificate } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import forge from 'node-forge'
import { parse } from 'plist'
import { describe, expect, it } from 'vitest'
import { testConfig } from '../../src/server/config'
import { csrDerOf } from '../../src/server/modules/certificate/push-request'
import { PushRequestService } from '../../src/server/modules/certificate/push-request-service'
import { apnsRequestText } from '../../src/shared/messages/apns-request'
import { certificateText } from '../../src/shared/messages/ios-detail-b'
import { enrolledIphone, setIosQuota } from './apple-helpers'
import { harnessForFile } from './harness'
import { pushCertificate } from './push-certificate'

// An MDM vendor certificate ("MDM CSR" from Apple's developer portal) and its key, as files the configuration names.
const dir = mkdtempSync(path.join(tmpdir(), 'apns-vendor-'))
const vendorKey = generateKeyPairSync('rsa', { modulusLength: 1024, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
const vendorCert = forge.pki.createCertificate()
vendorCert.publicKey = forge.pki.publicKeyFromPem(vendorKey.publicKey)
vendorCert.serialNumber = '01'
vendorCert.validity.notBefore = new Date(Date.now() - 60_000)
vendorCert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000)
vendorCert.setSubject([{ name: 'commonName', value: 'MDM Vendor: Test Rentals' }])
vendorCert.setIssuer([{ name: 'commonName', value: 'MDM Vendor: Test Rentals' }])
vendorCert.sign(forge.pki.privateKeyFromPem(vendorKey.privateKey), forge.md.sha256.create())
writeFileSync(path.join(dir, 'mdm.pem'), forge.pki.certificateToPem(vendorCert))
writeFileSync(path.join(dir, 'vendor.key'), vendorKey.privateKey)

const h = harnessForFile({ apple: { ...testConfig().apple, apnsVendorCertFile: path.join(dir, 'mdm.pem'), apnsVendorKeyFile: path.join(dir, 'vendor.key') } })

const newRequest = async (admin: string) => {
  expect((await h.call('POST', '/certificate/apns/request', { token: admin })).body).toMatchObject({ code: 200, msg: apnsRequestText.created })
  return (await h.call('GET', '/certificate/apns/request/file?kind=CSR', { token: admin })).text
}
const uploadAnswer = (admin: string, certificate: string, extra: object = {}) => h.call('POST', '/certificate/apns/upload', { token: admin, json: { format: 'CERT', certificate, ...extra } })

describe('APNs certificate requested from the certificate page (issue #42)', () => {
  it('makes the key and CSR, hands out the vendor-signed request, and takes Apple’s answer without a key; a renewal keeps the topic', async () => {
    const admin = await h.login('admin')
    expect((await h.call('GET', '/certificate/apns/request', { token: admin })).body.data).toEqual({ vendorConfigured: true, request: null })
    expect((await h.call('GET', '/certificate/apns/request/file?kind=CSR', { token: admin })).body).toMatchObject({ code: 404, msg: apnsRequestText.noRequest })

    const csrPem = await newRequest(admin)
    expect(forge.pki.certificationRequestFromPem(csrPem).verify()).toBe(true)
    const state = (await h.call('GET', '/certificate/apns/request', { token: admin })).body.data
    expect(state).toMatchObject({ vendorConfigured: true, request: { id: 1, usedAt: null } })
    // The request Apple's portal takes: base64 of a plist whose signature is the vendor's over the CSR's DER.
    const signed = await h.call('GET', '/certificate/apns/request/file?kind=SIGNED', { token: admin })
    expect(signed.headers.get('content-disposition')).toContain(apnsRequestText.signedFileName)
    const list = parse(Buffer.from(signed.text, 'base64').toString('utf8')) as Record<string, string>
    expect(Buffer.from(list.PushCertRequestCSR, 'base64').equals(csrDerOf(csrPem))).toBe(true)
    expect(verify('sha256', csrDerOf(csrPem), vendorKey.publicKey, Buffer.from(list.PushCertSignature, 'base64'))).toBe(true)
    expect(new X509Certificate(list.PushCertCertificateChain).subject).toBe('CN=MDM Vendor: Test Rentals')

    // Apple answers with a certificate for the CSR's key: uploaded alone (as DER in base64 too), it finds its key.
    const answer = pushCertificate({ csrPem })
    const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(answer.forgeCert)).getBytes(), 'binary').toString('base64')
    const taken = await uploadAnswer(admin, der)
    expect(taken.body, taken.text).toMatchObject({ code: 200, msg: certificateText.uploaded, data: { source: 'UPLOADED', topic: answer.topic } })
    expect(h.services.apns.topic).toBe(answer.topic)
    expect((await h.call('GET', '/certificate/apns/request', { token: admin })).body.data.request.usedAt).not.toBeNull()

    // Devices enrolled with that topic; a renewal (a new request, Apple keeps the topic) is taken, another topic is not.
    const boss = await h.login('demo')
    await setIosQuota(h, h.demo.bossCompanyId, 1)
    const { phone } = await enrolledIphone(h, boss)
    expect(phone.topic).toBe(answer.topic)
    const renewal = pushCertificate({ csrPem: await newRequest(admin), topic: answer.topic })
    expect((await uploadAnswer(admin, renewal.certificatePem)).body).toMatchObject({ code: 200, data: { topic: answer.topic } })
    const other = pushCertificate({ csrPem: await newRequest(admin) })
    expect((await uploadAnswer(admin, other.certificatePem)).body).toMatchObject({ code: 409, msg: certificateText.topicChanged(answer.topic, other.topic) })
    expect(h.services.apns.topic).toBe(answer.topic)
  })

  it('refuses a certificate for a key it does not hold, or no certificate; signs nothing without a vendor; administrator only', async () => {
    const admin = await h.login('admin')
    await newRequest(admin)
    const stranger = pushCertificate()
    expect((await uploadAnswer(admin, stranger.certificatePem)).body).toMatchObject({ code: 400, msg: apnsRequestText.noMatchingRequest })
    expect((await uploadAnswer(admin, 'not a certificate')).body).toMatchObject({ code: 400, msg: apnsRequestText.badCertificate })
    expect((await h.call('GET', '/certificate/apns/request', { token: admin })).body.data.request.usedAt).toBeNull()
    const unsigned = new PushRequestService({ db: h.services.db, secrets: h.services.secrets, vendor: null })
    await expect(unsigned.file('SIGNED')).rejects.toThrow(apnsRequestText.notSigned)
    expect((await unsigned.state()).vendorConfigured).toBe(false)

    const boss = await h.login('demo')
    expect((await h.call('GET', '/certificate/apns/request', { token: boss })).body.code).toBe(403)
    expect((await h.call('POST', '/certificate/apns/request', { token: boss })).body.code).toBe(403)
    expect((await h.call('GET', '/certificate/apns/request/file?kind=CSR', { token: boss })).body.code).toBe(403)
  })
})
