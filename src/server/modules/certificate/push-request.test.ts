import { createPrivateKey, createPublicKey, generateKeyPairSync, verify, X509Certificate } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import forge from 'node-forge'
import { parse } from 'plist'
import { afterAll, describe, expect, it } from 'vitest'
import { apnsRequestText } from '../../../shared/messages/apns-request'
import { csrDerOf, newPushKeyRequest, publicKeyHashOf, readUploadedCertificate, readVendorIdentity, vendorSignedRequest } from './push-request'

const dir = mkdtempSync(path.join(tmpdir(), 'push-request-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A certificate of `publicKeyPem` issued by `issuerKeyPem` (self-signed when it is the subject's own). */
function certificate(publicKeyPem: string, issuerKeyPem: string, commonName: string): string {
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem)
  cert.serialNumber = '01'
  cert.validity.notBefore = new Date(Date.now() - 60_000)
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000)
  cert.setSubject([{ name: 'commonName', value: commonName }])
  cert.setIssuer([{ name: 'commonName', value: 'Test Apple Root' }])
  cert.sign(forge.pki.privateKeyFromPem(issuerKeyPem), forge.md.sha256.create())
  return forge.pki.certificateToPem(cert)
}

// Test keys are made once and small (the product's push key is 2,048 bits): key generation dominates this file's time.
const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 1024, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })

const root = keyPair()
const vendor = keyPair()
const stranger = keyPair()

describe('the push certificate request (issue #42)', () => {
  const request = newPushKeyRequest({ commonName: 'MDM Push Certificate Request', email: 'it@example.cn' })

  it('is a CSR signed by its own new key, named by the key’s public-key hash', () => {
    const csr = forge.pki.certificationRequestFromPem(request.csrPem)
    expect(csr.verify()).toBe(true)
    expect(csr.subject.getField('CN').value).toBe('MDM Push Certificate Request')
    expect(csr.subject.getField('E').value).toBe('it@example.cn')
    expect(publicKeyHashOf(createPublicKey(forge.pki.publicKeyToPem(csr.publicKey!)))).toBe(request.publicKeyHash)
    expect(publicKeyHashOf(createPublicKey(request.privateKeyPem))).toBe(request.publicKeyHash)
    // The certificate Apple issues for the CSR carries the same public key, so the same hash.
    const issued = new X509Certificate(certificate(forge.pki.publicKeyToPem(csr.publicKey!), root.privateKey, 'APSP:topic'))
    expect(publicKeyHashOf(issued.publicKey)).toBe(request.publicKeyHash)
    expect(issued.checkPrivateKey(createPrivateKey(request.privateKeyPem))).toBe(true)
  })

  it('is signed by the MDM vendor as Apple’s portal takes it: base64 of a plist of the CSR, the chain and a SHA-256 signature', () => {
    const rootPem = certificate(root.publicKey, root.privateKey, 'Test Apple Root')
    const vendorPem = certificate(vendor.publicKey, root.privateKey, 'MDM Vendor: Test Rentals')
    writeFileSync(path.join(dir, 'vendor.pem'), vendorPem + rootPem)
    writeFileSync(path.join(dir, 'vendor.key'), vendor.privateKey)
    const identity = readVendorIdentity(path.join(dir, 'vendor.pem'), path.join(dir, 'vendor.key'))

    const encoded = vendorSignedRequest(request.csrPem, identity)
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/)
    const list = parse(Buffer.from(encoded, 'base64').toString('utf8')) as Record<string, string>
    expect(Object.keys(list).sort()).toEqual(['PushCertCertificateChain', 'PushCertRequestCSR', 'PushCertSignature'])
    const der = Buffer.from(list.PushCertRequestCSR, 'base64')
    expect(der.equals(csrDerOf(request.csrPem))).toBe(true)
    expect(verify('sha256', der, vendor.publicKey, Buffer.from(list.PushCertSignature, 'base64'))).toBe(true)
    expect(verify('sha256', der, root.publicKey, Buffer.from(list.PushCertSignature, 'base64'))).toBe(false)
    const chain = list.PushCertCertificateChain.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!
    expect(chain.map((pem) => new X509Certificate(pem).subject)).toEqual(['CN=MDM Vendor: Test Rentals', 'CN=Test Apple Root'])
  })

  it('refuses a vendor key that is not the vendor certificate’s', () => {
    writeFileSync(path.join(dir, 'other.pem'), certificate(vendor.publicKey, root.privateKey, 'MDM Vendor'))
    writeFileSync(path.join(dir, 'other.key'), stranger.privateKey)
    expect(() => readVendorIdentity(path.join(dir, 'other.pem'), path.join(dir, 'other.key'))).toThrow(apnsRequestText.vendorKeyMismatch)
  })

  it('reads Apple’s answer as PEM, DER in base64, or a PEM file in base64; anything else is null', () => {
    const pem = certificate(stranger.publicKey, root.privateKey, 'APSP:topic')
    const der = new X509Certificate(pem).raw
    for (const text of [pem, der.toString('base64'), Buffer.from(pem).toString('base64')]) expect(readUploadedCertificate(text)?.raw.equals(der)).toBe(true)
    expect(readUploadedCertificate('not a certificate')).toBeNull()
    expect(readUploadedCertificate('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).toBeNull()
  })
})
