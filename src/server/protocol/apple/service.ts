import { and, eq, isNull, ne, or, sql } from 'drizzle-orm'
import { appleMdmText as t } from '../../../shared/messages/apple'
import { serverMessages } from '../../../shared/messages/server'
import type { SecretBox } from '../../crypto/secret-box'
import type { Db } from '../../db/client'
import { appleEnrollments, appleIdentities, devices, tasks } from '../../db/schema'
import { isUniqueViolation } from '../../db/unique-violation'
import { ApiError } from '../../http/errors'
import { enrollmentBlocked } from '../../modules/blacklist/service'
import { blacklistText } from '../../../shared/messages/biz'
import type { QuotaService } from '../../modules/quota/service'
import type { TaskService } from '../../modules/task/service'
import { acknowledged } from './acknowledged'
import type { ApnsClient } from './apns'
import { commandDict, secretRequestTypes, type QueuedRequest } from './commands'
import { DEVICE_INFORMATION_QUERIES, DEVICE_INFORMATION_TASK, reportedColumns } from './device-information'
import { data, str, type PlistDict } from './plist'
import { countApnsPush, countAppleCheckin, countCommand } from '../../metrics'
import { withAttachments } from './detail-b'
import { abmAtAuthenticate, automatedState, configureAfterToken, consumesQuota, deviceConfigured, markAbmEnrolled } from './abm-checkin'
import { logError } from '../../log'
import { commandSeenQuery, idleCheckinQuery } from './checkin-statements'

type Enrollment = typeof appleEnrollments.$inferSelect
type TaskRow = typeof tasks.$inferSelect

/** A task's payload: the request without its secret keys, which are sealed (MyDeviceService.queue). */
export type StoredRequest = Omit<QueuedRequest, 'secret'> & { sealed?: string }

/** Apple's command statuses (mdm/commands: the device's answer). */
const STATUSES = new Set(['Idle', 'Acknowledged', 'Error', 'CommandFormatError', 'NotNow'])

function firstLocalizedDescription(chain: unknown): string | undefined {
  if (!Array.isArray(chain)) return undefined
  for (const entry of chain) {
    const text = entry && typeof entry === 'object' ? (entry as PlistDict).LocalizedDescription : undefined
    if (typeof text === 'string' && text.trim()) return text.trim().slice(0, 500)
  }
  return undefined
}

/**
 * The device side of Apple MDM (docs/apple-mdm.md): the check-in endpoint (Authenticate, TokenUpdate, CheckOut)
 * and the command endpoint. Every call comes with the device's identity certificate, already verified as issued by
 * this server's CA (`fingerprint`); here it must also be the one bound to the UDID the message speaks for. Commands
 * are tasks of the one queue: claimed once, and only the device's answer changes what is known of the device.
 */
export class AppleMdmService {
  private readonly db: Db
  private readonly tasks: TaskService
  private readonly quota: QuotaService

  constructor(
    private readonly services: { db: Db; secrets: SecretBox; tasks: TaskService; quota: QuotaService; apns: ApnsClient },
    private readonly now: () => Date = () => new Date(),
  ) {
    this.db = services.db
    this.tasks = services.tasks
    this.quota = services.quota
  }

  /** Records the identity issued for a profile download: the company a device enrolling with it joins. */
  async recordIdentity(input: { companyId: number; fingerprint: string; serialNumber: string; createdBy: number | null }) {
    await this.db.insert(appleIdentities).values(input)
  }

  /** `depSerial`: the serial the identity was issued for at the enrollment URL (abm-checkin.ts: depSerialOf), else null. */
  async checkin(fingerprint: string, message: PlistDict, depSerial: string | null = null): Promise<void> {
    const udid = str(message, 'UDID')
    const type = str(message, 'MessageType')
    if (!udid || udid.length > 128 || !type) throw ApiError.badRequest(t.badMessage)
    // A bounded label: the message types of the protocol, anything else as one.
    countAppleCheckin(['Authenticate', 'TokenUpdate', 'CheckOut'].includes(type) ? type : 'other')
    if (type === 'Authenticate') return this.authenticate(fingerprint, udid, message, depSerial)
    const enrollment = await this.boundEnrollment(fingerprint, udid)
    const now = this.now()
    if (type === 'TokenUpdate') {
      const token = data(message, 'Token')
      const pushMagic = str(message, 'PushMagic')
      if (!token || !pushMagic) throw ApiError.badRequest(t.badMessage)
      const unlock = data(message, 'UnlockToken')
      const { firstToken, configure, updated } = await this.db.transaction(async (tx) => {
        // Read under the row's lock: of two first TokenUpdates racing, one asks the phone what it is.
        const [locked] = await tx.select({ tokenUpdatedAt: appleEnrollments.tokenUpdatedAt }).from(appleEnrollments).where(eq(appleEnrollments.id, enrollment.id)).for('update')
        const [updated] = await tx
          .update(appleEnrollments)
          .set({
            pushToken: token.toString('hex'),
            pushMagic,
            topic: str(message, 'Topic') ?? enrollment.topic,
            pushTokenInvalidAt: null,
            tokenUpdatedAt: now,
            ...(unlock ? { unlockToken: this.services.secrets.seal(unlock.toString('base64')) } : {}),
          })
          .where(eq(appleEnrollments.id, enrollment.id))
          .returning()
        const [device] = await tx
          .update(devices)
          .set({
            enrolledAt: sql`coalesce(${devices.enrolledAt}, ${now.toISOString()}::timestamptz)`,
            lastCommunicationTime: now,
            updatedAt: now,
            state: sql`${devices.state} || ${JSON.stringify({ mdmEnrolled: true, erased: false })}::jsonb`,
          })
          .where(eq(devices.id, enrollment.deviceId))
          .returning({ companyId: devices.companyId })
        // The first token of an enrollment: the server asks the phone what it is (an iPhone's Authenticate carries no
        // name, and its product, version and IMEI only with the profile's access right to device information). Queued
        // in this transaction: a token stored is never left without its question.
        const firstToken = !locked?.tokenUpdatedAt
        if (firstToken) {
          await this.tasks.enqueue(
            {
              deviceId: enrollment.deviceId,
              companyId: device.companyId,
              type: DEVICE_INFORMATION_TASK,
              payload: { requestType: 'DeviceInformation', params: { Queries: DEVICE_INFORMATION_QUERIES } },
              createdBy: null,
            },
            tx,
          )
        }
        // Issue #42: a phone in Setup Assistant (automated enrollment) goes on after these, with DeviceConfigured.
        const awaiting = message.AwaitingConfiguration === true
        const configure = await configureAfterToken(tx, this.tasks, { deviceId: enrollment.deviceId, companyId: device.companyId, awaiting, now })
        return { firstToken, configure, updated }
      })
      // Not awaited: the phone's check-in is answered without waiting for APNs.
      if (firstToken || configure) void this.wake(updated).catch((err: unknown) => logError('apns wake', err))
      return
    }
    if (type === 'CheckOut') {
      await this.db.transaction(async (tx) => {
        await tx.update(appleEnrollments).set({ checkedOutAt: now, pushToken: null, pushMagic: null }).where(eq(appleEnrollments.id, enrollment.id))
        await tx
          .update(devices)
          .set({ lastCommunicationTime: now, updatedAt: now, state: sql`${devices.state} || ${JSON.stringify({ mdmEnrolled: false, checkedOutAt: now.toISOString() })}::jsonb` })
          .where(eq(devices.id, enrollment.deviceId))
      })
      return
    }
    throw ApiError.badRequest(t.unknownMessageType)
  }

  /**
   * Authenticate: the identity must have been issued for a company; its device record is the serial registered in
   * that company beforehand, or a new one that consumes one unit of the company's iOS quota in the same
   * transaction (refused, nothing stored, when none is left). An identity speaks for one UDID only. The serial and
   * UDID a message names are not proven, so both are looked up in the identity's company only (docs/serials.md):
   * another tenant's device with them is neither touched nor told of.
   */
  private async authenticate(fingerprint: string, udid: string, message: PlistDict, depSerial: string | null): Promise<void> {
    const [identity] = await this.db.select().from(appleIdentities).where(eq(appleIdentities.fingerprint, fingerprint))
    if (!identity) throw ApiError.unauthorized(t.identityInvalid)
    const serialNumber = (str(message, 'SerialNumber') ?? udid).trim().slice(0, 64)
    const now = this.now()
    // Only what the message carries: an iPhone's Authenticate has no DeviceName, ModelName or Model (the schema:
    // macOS only), and what the company typed or a DeviceInformation answer brought stays until one says otherwise.
    const reported = reportedColumns(message)
    const topic = str(message, 'Topic') ?? ''
    await this.db
      .transaction(async (tx) => {
        const [other] = await tx
          .select()
          .from(appleEnrollments)
          .where(and(eq(appleEnrollments.identityFingerprint, fingerprint), ne(appleEnrollments.udid, udid)))
        if (other) throw ApiError.unauthorized(t.identityInvalid)
        // Issue #15: the administrator chose to refuse this phone (its serial or IMEI is blacklisted).
        if (await enrollmentBlocked(tx, serialNumber, reported.imei)) throw ApiError.forbidden(blacklistText.enrollmentBlocked)
        // The company's own registration of the serial (added or registered in the console) becomes this device.
        const [existing] = await tx
          .select()
          .from(devices)
          .where(and(eq(devices.companyId, identity.companyId), eq(devices.platform, 'IOS'), eq(devices.serialNumber, serialNumber)))
          .for('update')
        // Issue #42: the serial in the company's Apple Business Manager (quota is consumed when it first enrolls).
        const abm = await abmAtAuthenticate(tx, identity.companyId, serialNumber, depSerial)
        // Issue #41: the company's enrollments of this UDID, and of this device under another UDID. One that another
        // identity holds stays bound (401, nothing changes): a second profile of the company cannot take an enrolled
        // phone's place and its commands. It is let go when the phone checked out (or acknowledged an erase), or when
        // the company took the device out of use (its recycle bin): the explicit way to enroll it again.
        const sameUdidOrDevice = existing ? or(eq(appleEnrollments.udid, udid), eq(appleEnrollments.deviceId, existing.id)) : eq(appleEnrollments.udid, udid)
        const enrolled = await tx
          .select({ enrollment: appleEnrollments, recycled: devices.recycleStatus })
          .from(appleEnrollments)
          .innerJoin(devices, eq(devices.id, appleEnrollments.deviceId))
          .where(and(eq(appleEnrollments.companyId, identity.companyId), sameUdidOrDevice))
          .for('update', { of: appleEnrollments })
        const held = enrolled.some(({ enrollment, recycled }) => enrollment.identityFingerprint !== fingerprint && !enrollment.checkedOutAt && !recycled)
        if (held) throw ApiError.unauthorized(t.identityInvalid)
        const modelName = str(message, 'ModelName')
        const buildVersion = str(message, 'BuildVersion')
        const state = { mdmEnrolled: false, udid, ...(modelName ? { modelName } : {}), ...(buildVersion ? { buildVersion } : {}), ...automatedState(abm) }
        let deviceId: number
        if (existing) {
          deviceId = existing.id
          await tx
            .update(devices)
            .set({ ...reported, lastCommunicationTime: now, updatedAt: now, state: sql`${devices.state} || ${JSON.stringify(state)}::jsonb` })
            .where(eq(devices.id, existing.id))
          if (await consumesQuota(tx, identity.companyId, existing.id, abm)) await this.quota.consume(tx, { companyId: identity.companyId, quotaType: 'IOS', deviceId, serialNumber, operatorUserId: null })
        } else {
          const [created] = await tx
            .insert(devices)
            .values({ ...reported, companyId: identity.companyId, platform: 'IOS', serialNumber, lastCommunicationTime: now, state })
            .returning({ id: devices.id })
          deviceId = created.id
          await this.quota.consume(tx, { companyId: identity.companyId, quotaType: 'IOS', deviceId, serialNumber, operatorUserId: null })
        }
        // One enrollment per UDID and per device: a device enrolling again (a new profile, let go above) replaces its binding.
        await tx.delete(appleEnrollments).where(and(eq(appleEnrollments.deviceId, deviceId), ne(appleEnrollments.udid, udid)))
        const fresh = {
          deviceId,
          identityFingerprint: fingerprint,
          topic,
          pushToken: null,
          pushMagic: null,
          unlockToken: null,
          pushTokenInvalidAt: null,
          authenticatedAt: now,
          tokenUpdatedAt: null,
          checkedOutAt: null,
        }
        const bound = enrolled.find(({ enrollment }) => enrollment.udid === udid)?.enrollment
        if (bound) await tx.update(appleEnrollments).set(fresh).where(eq(appleEnrollments.id, bound.id))
        else await tx.insert(appleEnrollments).values({ companyId: identity.companyId, udid, ...fresh })
        if (abm) await markAbmEnrolled(tx, abm, deviceId, now)
      })
      .catch((err: unknown) => {
        // Two Authenticate messages of one new device at once: the second is refused and the device retries.
        if (isUniqueViolation(err)) throw ApiError.conflict(serverMessages.enrollInProgress)
        throw err
      })
  }

  /** The enrollment of a UDID, when `fingerprint` is the identity bound to it and it has not checked out; else 401. */
  private async boundEnrollment(fingerprint: string, udid: string): Promise<Enrollment> {
    const [enrollment] = await this.db
      .select()
      .from(appleEnrollments)
      .where(and(eq(appleEnrollments.identityFingerprint, fingerprint), eq(appleEnrollments.udid, udid)))
    if (!enrollment || enrollment.checkedOutAt) throw ApiError.unauthorized(t.identityInvalid)
    return enrollment
  }

  /**
   * The command endpoint: records the device's answer to a command it was sent (its own, still SENT; anything else
   * changes nothing), then hands it the next queued command, claimed exactly once, or null (an empty 200).
   * After NotNow the command goes back to the queue and nothing more is sent until the device checks in again.
   */
  async command(fingerprint: string, message: PlistDict): Promise<PlistDict | null> {
    const udid = str(message, 'UDID')
    const status = str(message, 'Status')
    if (!udid || !status || !STATUSES.has(status)) throw ApiError.badRequest(t.badMessage)
    countAppleCheckin('connect')
    const now = this.now()
    const commandUuid = str(message, 'CommandUUID')
    // An answer to a command (Acknowledged, Error, NotNow) is recorded before the next command is claimed.
    const answer = status !== 'Idle' && commandUuid ? commandUuid : null
    let enrollment: Enrollment | undefined
    let task: TaskRow | undefined
    if (!answer) {
      // Nothing to record first: the enrollment, its device seen and the claim of its next command are one statement.
      this.idleStatement ??= idleCheckinQuery(this.db, this.tasks)
      const [row] = await this.idleStatement.execute({ ...this.tasks.claimParams(1), fingerprint, udid, seenAt: now.toISOString() })
      enrollment = row?.apple_enrollments
      task = row?.claimed ?? undefined
      if (task) countCommand(task.type, 'delivered')
    } else {
      this.seenStatement ??= commandSeenQuery(this.db)
      ;[enrollment] = await this.seenStatement.execute({ fingerprint, udid, seenAt: now.toISOString() })
    }
    if (!enrollment || enrollment.checkedOutAt) throw ApiError.unauthorized(t.identityInvalid)
    if (answer) {
      // An answer that ends the enrollment (an acknowledged erase) or defers (NotNow) gets nothing more.
      if ((await this.recordAnswer(enrollment, answer, status, message)) !== 'recorded') return null
      ;[task] = await this.tasks.claim(enrollment.deviceId, 1)
    }
    if (!task) return null
    const request = await withAttachments(this.db, task.payload as unknown as StoredRequest)
    const unlockToken = enrollment.unlockToken && (await this.firstUnlockTokenDelivery(task.id, request, now)) ? Buffer.from(this.services.secrets.open(enrollment.unlockToken), 'base64') : null
    const secret = request.sealed ? (JSON.parse(this.services.secrets.open(request.sealed)) as Record<string, unknown>) : {}
    return { CommandUUID: task.taskId, Command: commandDict(request, { unlockToken }, secret) }
  }

  private seenStatement?: ReturnType<typeof commandSeenQuery>
  private idleStatement?: ReturnType<typeof idleCheckinQuery>

  /**
   * Issue #41: whether this delivery of a command may carry the UnlockToken: ClearPasscode's first one only. Marked in
   * the statement that decides, so of two deliveries of one task (after NotNow, or a replayed NotNow and Idle) one
   * carries it; the other goes without, and the phone answers it with an error the task shows.
   */
  private async firstUnlockTokenDelivery(taskId: number, request: StoredRequest, now: Date): Promise<boolean> {
    if (request.requestType !== 'ClearPasscode') return false
    const marked = await this.db
      .update(tasks)
      .set({ unlockTokenSentAt: now })
      .where(and(eq(tasks.id, taskId), isNull(tasks.unlockTokenSentAt)))
      .returning({ id: tasks.id })
    return marked.length > 0
  }

  /** Wakes the device's enrollment, when it has one (wake): after commands were queued for it. */
  async wakeDevice(deviceId: number): Promise<void> {
    const [enrollment] = await this.db.select().from(appleEnrollments).where(eq(appleEnrollments.deviceId, deviceId))
    if (enrollment) await this.wake(enrollment)
  }

  /** An APNs push; without a usable token or certificate the device picks its commands up at its next check-in. */
  async wake(enrollment: Enrollment): Promise<void> {
    if (!enrollment.pushToken || !enrollment.pushMagic || enrollment.pushTokenInvalidAt) return
    const outcome = await this.services.apns.push({ token: enrollment.pushToken, pushMagic: enrollment.pushMagic, topic: enrollment.topic })
    countApnsPush(outcome === 'invalid-token' ? 'unregistered' : outcome === 'not-configured' ? 'skipped' : outcome)
    if (outcome === 'invalid-token') {
      await this.db.update(appleEnrollments).set({ pushTokenInvalidAt: this.now() }).where(eq(appleEnrollments.id, enrollment.id))
    }
  }

  /**
   * Applies one answer: 'notNow' when it was NotNow for a command still waiting for it, 'erased' when an acknowledged
   * erase ended the enrollment, else 'recorded' (also when it changed nothing).
   */
  private async recordAnswer(enrollment: Enrollment, commandUuid: string, status: string, message: PlistDict): Promise<'notNow' | 'erased' | 'recorded'> {
    const now = this.now()
    return this.db.transaction(async (tx) => {
      const [task] = await tx
        .select()
        .from(tasks)
        .where(and(eq(tasks.taskId, commandUuid), eq(tasks.deviceId, enrollment.deviceId), eq(tasks.status, 'SENT')))
        .for('update')
      // Not this device's command, not sent, or answered before: nothing changes.
      if (!task) return 'recorded'
      if (status === 'NotNow') {
        // Still waiting for the device, not failed: /task/status reads QUEUED with deferredAt set.
        await tx.update(tasks).set({ status: 'QUEUED', sentAt: null, deferredAt: now }).where(eq(tasks.id, task.id))
        return 'notNow'
      }
      const request = task.payload as unknown as QueuedRequest
      if (status === 'Acknowledged') {
        const { state, result, columns } = acknowledged(task.type, request, message, now)
        const stored = secretRequestTypes.has(request.requestType) ? { sealed: this.services.secrets.seal(JSON.stringify(result)) } : result
        await tx.update(tasks).set({ status: 'DONE', result: stored, errorMessage: null, finishedAt: now }).where(eq(tasks.id, task.id))
        countCommand(task.type, 'done')
        // The phone's own name fills an empty one only: a name the company typed (registration, 编辑设备信息) stays.
        const { name, ...reported } = columns ?? {}
        await tx
          .update(devices)
          .set({
            ...reported,
            ...(name ? { name: sql`coalesce(nullif(${devices.name}, ''), ${name})` } : {}),
            state: sql`${devices.state} || ${JSON.stringify(state)}::jsonb`,
            updatedAt: now,
          })
          .where(eq(devices.id, enrollment.deviceId))
        if (request.requestType === 'DeviceConfigured') await deviceConfigured(tx, enrollment.deviceId, now)
        if (request.requestType === 'EraseDevice') {
          // A wiped device is no longer enrolled; it will not check out.
          await tx.update(appleEnrollments).set({ checkedOutAt: now, pushToken: null, pushMagic: null }).where(eq(appleEnrollments.id, enrollment.id))
          await tx
            .update(devices)
            .set({ state: sql`${devices.state} || ${JSON.stringify({ mdmEnrolled: false })}::jsonb` })
            .where(eq(devices.id, enrollment.deviceId))
          return 'erased'
        }
        return 'recorded'
      }
      const chain = Array.isArray(message.ErrorChain) ? (message.ErrorChain as unknown[]).slice(0, 20) : []
      const fallback = status === 'CommandFormatError' ? t.commandFormatError : t.commandFailed
      await tx
        .update(tasks)
        .set({
          status: 'ERROR',
          result: { status, errorChain: JSON.parse(JSON.stringify(chain)) as unknown[] },
          errorMessage: firstLocalizedDescription(chain) ?? fallback,
          finishedAt: now,
        })
        .where(eq(tasks.id, task.id))
      countCommand(task.type, 'failed')
      return 'recorded'
    })
  }
}
