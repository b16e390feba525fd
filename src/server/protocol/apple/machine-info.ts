import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { parseDict, str, type PlistDict } from './plist'

/**
 * A phone's MachineInfo (Apple's other/machineinfo.yaml): what an iPhone in Setup Assistant POSTs to the ABM profile's
 * `url` (Content-Type application/pkcs7-signature) to fetch its enrollment profile. The body is a CMS SignedData
 * holding the property list, signed with the phone's Apple device identity; the certificates carry that identity and
 * its intermediates, and the chain must end at one of the trusted roots (Apple Root CA; the simulator's in tests and
 * the demo). Only then is the serial it names believed.
 */
export interface MachineInfo {
  udid: string
  serial: string
  product: string
  version: string
  osVersion?: string
  imei?: string
  meid?: string
  language?: string
  canRequestSoftwareUpdate: boolean
}

/** The certificates of a PEM bundle (roots of MDM_APPLE_DEP_ROOTS_FILE); whatever is not a certificate is skipped. */
export function certificatesOfPem(bundle: string): pkijs.Certificate[] {
  const blocks = bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? []
  const certificates: pkijs.Certificate[] = []
  for (const block of blocks) {
    try {
      const der = Buffer.from(block.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''), 'base64')
      certificates.push(pkijs.Certificate.fromBER(new Uint8Array(der)))
    } catch {
      // Not a certificate: it cannot be a root of anything.
    }
  }
  return certificates
}

/** Serial numbers and UDIDs as Apple writes them; anything else is not a MachineInfo of a phone. */
const SERIAL = /^[A-Z0-9]{1,64}$/i
const UDID = /^[A-Za-z0-9-]{1,128}$/

function readMachineInfo(dict: PlistDict): MachineInfo | null {
  const udid = str(dict, 'UDID')
  const serial = str(dict, 'SERIAL')
  const product = str(dict, 'PRODUCT')
  const version = str(dict, 'VERSION')
  if (!udid || !UDID.test(udid) || !serial || !SERIAL.test(serial) || !product || !version) return null
  const optional = (key: string) => str(dict, key)?.slice(0, 64)
  return {
    udid,
    serial: serial.toUpperCase(),
    product: product.slice(0, 64),
    version: version.slice(0, 32),
    osVersion: optional('OS_VERSION'),
    imei: optional('IMEI'),
    meid: optional('MEID'),
    language: optional('LANGUAGE'),
    canRequestSoftwareUpdate: dict.MDM_CAN_REQUEST_SOFTWARE_UPDATE === true,
  }
}

/**
 * The MachineInfo of a signed body, or null when the body is not a CMS SignedData with the property list inside, its
 * signature does not verify, or its signer's chain does not end at one of `roots` (checked at `now`).
 */
export async function verifiedMachineInfo(body: Uint8Array, roots: pkijs.Certificate[], now = new Date()): Promise<MachineInfo | null> {
  if (body.length === 0 || roots.length === 0) return null
  try {
    const info = new pkijs.ContentInfo({ schema: asn1js.fromBER(body).result })
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) return null
    const signed = new pkijs.SignedData({ schema: info.content })
    const content = signed.encapContentInfo.eContent
    if (signed.signerInfos.length !== 1 || !content) return null
    const result = await signed.verify({ signer: 0, checkChain: true, trustedCerts: roots, checkDate: now, extendedMode: true })
    if (!result.signatureVerified) return null
    const dict = parseDict(Buffer.from(content.getValue()).toString('utf8'))
    return dict ? readMachineInfo(dict) : null
  } catch {
    // A body that is no CMS at all, or a chain that does not verify (pkijs throws its SignedDataVerifyError).
    return null
  }
}
