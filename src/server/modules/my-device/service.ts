import { X509Certificate } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import type { ActivationLockPasswordResponse } from '../../../shared/contract/my-device'
import { iosCommandRefusal } from '../../../shared/domain/ios-commands'
import { appleDeviceText, appleMdmText as t } from '../../../shared/messages/apple'
import type { RateLimiter } from '../../auth/rate-limit'
import type { CurrentUser } from '../../auth/sessions'
import type { AppConfig } from '../../config'
import type { SecretBox } from '../../crypto/secret-box'
import type { Db } from '../../db/client'
import { companies } from '../../db/schema'
import { activationLockCodes } from '../../db/schema-abm'
import { ApiError } from '../../http/errors'
import type { ApnsClient } from '../../protocol/apple/apns'
import type { CertificateAuthority } from '../../protocol/apple/ca'
import { appleCommands, isAppleCommand, WebServiceNotConfigured, type AppleWebServices, type QueuedRequest } from '../../protocol/apple/commands'
import { enrollmentProfile } from '../../protocol/apple/profile'
import type { AppleMdmService, StoredRequest } from '../../protocol/apple/service'
import { deviceCommandEntry, requireSecondaryPassword } from '../audit/device-command'
import { recordAudit } from '../audit/service'
import type { TaskService } from '../task/service'
import type { IosDeviceService } from './devices'

/** How often a request waiting for the device's answer looks at its task. */
const ANSWER_POLL_MS = 150

/**
 * The Apple-only actions of 'my device': the enrollment profile download, and the commands of SPEC §7 — each
 * checked against the shared rules of what the device can take now (iosCommandRefusal, the same the console
 * disables its buttons with), queued as MDM requests of the catalogue, and the device woken through APNs.
 */
export class MyDeviceService {
  private readonly tasks: TaskService

  constructor(
    private readonly services: {
      db: Db
      limiter: RateLimiter
      config: AppConfig
      secrets: SecretBox
      appleCa: CertificateAuthority
      apns: ApnsClient
      appleWebServices: AppleWebServices
      tasks: TaskService
      appleMdm: AppleMdmService
      iosDevices: IosDeviceService
    },
  ) {
    this.tasks = services.tasks
  }

  /** GET /myDevice/enrollmentProfile: a fresh identity for the user's own company, inside a .mobileconfig. */
  async enrollmentProfile(user: CurrentUser): Promise<string> {
    if (user.kind === 'STAFF' || user.kind === 'ADMIN' || user.companyId === null) throw ApiError.forbidden(t.profileCompanyOnly)
    return this.issueProfile(user.companyId, user.id)
  }

  /**
   * A profile of a company with a fresh identity bound to it (the download, and the demo iPhones). Automated enrollment
   * (issue #42) asks for one with no account (`createdBy` null) and an identity named for the phone's serial.
   */
  async issueProfile(companyId: number, createdBy: number | null, commonName = `MDM Device ${companyId}-${Date.now().toString(36)}`): Promise<string> {
    const [company] = await this.services.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId))
    const identity = this.services.appleCa.issueIdentity(commonName)
    await this.services.appleMdm.recordIdentity({
      companyId,
      fingerprint: identity.fingerprint,
      serialNumber: new X509Certificate(identity.certificatePem).serialNumber,
      createdBy,
    })
    await this.services.apns.fresh?.()
    return enrollmentProfile({
      publicUrl: this.services.config.apple.publicUrl,
      topic: this.services.apns.topic,
      companyName: company?.name ?? '',
      identity,
    })
  }

  /**
   * POST /myDevice/<command>: a catalogue command (protocol/apple/commands.ts) on a visible Apple device. Refused
   * with the shared reason when the device cannot take it now (recycled, not enrolled, not supervised, not in lost
   * mode …); one that cannot be undone needs the secondary password. Commands that are calls of Apple's web
   * services are made at once (and fail clearly while those are not configured); the others are queued and the
   * device is woken. Answers the first task's id.
   */
  async queue(user: CurrentUser, deviceId: number, commandName: string, params: Record<string, unknown> = {}, secondaryPassword?: string): Promise<{ taskId: string }> {
    if (!isAppleCommand(commandName)) throw ApiError.badRequest(t.unknownCommand)
    const entry = appleCommands[commandName]
    const parsed = entry.params.safeParse(params)
    if (!parsed.success) throw ApiError.badRequest(t.badParams)
    const db = this.services.db
    const device = await this.services.iosDevices.detail(user, deviceId)
    const refusal = iosCommandRefusal(device, commandName)
    if (refusal) throw ApiError.badRequest(refusal)
    const audit = deviceCommandEntry(device, appleDeviceText.commandLabels[commandName])
    await requireSecondaryPassword(this.services, user, commandName, secondaryPassword, audit)
    const task = { deviceId, companyId: device.companyId, type: commandName, createdBy: user.id }
    if ('webService' in entry) {
      try {
        await this.services.appleWebServices[entry.webService](device, user)
      } catch (error) {
        if (error instanceof WebServiceNotConfigured) throw ApiError.badRequest(error.message)
        throw error
      }
      const done = await this.tasks.recordDone(task)
      await recordAudit(db, audit)
      return done
    }
    if (commandName === 'activationLock') await this.services.appleWebServices.escrowBeforeLock(device)
    const queued = await this.sendRequests(task, entry.requests(parsed.data))
    await recordAudit(db, audit)
    return queued
  }

  /**
   * Queues MDM requests as tasks of one device (the first task's id is answered) and wakes the device. The caller has
   * checked the device is the user's and can take them; `createdBy` null is the server's own (an expiry sweep).
   */
  async sendRequests(task: { deviceId: number; companyId: number; type: string; createdBy: number | null }, requests: QueuedRequest[]): Promise<{ taskId: string }> {
    let first: string | undefined
    for (const { secret, ...request } of requests) {
      const payload: StoredRequest = secret ? { ...request, sealed: this.services.secrets.seal(JSON.stringify(secret)) } : request
      const { taskId } = await this.tasks.enqueue({ ...task, payload: payload as unknown as Record<string, unknown> })
      first ??= taskId
    }
    if (!first) throw ApiError.badRequest(t.unknownCommand)
    await this.services.appleMdm.wakeDevice(task.deviceId)
    return { taskId: first }
  }

  /**
   * POST /myDevice/showActivationLockPassword: asks the device for its Activation Lock bypass code and waits a few
   * seconds for the answer. The code goes back in this answer only: the task keeps it sealed, it is never logged,
   * and GET /task/status gives it to the same user when the device answers later (password null here). When the
   * phone has no code to give, or has not answered yet, the code the server escrowed with ABM at 下发激活锁 is the
   * password (issue #42), opened here only.
   */
  async activationLockPassword(user: CurrentUser, deviceId: number, secondaryPassword?: string): Promise<ActivationLockPasswordResponse> {
    const { taskId } = await this.queue(user, deviceId, 'showActivationLockPassword', {}, secondaryPassword)
    const deadline = Date.now() + this.services.config.commandAnswerWaitMs
    for (;;) {
      const task = await this.tasks.statusFor(user, taskId)
      if (task.status === 'DONE') {
        const code = task.result?.activationLockBypassCode
        return { taskId, password: typeof code === 'string' && code !== '' ? code : await this.escrowedCode(deviceId) }
      }
      if (task.status === 'ERROR' || task.status === 'TIMEOUT') throw ApiError.badRequest(task.errorMessage ?? t.commandFailed)
      if (Date.now() >= deadline) return { taskId, password: await this.escrowedCode(deviceId) }
      await sleep(ANSWER_POLL_MS)
    }
  }

  /** The bypass code the server escrowed for the device (activation_lock_codes), or null. */
  private async escrowedCode(deviceId: number): Promise<string | null> {
    const [row] = await this.services.db.select({ sealed: activationLockCodes.codeSealed }).from(activationLockCodes).where(eq(activationLockCodes.deviceId, deviceId))
    return row ? this.services.secrets.open(row.sealed) : null
  }
}
