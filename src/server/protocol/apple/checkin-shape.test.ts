import { readFileSync } from 'node:fs'
import forge from 'node-forge'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import { SimulatedIphone } from '../../../sim/iphone'
import { ephemeralCa } from './ca'
import { enrollmentProfile } from './profile'

const schema = JSON.parse(readFileSync(new URL('../../../../tests/fixtures/apple-mdm-commands.json', import.meta.url), 'utf8')) as {
  checkin: Record<string, string[]>
}

describe('check-in messages', () => {
  it('the simulated iPhone sends only keys of Apple’s check-in schema', () => {
    const ca = ephemeralCa()
    const profile = enrollmentProfile({ publicUrl: 'https://mdm.example.com', topic: 't', companyName: 'c', identity: ca.issueIdentity('x') })
    const phone = new SimulatedIphone({ profile, serialNumber: 'S1' })
    for (const [name, message] of [['authenticate', phone.authenticateMessage()], ['tokenupdate', phone.tokenUpdateMessage()]] as const) {
      expect(Object.keys(message).filter((k) => !schema.checkin[name].includes(k))).toEqual([])
    }
    expect(phone.topic).toBe('t')
    // The identity inside the profile is the CA's.
    expect(ca.verifyIssued(forge.pki.certificateToPem(phone.identity.certificate))).not.toBeNull()
    expect(ephemeralCa().verifyIssued(forge.pki.certificateToPem(phone.identity.certificate))).toBeNull()
  }, 30_000)
})

describe('Apple configuration', () => {
  it('defaults the public URL to this port and refuses an APNs certificate without its key', () => {
    expect(loadConfig({ PORT: '9000' }).apple).toMatchObject({ publicUrl: 'http://localhost:9000', caDir: '.secrets', identitySource: 'signature', clientCertHeader: 'X-Ssl-Client-Cert' })
    expect(loadConfig({ MDM_PUBLIC_URL: 'https://mdm.example.com/' }).apple.publicUrl).toBe('https://mdm.example.com')
    expect(() => loadConfig({ MDM_APNS_CERT_FILE: 'a.pem' })).toThrow()
    expect(() => loadConfig({ MDM_APPLE_IDENTITY: 'nope' })).toThrow()
  }, 30_000)
})
