import { and, count, desc, eq, ilike, isNotNull, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import { ABM_TOKEN_WARNING_DAYS, type AbmDeviceRecord, type AbmDeviceSearchQuery, type AbmLinkState, type AbmSyncResponse } from '../../../shared/contract/abm'
import type { FileAnswer } from '../../../shared/contract/endpoint'
import { formatDate } from '../../../shared/domain/format'
import { abmText as t, appleWord } from '../../../shared/messages/abm'
import { appleMdmText } from '../../../shared/messages/apple'
import { ownCompanyId } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import type { AppConfig } from '../../config'
import type { SecretBox } from '../../crypto/secret-box'
import type { Db } from '../../db/client'
import { likePattern } from '../../db/like'
import { pagedNewestFirst } from '../../db/paging'
import { abmDevices, abmLinks } from '../../db/schema-abm'
import { ApiError } from '../../http/errors'
import { WebServiceNotConfigured } from '../../protocol/apple/commands'
import { recordAudit } from '../audit/service'
import { AbmBusyError, AbmClient, AbmHttpError } from './client'
import { AbmSync } from './sync'
import { createTokenExchangeCertificate, decryptServerToken, TokenFileError, type ServerToken, type TokenKeyPair } from './token-pki'

type Link = typeof abmLinks.$inferSelect
const DAY_MS = 24 * 3600_000

export interface AbmDeps {
  db: Db
  secrets: SecretBox
  config: AppConfig
  now?: () => Date
  /** Tests: waits on 429 / 503 without waiting. */
  sleep?: (ms: number) => Promise<void>
}

/** An error of Apple's service in words for the console (and abm_links.last_sync_error). */
export function describeAbmError(error: unknown): string {
  if (error instanceof AbmHttpError) {
    if (error.atSession && (error.status === 401 || error.status === 403)) return t.tokenRejectedBySync
    return t.appleError(error.status, appleWord(error.word))
  }
  if (error instanceof AbmBusyError) return t.appleBusy
  if (error instanceof ApiError) return error.message
  return t.appleUnreachable(error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error))
}

/**
 * A company's link to Apple Business Manager (issue #42): the token-exchange certificate, the server token, the state
 * the console shows, its ABM devices, and 解除ABM. Every method works on the caller's own company only (a company
 * account's; the administrator and staff have none), so another tenant can neither read nor use a link. The device
 * sync and the profile are AbmSync's.
 */
export class AbmService {
  private readonly now: () => Date
  /** Apple's session token per company, for this process (a new process opens its own session). */
  private readonly sessions = new Map<number, string>()
  readonly sync: AbmSync

  constructor(private readonly deps: AbmDeps) {
    this.now = deps.now ?? (() => new Date())
    this.sync = new AbmSync({ db: deps.db, config: deps.config, now: this.now, client: (link) => this.clientOf(link), describe: describeAbmError })
  }

  private companyOf(user: CurrentUser): number {
    const companyId = ownCompanyId(user)
    if (companyId === null || user.kind === 'STAFF') throw ApiError.forbidden(t.companyOnly)
    return companyId
  }

  private async linkOf(companyId: number): Promise<Link | undefined> {
    const [link] = await this.deps.db.select().from(abmLinks).where(eq(abmLinks.companyId, companyId))
    return link
  }

  /** The server token of a linked company. */
  tokenOf(link: Link): ServerToken | null {
    return link.tokenSealed ? (JSON.parse(this.deps.secrets.open(link.tokenSealed)) as ServerToken) : null
  }

  /** A client of Apple's API with the company's token and its session of this process. */
  clientOf(link: Link, token: ServerToken | null = this.tokenOf(link)): AbmClient {
    if (!token) throw ApiError.badRequest(t.notLinked)
    const companyId = link.companyId
    return new AbmClient({
      baseUrl: this.deps.config.apple.abmUrl,
      token,
      now: this.now,
      sleep: this.deps.sleep,
      session: { get: () => this.sessions.get(companyId), set: (s) => (s ? this.sessions.set(companyId, s) : this.sessions.delete(companyId)) },
    })
  }

  /**
   * GET /abm/publicKey: the company's token-exchange certificate, made on the first request (its key sealed). It stays
   * the same after a token is linked with it: ABM encrypts every later token of this MDM server (a renewal) to the
   * key uploaded once, so a new certificate would only break the next renewal.
   */
  async publicKey(user: CurrentUser): Promise<FileAnswer> {
    const companyId = this.companyOf(user)
    let link = await this.linkOf(companyId)
    if (!link) {
      const pair = await createTokenExchangeCertificate(`mdm-abm-${companyId}`, this.now())
      await this.deps.db
        .insert(abmLinks)
        .values({ companyId, certificatePem: pair.certificatePem, privateKeySealed: this.deps.secrets.seal(pair.privateKeyPem) })
        .onConflictDoNothing({ target: abmLinks.companyId })
      // Two first requests at once: both answer the one that was stored.
      link = (await this.linkOf(companyId))!
    }
    return { bytes: new TextEncoder().encode(link.certificatePem), fileName: 'abm-public-key.pem', contentType: 'application/x-pem-file' }
  }

  /** GET /abm. */
  async state(user: CurrentUser): Promise<AbmLinkState> {
    return this.stateOf(this.companyOf(user))
  }

  async stateOf(companyId: number): Promise<AbmLinkState> {
    const link = await this.linkOf(companyId)
    const db = this.deps.db
    const live = and(eq(abmDevices.companyId, companyId), isNull(abmDevices.removedAt))
    const [[devices], [enrolled]] = await Promise.all([
      db.select({ n: count() }).from(abmDevices).where(live),
      db.select({ n: count() }).from(abmDevices).where(and(live, isNotNull(abmDevices.enrolledAt))),
    ])
    const expires = link?.tokenSealed ? link.tokenExpiresAt : null
    const daysLeft = expires ? Math.floor((expires.getTime() - this.now().getTime()) / DAY_MS) : null
    const account = link?.account ?? {}
    const text = (v: unknown) => (typeof v === 'string' ? v : '')
    const iso = (d: Date | null | undefined) => d?.toISOString() ?? null
    return {
      linked: !!link?.tokenSealed,
      certificateReady: !!link,
      orgName: link?.orgName ?? '',
      serverName: link?.serverName ?? '',
      orgEmail: text(account.org_email),
      orgPhone: text(account.org_phone),
      tokenExpiresAt: iso(expires),
      daysLeft,
      expiringSoon: daysLeft !== null && daysLeft <= ABM_TOKEN_WARNING_DAYS,
      linkedAt: iso(link?.linkedAt),
      lastSyncAt: iso(link?.lastSyncAt),
      lastSyncError: link?.lastSyncError ?? null,
      profileUuid: link?.profileUuid ?? null,
      profileDefinedAt: iso(link?.profileDefinedAt),
      deviceCount: Number(devices.n),
      enrolledCount: Number(enrolled.n),
    }
  }

  /**
   * POST /abm/token: the .p7m is decrypted with the company's key, Apple is asked for a session and the account with
   * it, and only then is it stored (sealed). Any refusal leaves the link as it was. A token of another MDM server of
   * the organisation (another server_uuid) starts the device list and the profile afresh. The first sync follows.
   */
  async linkToken(user: CurrentUser, text: string): Promise<AbmLinkState> {
    const companyId = this.companyOf(user)
    const link = await this.linkOf(companyId)
    if (!link) throw ApiError.badRequest(t.tokenNoCertificate)
    const pair: TokenKeyPair = { certificatePem: link.certificatePem, privateKeyPem: this.deps.secrets.open(link.privateKeySealed) }
    let token: ServerToken
    try {
      token = decryptServerToken(text, [pair]).token
    } catch (error) {
      if (!(error instanceof TokenFileError)) throw error
      throw ApiError.badRequest(error.reason === 'otherKey' ? t.tokenOtherKey : error.reason === 'incomplete' ? t.tokenIncomplete : t.tokenDamaged)
    }
    const expiresAt = new Date(token.access_token_expiry)
    if (expiresAt.getTime() <= this.now().getTime()) throw ApiError.badRequest(t.tokenExpired(formatDate(expiresAt.getTime(), 'yyyy-MM-dd hh:mm')))
    // A client of its own: the company's working session stays until the new token is accepted.
    let session: string | undefined
    const client = new AbmClient({
      baseUrl: this.deps.config.apple.abmUrl,
      token,
      now: this.now,
      sleep: this.deps.sleep,
      session: { get: () => session, set: (s) => (session = s) },
    })
    let account: Record<string, unknown>
    try {
      await client.newSession()
      account = await client.account()
    } catch (error) {
      if (error instanceof AbmHttpError && error.atSession && error.status < 500) throw ApiError.badRequest(t.tokenRefused(appleWord(error.word)))
      throw ApiError.badRequest(describeAbmError(error))
    }
    const sameServer = !link.tokenSealed || !account.server_uuid || link.account.server_uuid === account.server_uuid
    const now = this.now()
    await this.deps.db
      .update(abmLinks)
      .set({
        tokenSealed: this.deps.secrets.seal(JSON.stringify(token)),
        tokenExpiresAt: expiresAt,
        account,
        orgName: typeof account.org_name === 'string' ? account.org_name : '',
        serverName: typeof account.server_name === 'string' ? account.server_name : '',
        linkedBy: user.id,
        linkedAt: now,
        updatedAt: now,
        ...(sameServer ? {} : { cursor: null, fetchedAt: null, profileUuid: null, profileHash: null, profileDefinedAt: null }),
      })
      .where(eq(abmLinks.id, link.id))
    if (session) this.sessions.set(companyId, session)
    else this.sessions.delete(companyId)
    await recordAudit(this.deps.db, { action: 'abm.link', targetKind: 'COMPANY', targetId: companyId, targetCompanyId: companyId, summary: String(account.server_name ?? '') })
    // The devices come at once; a failure here is the link's last sync error, not a refusal of the token.
    await this.sync.syncCompany(companyId).catch(() => undefined)
    return this.stateOf(companyId)
  }

  /** POST /abm/sync: now, for the caller's company; a failure answers Apple's words (and is kept as lastSyncError). */
  async syncNow(user: CurrentUser): Promise<AbmSyncResponse> {
    const companyId = this.companyOf(user)
    try {
      const result = await this.sync.syncCompany(companyId)
      return { ...result, state: await this.stateOf(companyId) }
    } catch (error) {
      throw error instanceof ApiError ? error : ApiError.badRequest(describeAbmError(error))
    }
  }

  /** The scheduled sync of every linked company (the abm-sync job). */
  syncAll(signal?: AbortSignal): Promise<void> {
    return this.sync.syncAll(signal)
  }

  /** One company's sync now (the console's, the job's, the demo's); `signal` stops it between pages. */
  syncCompany(companyId: number, signal?: AbortSignal) {
    return this.sync.syncCompany(companyId, signal)
  }

  /** GET /abm/devices: the company's ABM devices, newest first; the serial filter as in the device lists. */
  async devices(user: CurrentUser, q: z.output<typeof AbmDeviceSearchQuery>): Promise<{ records: AbmDeviceRecord[]; total: number; totalExact?: false }> {
    const companyId = this.companyOf(user)
    const where = and(eq(abmDevices.companyId, companyId), q.serialNumber ? ilike(abmDevices.serialNumber, likePattern(q.serialNumber.toUpperCase())) : undefined)
    const page = await pagedNewestFirst(this.deps.db, abmDevices, where, q, this.deps.db.select().from(abmDevices))
    const iso = (d: Date | null) => d?.toISOString() ?? null
    return {
      ...page,
      records: page.records.map((r) => ({
        id: r.id,
        serialNumber: r.serialNumber,
        model: r.model,
        description: r.description,
        color: r.color,
        os: r.os,
        deviceFamily: r.deviceFamily,
        profileStatus: r.profileStatus,
        assignError: r.assignError ? appleWord(r.assignError) : null,
        profileAssignTime: iso(r.profileAssignTime),
        deviceAssignedDate: iso(r.deviceAssignedDate),
        deviceAssignedBy: r.deviceAssignedBy,
        deviceId: r.deviceId,
        enrolled: r.enrolledAt !== null,
        enrolledAt: iso(r.enrolledAt),
        removed: r.removedAt !== null,
        disownStatus: r.disownStatus ? appleWord(r.disownStatus) : null,
      })),
    }
  }

  /**
   * The company and row of a serial Apple assigns to one of our companies now (not deleted, not disowned): whose
   * enrollment profile a phone with this serial gets at automated enrollment. Within one company a serial is unique;
   * two companies listing one serial (moved between organisations) go to the one that listed it last.
   */
  async ownerOfSerial(serial: string): Promise<{ companyId: number; abmDeviceId: number } | null> {
    const [row] = await this.deps.db
      .select({ companyId: abmDevices.companyId, abmDeviceId: abmDevices.id })
      .from(abmDevices)
      .innerJoin(abmLinks, and(eq(abmLinks.companyId, abmDevices.companyId), isNotNull(abmLinks.tokenSealed)))
      .where(and(eq(abmDevices.serialNumber, serial.trim().toUpperCase()), isNull(abmDevices.removedAt)))
      .orderBy(desc(abmDevices.updatedAt), desc(abmDevices.id))
      .limit(1)
    return row ?? null
  }

  /**
   * POST /devices/disown of the serials (the serials only, as Apple asks): Apple's answer per serial. Each SUCCESS
   * marks the company's ABM device disowned (and removed).
   */
  async disown(companyId: number, serials: string[]): Promise<Record<string, string>> {
    const link = await this.linkOf(companyId)
    if (!link?.tokenSealed) throw new WebServiceNotConfigured(appleMdmText.webServiceNotConfigured(appleMdmText.disown))
    const wanted = serials.map((s) => s.trim().toUpperCase())
    let answer: Record<string, string>
    try {
      answer = (await this.clientOf(link).disownDevices(wanted)).devices ?? {}
    } catch (error) {
      throw ApiError.badRequest(describeAbmError(error))
    }
    const now = this.now()
    for (const serial of wanted) {
      const word = answer[serial] ?? 'FAILED'
      const done = word === 'SUCCESS'
      await this.deps.db
        .update(abmDevices)
        .set({ disownStatus: word, updatedAt: now, ...(done ? { disownedAt: now, removedAt: now, opType: 'deleted', opDate: now } : {}) })
        .where(and(eq(abmDevices.companyId, companyId), eq(abmDevices.serialNumber, serial)))
    }
    return Object.fromEntries(wanted.map((s) => [s, answer[s] ?? 'FAILED']))
  }

  /** 解除ABM of one device (MyDeviceService: the disownDevice command): refused with Apple's word unless SUCCESS. */
  async disownDevice(device: { serialNumber: string; companyId: number }): Promise<void> {
    const answer = await this.disown(device.companyId, [device.serialNumber])
    const word = Object.values(answer)[0]
    if (word !== 'SUCCESS') throw ApiError.badRequest(t.disownFailed(device.serialNumber, appleWord(word)))
  }
}
