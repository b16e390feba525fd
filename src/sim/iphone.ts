import { randomBytes, randomUUID } from 'node:crypto'
import forge from 'node-forge'
import { build, parse, type PlistValue } from 'plist'
import { blockedBundleIds, detailBInitialState, installApplication, settingsItem, type DetailBOptions, type DetailBState } from './iphone-detail-b'
import { bypassCodeText, newBypassCode } from '../server/modules/abm/albc'
import { identityFromProfile, mdmSignature, type PayloadIdentity } from './iphone-identity'
import { imeiFor } from './imei'
import { installProfile, lockScreenFootnote, removeProfile, restrictionsInForce, type InstalledProfile } from './iphone-profiles'

/**
 * A simulated iPhone speaking Apple MDM to this server (docs/apple-mdm.md), the way a real one does: it installs
 * the downloaded enrollment profile (the identity comes out of the PKCS#12 with the payload's password), signs every
 * message with that identity (Mdm-Signature: CMS, detached), checks in (Authenticate, TokenUpdate), and answers
 * commands at the ServerURL with its own state. node-forge reads the PKCS#12 and makes the CMS signature.
 */
export type IphoneFetch = (input: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<Response>

type Dict = Record<string, unknown>

export interface SimulatedIphoneOptions extends DetailBOptions {
  /** The .mobileconfig as downloaded. */
  profile: string
  serialNumber: string
  /** Default: one of its own, from the serial number (imeiFor). */
  imei?: string
  udid?: string
  fetch?: IphoneFetch
  /** Rewrites the profile's URLs (a test app at http://mdm.test, or a server reached by another name). */
  rewriteUrl?: (url: string) => string
  supervised?: boolean
  osVersion?: string
  /** Answer NotNow to every n-th command (0: never). Deterministic, for tests and the demo. */
  notNowEvery?: number
  /** Where the phone starts (WGS84); it moves a little at every location request. */
  location?: { latitude: number; longitude: number }
  deviceName?: string
  /** The product identifier it reports (ProductName, "iPhone15,2" when not given). */
  productName?: string
  /**
   * The identity, already opened: a fleet of simulated phones (the benchmark) shares one downloaded profile for its
   * URLs and gives each phone its own certificate, instead of opening a PKCS#12 per phone.
   */
  identity?: PayloadIdentity
  /**
   * Send the identity as a TLS terminator forwards a client certificate (this header, URL-escaped PEM; the server's
   * MDM_APPLE_IDENTITY=client-cert) instead of signing each message (Mdm-Signature).
   */
  clientCertHeader?: string
}

export interface IphoneState extends DetailBState {
  enrolled: boolean
  erased: boolean
  supervised: boolean
  osVersion: string
  pendingUpdate: string | null
  lostMode: { message: string; phoneNumber: string; footnote: string } | null
  locked: boolean
  /** The message DeviceLock put on the lock screen (一键下锁), until lost mode replaces it. */
  lockMessage: string | null
  passcode: string | null
  activationLockAllowed: boolean
  /** The phone's own Activation Lock bypass code (human-readable), made at set-up and again after an erase. */
  bypassCode: string
  location: { latitude: number; longitude: number }
  installedApps: { Identifier: string; Name: string; ShortVersion: string }[]
  soundsPlayed: number
  profileRemoved: boolean
  /** Configuration profiles installed by InstallProfile, by PayloadIdentifier, as received (iphone-profiles.ts). */
  profiles: Map<string, InstalledProfile>
  /** 0…1; it drains a little between DeviceInformation requests. */
  batteryLevel: number
  /** GB free of the 128 GB. */
  availableCapacity: number
}

export { identityFromProfile, mdmSignature, openPkcs12, type PayloadIdentity } from './iphone-identity'

const APPS = [
  { Identifier: 'com.apple.mobilesafari', Name: 'Safari', ShortVersion: '17.5' },
  { Identifier: 'com.tencent.xin', Name: '微信', ShortVersion: '8.0.50' },
  { Identifier: 'com.alipay.iphoneclient', Name: '支付宝', ShortVersion: '10.6.0' },
]

export class SimulatedIphone {
  readonly udid: string
  readonly imei: string
  readonly identity: PayloadIdentity
  readonly state: IphoneState
  private readonly mdm: Dict
  /** The enrollment profile's PayloadIdentifier: RemoveProfile of it ends management. */
  private readonly mdmProfileIdentifier: string
  private readonly fetch: IphoneFetch
  private readonly pushMagic = randomUUID().toUpperCase()
  readonly pushToken = randomBytes(32)
  private answered = 0
  /** While true the phone answers NotNow to every command, as a locked iPhone does to one that needs it unlocked. */
  busy = false
  private timer: NodeJS.Timeout | null = null
  /** Commands executed, in order (RequestType and how the phone answered). */
  readonly log: { requestType: string; status: string; commandUuid: string }[] = []

  constructor(private readonly options: SimulatedIphoneOptions) {
    const root = parse(options.profile) as Dict
    if (options.identity) {
      this.identity = options.identity
      this.mdm = ((root.PayloadContent as Dict[]) ?? []).find((p) => p.PayloadType === 'com.apple.mdm') ?? {}
    } else {
      const { identity, mdm } = identityFromProfile(options.profile)
      this.identity = identity
      this.mdm = mdm
    }
    this.mdmProfileIdentifier = String(root.PayloadIdentifier)
    this.udid = options.udid ?? randomUUID().toUpperCase()
    this.imei = options.imei ?? imeiFor(options.serialNumber)
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    this.state = {
      enrolled: false,
      erased: false,
      supervised: options.supervised ?? true,
      osVersion: options.osVersion ?? '17.5.1',
      pendingUpdate: null,
      lostMode: null,
      locked: false,
      lockMessage: null,
      passcode: '123456',
      activationLockAllowed: false,
      bypassCode: bypassCodeText(newBypassCode()),
      location: options.location ?? { latitude: 31.2304, longitude: 121.4737 },
      installedApps: [...APPS],
      soundsPlayed: 0,
      profileRemoved: false,
      ...detailBInitialState(),
      profiles: new Map(),
      batteryLevel: 0.8,
      availableCapacity: 64.5,
    }
  }

  /**
   * What the lock screen shows: in lost mode (and pay mode, which is lost mode with the payment notice) its message
   * and phone; after a DeviceLock its message; otherwise nothing.
   */
  get lockScreen(): { message: string; phoneNumber: string } | null {
    if (this.state.lostMode) return { message: this.state.lostMode.message, phoneNumber: this.state.lostMode.phoneNumber }
    if (this.state.locked && this.state.lockMessage) return { message: this.state.lockMessage, phoneNumber: '' }
    return null
  }

  /** Whether the user can open an app: installed, and not forbidden by an installed restriction. */
  canLaunch(bundleId: string): boolean {
    return this.state.installedApps.some((a) => a.Identifier === bundleId) && !this.blockedApps.includes(bundleId)
  }

  get blockedApps(): string[] {
    return blockedBundleIds(this.state.profiles, this.state.supervised)
  }

  /** The lock screen's footnote (a lock-screen message profile), shown until it expires or is removed. */
  get lockScreenFootnote(): string | null {
    return lockScreenFootnote(this.state.profiles)
  }

  /** The com.apple.applicationaccess keys in force. */
  get restrictions(): Dict {
    return restrictionsInForce(this.state.profiles)
  }

  get topic(): string {
    return String(this.mdm.Topic)
  }

  private url(key: 'CheckInURL' | 'ServerURL'): string {
    const url = String(this.mdm[key])
    return this.options.rewriteUrl ? this.options.rewriteUrl(url) : url
  }

  /** Sends one signed message; `sign` false or another identity only for tests of refusals. */
  async send(key: 'CheckInURL' | 'ServerURL', message: Dict, as: Pick<PayloadIdentity, 'certificate' | 'key'> | null = this.identity): Promise<Response> {
    const body = build(message as PlistValue)
    const headers: Record<string, string> = {
      'content-type': key === 'CheckInURL' ? 'application/x-apple-aspen-mdm-checkin' : 'application/x-apple-aspen-mdm',
    }
    if (as && this.options.clientCertHeader) headers[this.options.clientCertHeader] = encodeURIComponent(forge.pki.certificateToPem(as.certificate))
    else if (as) headers['mdm-signature'] = mdmSignature(as, body)
    return this.fetch(this.url(key), { method: 'PUT', headers, body })
  }

  authenticateMessage(): Dict {
    return {
      MessageType: 'Authenticate',
      Topic: this.topic,
      UDID: this.udid,
      SerialNumber: this.options.serialNumber,
      // No DeviceName, ModelName or Model: Apple's schema (mdm/checkin/authenticate.yaml) has them on macOS only.
      ProductName: this.options.productName ?? 'iPhone15,2',
      OSVersion: this.state.osVersion,
      BuildVersion: '21F90',
      IMEI: this.imei,
    }
  }

  tokenUpdateMessage(): Dict {
    return {
      MessageType: 'TokenUpdate',
      Topic: this.topic,
      UDID: this.udid,
      Token: this.pushToken,
      PushMagic: this.pushMagic,
      UnlockToken: Buffer.from(`unlock-${this.udid}`),
      AwaitingConfiguration: false,
    }
  }

  /**
   * Installs the profile: Authenticate, then TokenUpdate; then, as the push the server sends at the first token makes
   * a real phone do, checks in and answers what the server asks (its DeviceInformation). `checkIn: false` stops
   * after the TokenUpdate, the queue as the server left it.
   */
  async enroll({ checkIn = true }: { checkIn?: boolean } = {}): Promise<void> {
    for (const message of [this.authenticateMessage(), this.tokenUpdateMessage()]) {
      const res = await this.send('CheckInURL', message)
      if (res.status !== 200) throw new Error(`${String(message.MessageType)} answered ${res.status}: ${await res.text()}`)
    }
    this.state.enrolled = true
    if (checkIn) await this.checkIn()
  }

  async checkOut(): Promise<Response> {
    const res = await this.send('CheckInURL', { MessageType: 'CheckOut', Topic: this.topic, UDID: this.udid })
    if (res.status === 200) this.state.enrolled = false
    return res
  }

  /**
   * What a push makes a device do: Idle, then answer every command the server hands out until it has none.
   * Returns how many commands it answered.
   */
  async checkIn(maxCommands = 50): Promise<number> {
    if (!this.state.enrolled) return 0
    let answer: Dict = { Status: 'Idle', UDID: this.udid }
    let count = 0
    for (;;) {
      const res = await this.send('ServerURL', answer)
      if (res.status !== 200) throw new Error(`ServerURL answered ${res.status}: ${await res.text()}`)
      const text = await res.text()
      if (!text.trim() || !this.state.enrolled || count >= maxCommands) return count
      const next = parse(text) as Dict
      answer = this.execute(next)
      count++
      if (answer.Status === 'NotNow' || !this.state.enrolled || this.state.profileRemoved) {
        await this.send('ServerURL', answer)
        // The enrollment profile was removed (CheckOutWhenRemoved): the phone tells the server and stops.
        if (this.state.profileRemoved && this.state.enrolled) await this.checkOut()
        return count
      }
    }
  }

  /** Polls every `ms` (no push reaches a simulated phone); stop() ends it. */
  startPolling(ms: number, onError: (error: unknown) => void = () => {}): void {
    this.stop()
    const tick = () => {
      this.checkIn()
        .catch(onError)
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, ms)
        })
    }
    this.timer = setTimeout(tick, ms)
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  /** Executes one command with the phone's own state and returns its answer. */
  execute(envelope: Dict): Dict {
    const uuid = String(envelope.CommandUUID)
    const command = (envelope.Command ?? {}) as Dict
    const requestType = String(command.RequestType)
    const base = { UDID: this.udid, CommandUUID: uuid }
    this.answered++
    const every = this.options.notNowEvery ?? 0
    if (this.busy || (every > 0 && this.answered % every === 0)) {
      this.log.push({ requestType, status: 'NotNow', commandUuid: uuid })
      return { ...base, Status: 'NotNow' }
    }
    const answer = this.run(requestType, command)
    const status = 'Status' in answer ? String(answer.Status) : 'Acknowledged'
    this.log.push({ requestType, status, commandUuid: uuid })
    return { Status: 'Acknowledged', ...answer, ...base }
  }

  private error(code: number, description: string): Dict {
    return { Status: 'Error', ErrorChain: [{ ErrorCode: code, ErrorDomain: 'MCMDMErrorDomain', LocalizedDescription: description, USEnglishDescription: description }] }
  }

  private run(requestType: string, command: Dict): Dict {
    const s = this.state
    const supervisedOnly = ['EnableLostMode', 'DisableLostMode', 'DeviceLocation', 'PlayLostModeSound', 'ScheduleOSUpdate', 'ActivationLockBypassCode', 'Settings']
    if (supervisedOnly.includes(requestType) && !s.supervised) return this.error(12081, '设备未受监管')
    switch (requestType) {
      case 'EnableLostMode':
        s.lostMode = { message: String(command.Message ?? ''), phoneNumber: String(command.PhoneNumber ?? ''), footnote: String(command.Footnote ?? '') }
        s.locked = true
        return {}
      case 'DisableLostMode':
        if (!s.lostMode) return this.error(12067, '设备未处于丢失模式')
        s.lostMode = null
        return {}
      case 'DeviceLocation':
        if (!s.lostMode) return this.error(12067, '设备未处于丢失模式')
        // It moves a little between requests.
        s.location = { latitude: s.location.latitude + 0.001, longitude: s.location.longitude + 0.0015 }
        return { Latitude: s.location.latitude, Longitude: s.location.longitude, HorizontalAccuracy: 15, Timestamp: new Date().toISOString() }
      case 'PlayLostModeSound':
        if (!s.lostMode) return this.error(12067, '设备未处于丢失模式')
        s.soundsPlayed++
        return {}
      case 'DeviceLock':
        // An iPhone ignores the PIN (it is for Macs) and locks.
        s.locked = true
        s.lockMessage = typeof command.Message === 'string' ? command.Message : null
        return {}
      case 'ClearPasscode':
        if (!(command.UnlockToken instanceof Uint8Array)) return this.error(12021, '解锁令牌无效')
        s.passcode = null
        return {}
      case 'EraseDevice':
        s.erased = true
        s.locked = false
        s.lockMessage = null
        s.enrolled = false
        s.lostMode = null
        s.passcode = null
        s.installedApps = []
        s.bypassCode = bypassCodeText(newBypassCode())
        return {}
      case 'RemoveProfile': {
        // Removing the profile that enrolled it ends management; any other is one of its installed profiles.
        if (command.Identifier === this.mdmProfileIdentifier) {
          s.profileRemoved = true
          return {}
        }
        const removed = removeProfile(s.profiles, String(command.Identifier))
        return removed.ok ? removed.answer : this.error(removed.code, removed.description)
      }
      case 'InstallProfile': {
        const installed = installProfile(s.profiles, command, s.supervised)
        return installed.ok ? installed.answer : this.error(installed.code, installed.description)
      }
      case 'Settings': {
        const items = Array.isArray(command.Settings) ? (command.Settings as Dict[]) : []
        const unknown = (item: Dict) => ({ Item: item.Item, Status: 'Error', ErrorChain: [{ ErrorCode: 12000, LocalizedDescription: 'Unsupported setting' }] })
        return { Settings: items.map((item) => settingsItem(s, item) ?? unknown(item)) }
      }
      case 'InstallApplication':
        return installApplication(s, command, this.options)
      case 'ActivationLockBypassCode':
        // A phone without a code (cleared by ClearActivationLockBypassCode) answers without the key.
        return s.bypassCode ? { ActivationLockBypassCode: s.bypassCode } : {}
      case 'InstalledApplicationList':
        return { InstalledApplicationList: s.installedApps }
      case 'ScheduleOSUpdate': {
        s.pendingUpdate = '17.6'
        return { UpdateResults: [{ ProductKey: 'iOSUpdate21G80', InstallAction: 'Default', Status: 'Idle' }] }
      }
      case 'DeviceInformation': {
        s.batteryLevel = Math.max(0.05, Math.round((s.batteryLevel - 0.01) * 100) / 100)
        // As iOS 17 answers: the carrier, roaming, ICCID, IMEI and phone number per SIM under ServiceSubscriptions (the
        // top-level keys are deprecated since iOS 16, Apple's information.device.yaml).
        const all: Dict = {
          WiFiMAC: 'a4:83:e7:12:34:56', BluetoothMAC: 'a4:83:e7:12:34:57', CellularTechnology: 1, DataRoamingEnabled: false, VoiceRoamingEnabled: true,
          PersonalHotspotEnabled: false,
          ServiceSubscriptions: [
            {
              Slot: 'CTSubscriptionSlotOne', Label: '主号', CurrentCarrierNetwork: '中国移动', SubscriberCarrierNetwork: '中国移动', IsRoaming: false,
              IsDataPreferred: true, IsVoicePreferred: true, PhoneNumber: '+86 138 0000 0000', IMEI: this.imei, ICCID: '8986 0000 0000 0000 0000',
            },
          ],
          OSVersion: s.osVersion, BuildVersion: '21F90', IsSupervised: s.supervised, IsActivationLockEnabled: s.activationLockAllowed,
          BatteryLevel: s.batteryLevel, DeviceName: this.options.deviceName ?? 'iPhone', ModelName: 'iPhone',
          Model: 'D73AP', ProductName: this.options.productName ?? 'iPhone15,2', SerialNumber: this.options.serialNumber, DeviceCapacity: 128, AvailableDeviceCapacity: s.availableCapacity,
        }
        const queries = Array.isArray(command.Queries) ? (command.Queries as string[]) : Object.keys(all)
        return { QueryResponses: Object.fromEntries(queries.filter((q) => q in all).map((q) => [q, all[q]])) }
      }
      default:
        return { Status: 'CommandFormatError' }
    }
  }
}
