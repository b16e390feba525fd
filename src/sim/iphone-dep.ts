import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto'
import forge from 'node-forge'
import { build, type PlistValue } from 'plist'
import { SimulatedIphone, type SimulatedIphoneOptions } from './iphone'
import { cmsSignedData } from './iphone-identity'

/**
 * A simulated out-of-box iPhone (issue #42): automated enrollment through Apple Business Manager, as a real phone does
 * it in Setup Assistant. At activation Apple tells it the cloud configuration ABM assigned its serial (the profile's
 * `url`, supervision, await_device_configured); it POSTs its MachineInfo there, signed with its Apple device identity
 * (CMS SignedData, the property list inside, its identity and intermediate among the certificates); installs the
 * enrollment profile it gets (Authenticate, TokenUpdate with AwaitingConfiguration); answers the server's first
 * commands and stays in Setup Assistant until DeviceConfigured. From then on it is the ordinary simulated iPhone
 * (src/sim/iphone.ts), supervised.
 *
 * The device identity is issued by a simulated Apple device CA (a root and an "iPhone Device CA" under it): the server
 * trusts that root only where it is told to (MDM_APPLE_DEP_ROOTS_FILE in tests and the demo).
 */
type Dict = Record<string, unknown>

interface CertifiedKey {
  certificate: forge.pki.Certificate
  key: forge.pki.rsa.PrivateKey
}

export interface SimulatedAppleDeviceCa {
  /** The root, PEM: what the server must trust (MDM_APPLE_DEP_ROOTS_FILE) to believe these phones. */
  rootPem: string
  intermediate: CertifiedKey
  /** A phone's device identity, issued by the intermediate. */
  issueDeviceIdentity(udid: string): CertifiedKey
}

/** RSA 1024, as the device identities Apple's iPhone Device CA issues (and cheap to make: a test makes several). */
function rsaKey(): { key: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 })
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()) as forge.pki.rsa.PrivateKey
  return { key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) }
}

function certificate(o: { publicKey: forge.pki.rsa.PublicKey; subject: string; issuer: forge.pki.Certificate | null; signingKey: forge.pki.rsa.PrivateKey; ca: boolean; years: number }) {
  const cert = forge.pki.createCertificate()
  cert.publicKey = o.publicKey
  const serial = randomBytes(12)
  serial[0] &= 0x7f
  cert.serialNumber = `01${serial.toString('hex')}`
  cert.validity.notBefore = new Date(Date.now() - 86400_000)
  cert.validity.notAfter = new Date(Date.now() + o.years * 365 * 86400_000)
  const subject = [
    { name: 'commonName', value: o.subject },
    { name: 'organizationName', value: 'Simulated Apple Inc.' },
  ]
  cert.setSubject(subject)
  cert.setIssuer(o.issuer ? o.issuer.subject.attributes : subject)
  cert.setExtensions(
    o.ca
      ? [{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }]
      : [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true }],
  )
  cert.sign(o.signingKey, forge.md.sha256.create())
  return cert
}

/** A simulated Apple device CA of this process: a root and the iPhone Device CA that issues phones' identities. */
export function simulatedAppleDeviceCa(): SimulatedAppleDeviceCa {
  const root = rsaKey()
  const rootCert = certificate({ publicKey: root.publicKey, subject: 'Simulated Apple Root CA', issuer: null, signingKey: root.key, ca: true, years: 20 })
  const mid = rsaKey()
  const midCert = certificate({ publicKey: mid.publicKey, subject: 'Simulated Apple iPhone Device CA', issuer: rootCert, signingKey: root.key, ca: true, years: 15 })
  return {
    rootPem: forge.pki.certificateToPem(rootCert),
    intermediate: { certificate: midCert, key: mid.key },
    issueDeviceIdentity(udid) {
      const own = rsaKey()
      return { certificate: certificate({ publicKey: own.publicKey, subject: udid, issuer: midCert, signingKey: mid.key, ca: false, years: 10 }), key: own.key }
    },
  }
}

/** What Apple's activation tells a phone of its ABM profile (the keys of ABM's profile JSON it acts on). */
export interface CloudConfiguration {
  url: string
  isSupervised: boolean
  awaitDeviceConfigured: boolean
}

/** The profile ABM (the simulated service's state: profiles and assignments) assigned a serial, if any. */
export function cloudConfigurationOf(abm: { profiles: Map<string, Record<string, unknown>>; assignments: Map<string, string> }, serial: string): CloudConfiguration | null {
  const uuid = abm.assignments.get(serial)
  const profile = uuid ? abm.profiles.get(uuid) : undefined
  if (!profile || typeof profile.url !== 'string') return null
  // Since iOS 13 every phone enrolled this way is supervised, whatever is_supervised says.
  return { url: profile.url, isSupervised: true, awaitDeviceConfigured: profile.await_device_configured === true }
}

/** The simulated iPhone once its ABM profile is installed: it waits in Setup Assistant until DeviceConfigured. */
export class DepIphone extends SimulatedIphone {
  awaitingConfiguration: boolean

  constructor(options: SimulatedIphoneOptions, awaitingConfiguration: boolean) {
    super(options)
    this.awaitingConfiguration = awaitingConfiguration
  }

  override tokenUpdateMessage(): Dict {
    return { ...super.tokenUpdateMessage(), AwaitingConfiguration: this.awaitingConfiguration }
  }

  override execute(envelope: Dict): Dict {
    const command = (envelope.Command ?? {}) as Dict
    if (command.RequestType !== 'DeviceConfigured') return super.execute(envelope)
    const base = { UDID: this.udid, CommandUUID: String(envelope.CommandUUID) }
    // Apple's device.configured.yaml: only a phone in Setup Assistant awaiting configuration takes it.
    const answer = this.awaitingConfiguration
      ? { ...base, Status: 'Acknowledged' }
      : { ...base, Status: 'Error', ErrorChain: [{ ErrorCode: 12000, ErrorDomain: 'MCMDMErrorDomain', LocalizedDescription: '设备未在等待配置' }] }
    this.awaitingConfiguration = false
    this.log.push({ requestType: 'DeviceConfigured', status: String(answer.Status), commandUuid: base.CommandUUID })
    return answer
  }
}

/** An HTTP client that also sends a binary body (the signed MachineInfo); the phone's own fetch beyond that. */
export type BinaryFetch = (input: string, init: { method: string; headers: Record<string, string>; body: string | Uint8Array }) => Promise<Response>

export interface OutOfBoxIphoneOptions extends Omit<SimulatedIphoneOptions, 'profile' | 'identity' | 'supervised' | 'udid' | 'fetch'> {
  fetch?: BinaryFetch
  deviceCa: SimulatedAppleDeviceCa
  /** What Apple's activation answers for this serial (cloudConfigurationOf the simulated ABM); null: not in ABM. */
  cloudConfiguration: () => CloudConfiguration | null
  udid?: string
  language?: string
}

export class OutOfBoxIphone {
  readonly udid: string
  /** Its Apple device identity (what a real phone holds in its secure enclave). */
  readonly deviceIdentity: CertifiedKey
  /** The enrolled phone, once the profile is installed. */
  phone: DepIphone | null = null
  private readonly fetch: BinaryFetch

  constructor(private readonly options: OutOfBoxIphoneOptions) {
    this.udid = options.udid ?? randomUUID().toUpperCase()
    this.deviceIdentity = options.deviceCa.issueDeviceIdentity(this.udid)
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init as RequestInit))
  }

  machineInfo(): Dict {
    return {
      UDID: this.udid,
      SERIAL: this.options.serialNumber,
      PRODUCT: this.options.productName ?? 'iPhone15,2',
      VERSION: '21F90',
      OS_VERSION: this.options.osVersion ?? '17.5.1',
      IMEI: '35 000000 000000 0',
      LANGUAGE: this.options.language ?? 'zh-Hans',
      MDM_CAN_REQUEST_SOFTWARE_UPDATE: true,
    }
  }

  /** The MachineInfo, signed (`as` another identity or chain only for tests of refusals). */
  signedMachineInfo(as: { signer: CertifiedKey; chain: forge.pki.Certificate[] } = { signer: this.deviceIdentity, chain: [this.options.deviceCa.intermediate.certificate] }): Buffer {
    return cmsSignedData(build(this.machineInfo() as PlistValue), as.signer, { chain: as.chain })
  }

  /** POSTs a signed MachineInfo to the cloud configuration's url, as Setup Assistant does. */
  async requestProfile(body: Buffer = this.signedMachineInfo()): Promise<Response> {
    const config = this.options.cloudConfiguration()
    if (!config) throw new Error(`${this.options.serialNumber} has no cloud configuration (not assigned in ABM)`)
    const url = this.options.rewriteUrl ? this.options.rewriteUrl(config.url) : config.url
    return this.fetch(url, { method: 'POST', headers: { 'content-type': 'application/pkcs7-signature' }, body: new Uint8Array(body) })
  }

  /**
   * Setup Assistant: the profile for its MachineInfo, installed (Authenticate, TokenUpdate), then what the server's
   * push makes it do — answer its first commands, DeviceConfigured among them. `checkIn: false` stops after the
   * TokenUpdate.
   */
  async activate({ checkIn = true }: { checkIn?: boolean } = {}): Promise<DepIphone> {
    const config = this.options.cloudConfiguration()
    const res = await this.requestProfile()
    if (res.status !== 200) throw new Error(`enrollment URL answered ${res.status}: ${await res.text()}`)
    const { deviceCa: _ca, cloudConfiguration: _cloud, language: _language, ...rest } = this.options
    this.phone = new DepIphone({ ...rest, profile: await res.text(), udid: this.udid, supervised: config?.isSupervised ?? true }, config?.awaitDeviceConfigured ?? false)
    await this.phone.enroll({ checkIn })
    return this.phone
  }
}
