import { setTimeout as sleep } from 'node:timers/promises'
import { and, desc, eq, sql } from 'drizzle-orm'
import { appleMdmText } from '../../../shared/messages/apple'
import { activationLockText as t } from '../../../shared/messages/activation-lock'
import type { SecretBox } from '../../crypto/secret-box'
import type { Db } from '../../db/client'
import { companies, devices, tasks } from '../../db/schema-base'
import { abmLinks, activationLockCodes } from '../../db/schema-abm'
import { ApiError } from '../../http/errors'
import { WebServiceNotConfigured } from '../../protocol/apple/commands'
import { bypassCodeHash, bypassCodeText, newBypassCode } from './albc'
import { NoPushIdentity, type DeviceServicesClient } from './device-services'
import type { AbmService } from './service'

/** How often a request waiting for the phone's bypass code looks at its task. */
const ANSWER_POLL_MS = 150

type Source = 'SERVER' | 'DEVICE'
interface Candidate {
  code: string
  source: Source
}

export interface ActivationLockDeps {
  db: Db
  secrets: SecretBox
  abm: AbmService
  deviceServices: DeviceServicesClient
  /** Queues ActivationLockBypassCode for the device and wakes it; the task's id. */
  askDevice(device: { id: number; companyId: number }): Promise<string>
  /** How long 删除激活锁 waits for the phone's answer when it has none yet. */
  answerWaitMs: number
}

/**
 * Activation Lock of supervised phones (issue #42; Apple: "Creating and using bypass codes"). Apple keeps the hash
 * of two bypass codes a server may unlock a phone with: the one the server makes when it turns the lock on through
 * ABM (POST /device/activationlock with escrow_key), and the one the phone makes itself, which the server reads with
 * the ActivationLockBypassCode query. Both are kept sealed (activation_lock_codes: the server's; the phone's answers
 * stay sealed in their tasks). 删除激活锁 tries one, then the other, at Apple's device services.
 */
export class ActivationLockService {
  constructor(private readonly deps: ActivationLockDeps) {}

  private async linkOf(companyId: number) {
    const [link] = await this.deps.db.select().from(abmLinks).where(eq(abmLinks.companyId, companyId))
    return link?.tokenSealed ? link : null
  }

  /** A new server code replaces the device's row; the outcome of an unlock is noted on it (its code kept). */
  private async store(device: { id: number; companyId: number }, candidate: Candidate | null, outcome: { removedAt?: Date; lastError?: string | null } = {}) {
    const result = { removedAt: outcome.removedAt ?? null, lastError: outcome.lastError ?? null }
    if (!candidate) {
      await this.deps.db.update(activationLockCodes).set(result).where(eq(activationLockCodes.deviceId, device.id))
      return
    }
    const values = { codeSealed: this.deps.secrets.seal(candidate.code), source: candidate.source, ...result }
    await this.deps.db
      .insert(activationLockCodes)
      .values({ companyId: device.companyId, deviceId: device.id, ...values })
      .onConflictDoUpdate({ target: activationLockCodes.deviceId, set: { ...values, createdAt: sql`now()` } })
  }

  /**
   * 下发激活锁 of a phone the company's ABM lists: the server's bypass code is made and its hash given to Apple with
   * POST /device/activationlock before the lock is on (Apple: the code must be escrowed first, or it will not work).
   * A phone ABM does not list (or a company without ABM) is locked by its user's own Find My; the phone's code is read
   * when the lock is removed.
   */
  async escrowBeforeLock(device: { id: number; companyId: number; serialNumber: string }): Promise<void> {
    const link = await this.linkOf(device.companyId)
    const owner = link ? await this.deps.abm.ownerOfSerial(device.serialNumber) : null
    if (!link || owner?.companyId !== device.companyId) return
    const raw = newBypassCode()
    const code = bypassCodeText(raw)
    const escrowKey = bypassCodeHash(raw)
    let answer: { response_status?: string }
    try {
      answer = await this.deps.abm.clientOf(link).call('POST', '/device/activationlock', { device: device.serialNumber, escrow_key: escrowKey })
    } catch (error) {
      throw ApiError.badRequest(t.escrowRefused(error instanceof Error ? error.message : String(error)))
    }
    if (answer.response_status !== 'SUCCESS') throw ApiError.badRequest(t.escrowRefused(answer.response_status ?? ''))
    await this.store(device, { code, source: 'SERVER' })
  }

  /** The phone's latest answer to ActivationLockBypassCode (sealed in its task), if any; `taskId` limits it to one. */
  private async deviceCode(deviceId: number, taskId?: string): Promise<string | null | undefined> {
    const [task] = await this.deps.db
      .select({ status: tasks.status, result: tasks.result })
      .from(tasks)
      .where(and(eq(tasks.deviceId, deviceId), sql`${tasks.payload}->>'requestType' = 'ActivationLockBypassCode'`, taskId ? eq(tasks.taskId, taskId) : eq(tasks.status, 'DONE')))
      .orderBy(desc(tasks.id))
      .limit(1)
    if (!task) return null
    if (task.status === 'QUEUED' || task.status === 'SENT') return undefined
    const sealed = (task.result as { sealed?: unknown } | null)?.sealed
    if (typeof sealed !== 'string') return null
    try {
      const code = (JSON.parse(this.deps.secrets.open(sealed)) as { activationLockBypassCode?: unknown }).activationLockBypassCode
      return typeof code === 'string' && code !== '' ? code : null
    } catch {
      return null
    }
  }

  private asDevice(code: string | null | undefined): Candidate | null {
    return code ? { code, source: 'DEVICE' } : null
  }

  /** Asks the phone and waits a few seconds for its code (null: no answer in time, or none to give). */
  private async askAndWait(device: { id: number; companyId: number }): Promise<string | null> {
    const taskId = await this.deps.askDevice(device)
    const deadline = Date.now() + this.deps.answerWaitMs
    for (;;) {
      const code = await this.deviceCode(device.id, taskId)
      if (code !== undefined || Date.now() >= deadline) return code ?? null
      await sleep(ANSWER_POLL_MS)
    }
  }

  /**
   * 删除激活锁: Apple's escrow-key unlock with the server's code, then the phone's. Refused as before while the
   * company has no ABM link (未配置苹果商务管理（ABM）服务) or the server no push certificate; Apple's refusal is shown.
   */
  async disable(device: { id: number; companyId: number }, user: { username: string }): Promise<void> {
    const link = await this.linkOf(device.companyId)
    if (!link) throw new WebServiceNotConfigured(appleMdmText.webServiceNotConfigured(appleMdmText.disableActivationLock))
    const [row] = await this.deps.db
      .select({ serialNumber: devices.serialNumber, model: devices.model, imei: devices.imei, companyName: companies.name })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(and(eq(devices.id, device.id), eq(devices.companyId, device.companyId)))
    if (!row) throw ApiError.notFound()
    const [stored] = await this.deps.db.select().from(activationLockCodes).where(eq(activationLockCodes.deviceId, device.id))
    // Apple cannot say which code is active: the escrowed one first, then the phone's last answer, then a fresh one.
    const tried: Candidate[] = []
    const sources: Array<() => Promise<Candidate | null>> = [
      async () => (stored ? { code: this.deps.secrets.open(stored.codeSealed), source: stored.source } : null),
      async () => this.asDevice(await this.deviceCode(device.id)),
      async () => this.asDevice(await this.askAndWait(device)),
    ]
    let refusal = ''
    for (const next of sources) {
      const candidate = await next()
      if (!candidate || tried.some((c) => c.code === candidate.code)) continue
      tried.push(candidate)
      let answer
      try {
        answer = await this.deps.deviceServices.escrowKeyUnlock({
          serial: row.serialNumber,
          productType: row.model || 'iPhone',
          ...(row.imei ? { imei: row.imei } : {}),
          orgName: link.orgName || row.companyName,
          guid: user.username,
          escrowKey: candidate.code,
        })
      } catch (error) {
        throw ApiError.badRequest(error instanceof NoPushIdentity ? t.noPushCertificate : t.unreachable)
      }
      if (answer.ok) {
        await this.store(device, stored ? null : candidate, { removedAt: new Date() })
        return
      }
      refusal = `${answer.status} ${answer.text}`.trim()
    }
    if (tried.length === 0) throw ApiError.badRequest(t.noBypassCode)
    await this.store(device, stored ? null : tried[0], { lastError: refusal })
    throw ApiError.badRequest(t.refused(refusal))
  }
}
