import { describe, expect, it } from 'vitest'
import { OutOfBoxIphone, simulatedAppleDeviceCa } from '../../../sim/iphone-dep'
import { cmsSignedData } from '../../../sim/iphone-identity'
import { APPLE_ROOT_CA_PEM } from './apple-root-ca'
import { certificatesOfPem, verifiedMachineInfo } from './machine-info'

const apple = simulatedAppleDeviceCa()
const other = simulatedAppleDeviceCa()
const roots = certificatesOfPem(apple.rootPem)
const phone = new OutOfBoxIphone({ serialNumber: 'f2lxdep00001', deviceCa: apple, cloudConfiguration: () => null })
const signed = phone.signedMachineInfo()

describe('MachineInfo', () => {
  it('is read when signed by a device identity chained to a trusted root', async () => {
    const info = await verifiedMachineInfo(signed, roots)
    expect(info).toMatchObject({ udid: phone.udid, serial: 'F2LXDEP00001', product: 'iPhone15,2', version: '21F90', osVersion: '17.5.1', language: 'zh-Hans', canRequestSoftwareUpdate: true })
  })

  it('is refused signed under another root, without its intermediate, self-signed, altered or not a CMS at all', async () => {
    expect(await verifiedMachineInfo(signed, certificatesOfPem(other.rootPem))).toBeNull()
    expect(await verifiedMachineInfo(signed, certificatesOfPem(APPLE_ROOT_CA_PEM))).toBeNull()
    expect(await verifiedMachineInfo(phone.signedMachineInfo({ signer: phone.deviceIdentity, chain: [] }), roots)).toBeNull()
    // A phone of the other CA presenting this CA's intermediate: the signature's chain does not hold.
    const stranger = other.issueDeviceIdentity('STRANGER')
    expect(await verifiedMachineInfo(phone.signedMachineInfo({ signer: stranger, chain: [apple.intermediate.certificate] }), roots)).toBeNull()
    const altered = Buffer.from(signed.toString('binary').replace('F2LXDEP00001', 'F2LXDEP00002').replace('f2lxdep00001', 'f2lxdep00002'), 'binary')
    expect(altered.equals(signed)).toBe(false)
    expect(await verifiedMachineInfo(altered, roots)).toBeNull()
    expect(await verifiedMachineInfo(new Uint8Array([1, 2, 3]), roots)).toBeNull()
    expect(await verifiedMachineInfo(signed, [])).toBeNull()
    // Signed, but no MachineInfo inside.
    expect(await verifiedMachineInfo(cmsSignedData('<plist><dict/></plist>', phone.deviceIdentity, { chain: [apple.intermediate.certificate] }), roots)).toBeNull()
  })

  it('trusts Apple Root CA by default', () => {
    const [root] = certificatesOfPem(APPLE_ROOT_CA_PEM)
    expect(root.subject.typesAndValues.map((t) => t.value.valueBlock.value)).toContain('Apple Root CA')
  })
})
