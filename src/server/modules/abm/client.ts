import { createHmac, randomBytes } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import type { ServerToken } from './token-pki'

/**
 * Apple's device-assignment API (Apple Business Manager's "MDM server" side; issue #42), after Apple's Device
 * Assignment documentation and nanodep's godep/client (read, not copied). GET /session is signed with OAuth 1.0a
 * (RFC 5849, HMAC-SHA1 only, realm ADM) with the server token's credentials and answers a session token; every
 * other call carries it in X-ADM-Auth-Session, with X-Server-Protocol-Version and a User-Agent. A 401 (the session
 * ran out) is answered by a new session and one retry; 429 and 503 by waiting as Retry-After says, within a bound.
 * Every URL is built from MDM_ABM_URL (https://mdmenrollment.apple.com, or a local simulator's http://127.0.0.1:port).
 */

export const SERVER_PROTOCOL_VERSION = '7'
export const USER_AGENT = 'mdm-console-abm/1'
const JSON_TYPE = 'application/json;charset=UTF8'

/** An answer of Apple's other than 200: its status and body (Apple's words: EXPIRED_CURSOR, T_C_NOT_SIGNED, …). */
export class AbmHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    /** At GET /session: the server token itself was refused (expired, revoked, unknown). */
    readonly atSession = false,
  ) {
    super(`ABM ${status}${atSession ? ' at /session' : ''}: ${body.slice(0, 200)}`)
  }

  /** Apple's word in the body ("EXPIRED_CURSOR"), or the body trimmed. */
  get word(): string {
    const text = this.body.trim().replace(/^"|"$/g, '')
    try {
      const parsed = JSON.parse(this.body) as { code?: unknown; message?: unknown }
      if (typeof parsed.code === 'string') return parsed.code
      if (typeof parsed.message === 'string') return parsed.message
    } catch {
      // a plain-text body
    }
    return text.slice(0, 200)
  }

  /** A cursor that can no longer be continued: a full fetch starts again (Apple: expired, exhausted, invalid). */
  get cursorUnusable(): boolean {
    return this.status === 400 && /EXPIRED_CURSOR|EXHAUSTED_CURSOR|INVALID_CURSOR/.test(this.body)
  }
}

/** Apple kept answering 429 / 503 longer than the caller may wait. */
export class AbmBusyError extends Error {}

/** A device as Apple lists it (POST /server/devices, /devices/sync; godep's DeviceJson). */
export interface AbmDeviceJson {
  serial_number: string
  model?: string
  description?: string
  color?: string
  asset_tag?: string
  device_family?: string
  os?: string
  profile_status?: string
  profile_uuid?: string
  profile_assign_time?: string
  profile_push_time?: string
  device_assigned_date?: string
  device_assigned_by?: string
  op_type?: string
  op_date?: string
}

export interface AbmDevicePage {
  devices?: AbmDeviceJson[]
  cursor: string
  more_to_follow: boolean
  fetched_until?: string
}

/** The automated-enrollment profile (POST /profile; godep's ProfileJson), with the keys we send. */
export interface AbmProfileJson {
  profile_name: string
  url: string
  is_supervised: boolean
  is_mandatory: boolean
  is_mdm_removable: boolean
  await_device_configured: boolean
  allow_pairing?: boolean
  org_magic?: string
  department?: string
  support_phone_number?: string
  support_email_address?: string
  skip_setup_items?: string[]
  devices?: string[]
}

/** Per-serial answers: SUCCESS, NOT_ACCESSIBLE, FAILED. */
export type SerialStatuses = Record<string, string>

export interface AbmClientOptions {
  baseUrl: string
  token: ServerToken
  /** Where the session token is kept between calls (one per company); a new client starts without one. */
  session?: { get(): string | undefined; set(token: string | undefined): void }
  /** Waits between tries on 429 / 503; tests give one that records and returns at once. */
  sleep?: (ms: number) => Promise<void>
  /** The longest the calls of one client wait in all for Apple to stop answering 429 / 503. */
  maxWaitMs?: number
  now?: () => Date
  fetch?: typeof fetch
}

/** RFC 3986 percent-encoding as RFC 5849 §3.6 asks (unreserved characters stay). */
export function oauthEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * The Authorization header of GET /session (RFC 5849 §3.4.1): the signature base string is the method, the URL
 * without its query (scheme and host lower-case, a non-default port kept) and the sorted oauth_* and query
 * parameters; the key is consumer secret & access secret.
 */
export function oauthHeader(method: string, url: URL, token: ServerToken, timestampSeconds: number, nonce: string): string {
  const oauth: Record<string, string> = {
    oauth_consumer_key: token.consumer_key,
    oauth_token: token.access_token,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(timestampSeconds),
    oauth_nonce: nonce,
    oauth_version: '1.0',
  }
  const pairs = [...Object.entries(oauth), ...url.searchParams.entries()].map(([k, v]) => [oauthEncode(k), oauthEncode(v)])
  pairs.sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1))
  const defaultPort = url.port === '' || (url.protocol === 'http:' && url.port === '80') || (url.protocol === 'https:' && url.port === '443')
  const baseUri = `${url.protocol}//${url.hostname.toLowerCase()}${defaultPort ? '' : `:${url.port}`}${url.pathname}`
  const base = [method.toUpperCase(), oauthEncode(baseUri), oauthEncode(pairs.map(([k, v]) => `${k}=${v}`).join('&'))].join('&')
  const signature = createHmac('sha1', `${oauthEncode(token.consumer_secret)}&${oauthEncode(token.access_secret)}`).update(base).digest('base64')
  const params = { ...oauth, oauth_signature: signature }
  return `OAuth realm="ADM", ${Object.entries(params)
    .map(([k, v]) => `${k}="${oauthEncode(v)}"`)
    .join(', ')}`
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (!header) return null
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const at = Date.parse(header)
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime())
}

/** Tries on 429 / 503 beyond the first; the wait without a Retry-After doubles from this. */
const BUSY_RETRIES = 4
const FIRST_BACKOFF_MS = 1000

export class AbmClient {
  private readonly baseUrl: string
  private readonly sleep: (ms: number) => Promise<void>
  private readonly now: () => Date
  private readonly fetch: typeof fetch
  private readonly session: NonNullable<AbmClientOptions['session']>
  /** What is left of maxWaitMs. */
  private waitBudgetMs: number

  constructor(private readonly options: AbmClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.sleep = options.sleep ?? ((ms) => delay(ms))
    this.now = options.now ?? (() => new Date())
    this.fetch = options.fetch ?? fetch
    let own: string | undefined
    this.session = options.session ?? { get: () => own, set: (t) => (own = t) }
    this.waitBudgetMs = options.maxWaitMs ?? 60_000
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { 'User-Agent': USER_AGENT, 'X-Server-Protocol-Version': SERVER_PROTOCOL_VERSION, Accept: JSON_TYPE, ...extra }
  }

  /** One request, tried again after Retry-After on 429 / 503 while the wait budget lasts. */
  private async send(method: string, url: URL, headers: Record<string, string>, body?: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.fetch(url, { method, headers, body })
      if ((res.status !== 429 && res.status !== 503) || attempt >= BUSY_RETRIES) return res
      const wait = retryAfterMs(res.headers.get('Retry-After'), this.now()) ?? FIRST_BACKOFF_MS * 2 ** attempt
      await res.body?.cancel()
      if (wait > this.waitBudgetMs) throw new AbmBusyError(`ABM ${res.status}: Retry-After ${wait} ms exceeds the wait left`)
      this.waitBudgetMs -= wait
      await this.sleep(wait)
    }
  }

  /** GET /session: a new session token, signed with the server token's OAuth credentials. */
  async newSession(): Promise<string> {
    const url = new URL(`${this.baseUrl}/session`)
    const nonce = randomBytes(16).toString('hex')
    const authorization = oauthHeader('GET', url, this.options.token, Math.floor(this.now().getTime() / 1000), nonce)
    const res = await this.send('GET', url, this.headers({ Authorization: authorization, 'Content-Type': JSON_TYPE }))
    const text = await res.text()
    if (res.status !== 200) throw new AbmHttpError(res.status, text, true)
    let session: unknown
    try {
      session = (JSON.parse(text) as { auth_session_token?: unknown }).auth_session_token
    } catch {
      session = undefined
    }
    if (typeof session !== 'string' || session === '') throw new AbmHttpError(res.status, text, true)
    this.session.set(session)
    return session
  }

  /** A call with the session: a new one first if there is none, and a new one and one retry on 401. */
  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`)
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const extra: Record<string, string> = payload === undefined ? {} : { 'Content-Type': JSON_TYPE }
    let session = this.session.get() ?? (await this.newSession())
    let res = await this.send(method, url, this.headers({ ...extra, 'X-ADM-Auth-Session': session }), payload)
    if (res.status === 401 || (res.status === 403 && (await res.clone().text()).trim().replace(/"/g, '') === 'FORBIDDEN')) {
      await res.body?.cancel()
      session = await this.newSession()
      res = await this.send(method, url, this.headers({ ...extra, 'X-ADM-Auth-Session': session }), payload)
    }
    // Apple may hand a new session token in an answer: it replaces the old one.
    const renewed = res.headers.get('X-ADM-Auth-Session')
    if (renewed && renewed !== session) this.session.set(renewed)
    const text = await res.text()
    if (res.status !== 200) {
      if (res.status === 401) this.session.set(undefined)
      throw new AbmHttpError(res.status, text)
    }
    try {
      return (text ? JSON.parse(text) : {}) as T
    } catch {
      throw new AbmHttpError(res.status, text)
    }
  }

  /** GET /account: the organisation and the MDM server this token is for. */
  account(): Promise<Record<string, unknown>> {
    return this.call('GET', '/account')
  }

  /** POST /server/devices: one page of every device assigned to this MDM server. */
  fetchDevices(cursor: string | null, limit?: number): Promise<AbmDevicePage> {
    return this.call('POST', '/server/devices', { ...(cursor ? { cursor } : {}), ...(limit ? { limit } : {}) })
  }

  /** POST /devices/sync: what changed since `cursor` (op_type added, modified, deleted). */
  syncDevices(cursor: string, limit?: number): Promise<AbmDevicePage> {
    return this.call('POST', '/devices/sync', { cursor, ...(limit ? { limit } : {}) })
  }

  defineProfile(profile: AbmProfileJson): Promise<{ profile_uuid: string; devices?: SerialStatuses }> {
    return this.call('POST', '/profile', profile)
  }

  assignProfile(profileUuid: string, serials: string[]): Promise<{ profile_uuid?: string; devices?: SerialStatuses }> {
    return this.call('PUT', '/profile/devices', { profile_uuid: profileUuid, devices: serials })
  }

  /** POST /devices/disown: the serials only; Apple answers each (SUCCESS, NOT_ACCESSIBLE, FAILED). */
  disownDevices(serials: string[]): Promise<{ devices?: SerialStatuses }> {
    return this.call('POST', '/devices/disown', { devices: serials })
  }
}
