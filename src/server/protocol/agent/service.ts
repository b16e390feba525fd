import { randomBytes } from 'node:crypto'
import { and, eq, isNull, sql, type Column } from 'drizzle-orm'
import type { z } from 'zod'
import {
  DeviceInfoResult,
  LockPasscodeResult,
  agentTaskTypeSchema,
  type AgentDeviceState,
  type DeviceState,
  type AgentPlatform,
  type EnrollRequest,
  type EnrollResponse,
  type PollRequest,
  type PollResponse,
  type ResultRequest,
  type ResultResponse,
} from '../../../shared/contract/agent'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { serverMessages } from '../../../shared/messages/server'
import type { Db } from '../../db/client'
import type { CurrentUser } from '../../auth/sessions'
import { devices, enrollmentTokens, tasks } from '../../db/schema'
import { isUniqueViolation } from '../../db/unique-violation'
import { ApiError } from '../../http/errors'
import { parseOrThrow } from '../../http/envelope'
import { quotaTypeOf, type QuotaService } from '../../modules/quota/service'
import { byAge, type TaskService } from '../../modules/task/service'
import { impliedState, revokesCredential } from './effects'
import { serviceTerms, serviceTermsCte } from '../../modules/lifecycle/agent-terms'
import { hashToken } from '../../auth/sessions'
import { enrollmentBlocked } from '../../modules/blacklist/service'
import { blacklistText } from '../../../shared/messages/biz'
import { LimitRefused, limits, type RateLimiter } from '../../auth/rate-limit'
import { recordRefusal } from '../../modules/audit/service'
import { ResultCode } from '../../../shared/contract/envelope'
import { countAgentPoll, countCommand, countCommands, stageOfStatus } from '../../metrics'

const DEFAULT_MAX_TASKS = 10
const MAX_RESULT_CHARS = 16_384

/**
 * The credential a device presented (`Authorization: Device <credential>`), as its SHA-256. Each handler checks it in
 * the statement that reads or writes the device (issue #16: a poll is one round trip), and answers 401 when no device
 * holds it.
 */
export interface DeviceCredential {
  hash: string
}

type EnrollInput = z.output<typeof EnrollRequest>
type PollInput = z.output<typeof PollRequest>
type ResultInput = z.output<typeof ResultRequest>

function mergeState(...parts: (DeviceState | Record<string, unknown> | undefined)[]): DeviceState {
  return Object.assign({}, ...parts.filter(Boolean)) as DeviceState
}

/**
 * What a device that reaches the server (a poll, a result) implies before its own report: it is on and no longer
 * restarting — unless it says it is off, as an agent finishing a batch that held a reboot or a shutdown does on its
 * way down (those results must not undo the reboot's 重启中).
 */
function reaching(reported: AgentDeviceState | undefined): DeviceState {
  return reported?.poweredOn === false ? {} : { poweredOn: true, restarting: false }
}

/**
 * The device side of the Huawei / Mi agent protocol (docs/agent-protocol.md). Only what a device reports changes
 * the device's state; the console only queues tasks.
 */
export class AgentService {
  private readonly tasks: TaskService
  private readonly quota: QuotaService

  private readonly db: Db

  constructor(
    deps: { db: Db; tasks: TaskService; quota: QuotaService; limiter: RateLimiter; pollIntervalSeconds: number },
    private readonly now: () => Date = () => new Date(),
  ) {
    this.pollIntervalSeconds = deps.pollIntervalSeconds
    this.db = deps.db
    this.tasks = deps.tasks
    this.quota = deps.quota
    this.limiter = deps.limiter
  }

  private readonly limiter: RateLimiter
  /** The interval every enroll and poll answer tells the agent: MDM_AGENT_POLL_SECONDS (config.ts, its one source). */
  private readonly pollIntervalSeconds: number

  /**
   * POST /agent/v1/enroll from a client address. Enrollment tokens guessed from one address are limited (issue #10):
   * a refused token counts, enrolling does not, so a fleet behind one NAT enrolls freely.
   */
  async enrollFrom(clientIp: string, req: EnrollInput): Promise<EnrollResponse> {
    // Taken before the token is checked (requests at once cannot pass the limit together); given back unless refused.
    // A refused token and the lock-out's beginning are recorded (issue #41 item 12), within the address's budget.
    const refused = (reason: string) => recordRefusal(this.db, this.limiter, clientIp, { action: 'agent.enrollRefused', summary: req.serialNumber, reason })
    try {
      await this.limiter.take(limits.enrollPerAddress, clientIp)
    } catch (err) {
      if (err instanceof LimitRefused && err.first) await refused(err.message)
      throw err
    }
    try {
      const enrolled = await this.enroll(req)
      await this.limiter.giveBack(limits.enrollPerAddress, clientIp)
      return enrolled
    } catch (err) {
      if (err instanceof ApiError && err.code === ResultCode.unauthorized) await refused(err.message)
      else await this.limiter.giveBack(limits.enrollPerAddress, clientIp)
      throw err
    }
  }

  /**
   * POST /device/enrollmentToken. The token enrolls any phone as any device of the company (and replaces the token
   * before it): a company's own account issues it, never a staff member, who sees only the devices assigned to them.
   */
  async issueEnrollmentTokenFor(user: CurrentUser, platform: AgentPlatform): Promise<string> {
    if (user.kind === 'STAFF') throw ApiError.forbidden(t.enrollmentCompanyOnly)
    if (user.companyId === null) throw ApiError.badRequest(t.companyRequired)
    return this.issueEnrollmentToken(user.companyId, platform)
  }

  /** A new enrollment token for a company's devices of one platform; earlier tokens stop working. Shown once. */
  async issueEnrollmentToken(companyId: number, platform: AgentPlatform): Promise<string> {
    const token = `et_${randomBytes(24).toString('base64url')}`
    await this.db.transaction(async (tx) => {
      await tx
        .update(enrollmentTokens)
        .set({ revokedAt: this.now() })
        .where(and(eq(enrollmentTokens.companyId, companyId), eq(enrollmentTokens.platform, platform), isNull(enrollmentTokens.revokedAt)))
      await tx.insert(enrollmentTokens).values({ companyId, platform, tokenHash: hashToken(token) })
    })
    return token
  }

  /**
   * POST /agent/v1/enroll. A serial already registered in the token's company (added in the console, or enrolled
   * before) receives a new credential, which replaces the old one; a serial the company does not have becomes a new
   * device of that company and consumes one unit of its Huawei quota in the same transaction, whatever other
   * companies hold (docs/serials.md).
   */
  async enroll(req: EnrollInput): Promise<EnrollResponse> {
    const [token] = await this.db
      .select()
      .from(enrollmentTokens)
      .where(and(eq(enrollmentTokens.tokenHash, hashToken(req.enrollmentToken)), isNull(enrollmentTokens.revokedAt)))
    if (!token) throw ApiError.unauthorized(t.enrollmentTokenInvalid)
    const platform = token.platform
    if (platform === 'IOS' || (req.platform && req.platform !== platform)) throw ApiError.badRequest(t.enrollmentPlatformMismatch)
    const credential = `dc_${randomBytes(32).toString('base64url')}`
    const now = this.now()
    const reported = {
      ...(req.imei ? { imei: req.imei } : {}),
      ...(req.model ? { model: req.model } : {}),
      ...(req.name ? { name: req.name } : {}),
      ...(req.osVersion ? { osVersion: req.osVersion } : {}),
    }
    const state = mergeState({ poweredOn: true, controlled: true }, req.state)
    const deviceId = await this.db.transaction(async (tx) => {
      // Issue #15: the administrator chose to refuse this phone (its serial or IMEI is blacklisted).
      if (await enrollmentBlocked(tx, req.serialNumber, req.imei)) throw ApiError.forbidden(blacklistText.enrollmentBlocked)
      // docs/serials.md: the serial an agent reports is not proven, so it is looked up in the token's company only.
      // Another tenant's registration or enrolled phone of that serial is neither touched nor told of: the answer is
      // the one for a serial nobody has.
      const sameSerial = and(eq(devices.platform, platform), eq(devices.serialNumber, req.serialNumber))
      const [existing] = await tx.select().from(devices).where(and(sameSerial, eq(devices.companyId, token.companyId))).for('update')
      if (existing) {
        await tx
          .update(devices)
          .set({
            ...reported,
            credentialHash: hashToken(credential),
            enrolledAt: now,
            lastCommunicationTime: now,
            state: mergeState(existing.state, state),
            updatedAt: now,
          })
          .where(eq(devices.id, existing.id))
        return existing.id
      }
      const [created] = await tx
        .insert(devices)
        .values({
          ...reported,
          companyId: token.companyId,
          platform,
          serialNumber: req.serialNumber,
          credentialHash: hashToken(credential),
          enrolledAt: now,
          lastCommunicationTime: now,
          state,
        })
        .returning({ id: devices.id })
      await this.quota.consume(tx, {
        companyId: token.companyId,
        quotaType: quotaTypeOf(platform),
        deviceId: created.id,
        serialNumber: req.serialNumber,
        operatorUserId: null,
      })
      return created.id
    }).catch((err: unknown) => {
      // Two enrollments of one new serial at once both find no device and both insert it; the unique index refuses
      // the second. Answered like DeviceService.add answers that race: a clear conflict the agent retries (and then
      // finds the device), not a server error.
      if (isUniqueViolation(err)) throw ApiError.conflict(serverMessages.enrollInProgress)
      throw err
    })
    return { deviceId, credential, pollIntervalSeconds: this.pollIntervalSeconds }
  }

  private pollStatement?: ReturnType<AgentService['pollQuery']>

  /**
   * A poll is one statement (issue #16): the credential check, the device seen (lastCommunicationTime, its reported
   * state), the expiry and the claim of its tasks are data-modifying CTEs of one prepared statement, one round trip.
   * It answers one row per claimed task, or one row without a task, or no row when no device holds the credential.
   */
  private pollQuery() {
    const seen = this.db.$with('seen').as(
      this.db
        .update(devices)
        .set({
          lastCommunicationTime: sql`${sql.placeholder('now')}::timestamptz`,
          state: sql`${devices.state} || ${sql.placeholder('state')}::jsonb`,
          updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
        })
        .where(eq(devices.credentialHash, sql.placeholder('credentialHash')))
        .returning({ id: devices.id }),
    )
    const { expired, claimed } = this.tasks.claimCtes(sql`(select ${seen.id} from ${seen})`)
    // Issue #45: the device's service terms, for the agent's own enforcement without the network.
    const rental = serviceTermsCte(this.db, sql`(select ${seen.id} from ${seen})`)
    return this.db.with(seen, expired, claimed, rental).select().from(seen).leftJoin(claimed, sql`true`).leftJoin(rental, sql`true`).prepare('agent_poll')
  }

  /**
   * POST /agent/v1/poll: records that the device is alive (lastCommunicationTime, its reported state) and hands it
   * its queued tasks, each exactly once.
   */
  async poll(credential: DeviceCredential, req: PollInput): Promise<PollResponse> {
    // The reported state is merged into the stored one in SQL (jsonb ||): a result committed meanwhile (a lock) must
    // not be overwritten.
    const reported = mergeState(reaching(req.state), req.state)
    this.pollStatement ??= this.pollQuery()
    const claim = this.tasks.claimParams(req.maxTasks ?? DEFAULT_MAX_TASKS)
    const rows = await this.pollStatement.execute({ ...claim, credentialHash: credential.hash, state: JSON.stringify(reported) })
    if (!rows.length) throw ApiError.unauthorized(t.deviceCredentialInvalid)
    const claimed = byAge(rows.flatMap((r) => (r.claimed ? [r.claimed] : [])))
    countAgentPoll()
    countCommands(claimed, 'delivered')
    return {
      tasks: claimed.map((task) => ({
        taskId: task.taskId,
        type: agentTaskTypeSchema.parse(task.type),
        payload: task.payload,
        createdAt: task.createdAt.toISOString(),
      })),
      pollIntervalSeconds: this.pollIntervalSeconds,
      ...(rows[0].rental ? { service: serviceTerms(rows[0].rental) } : {}),
    }
  }

  private resultStatements?: ReturnType<AgentService['resultQueries']>

  /**
   * A result is two prepared statements and no transaction (issue #44: 10,000 agents answering one fleet-wide lock
   * at once; as a transaction of six round trips each result cost PostgreSQL three times what a poll does):
   * - `read`: the device that holds the credential and its task of that id (its type, payload and status), one row,
   *   or none for an unknown credential. Nothing is locked: what is decided from it (the implied state, the checks of
   *   the data) depends only on the task's type and payload, which never change once queued.
   * - `finish`: the task from SENT to DONE / ERROR and, only if that happened, the device seen and its state patched,
   *   as data-modifying CTEs of one statement, so both are written or neither. The state is merged in SQL (jsonb ||),
   *   as the poll merges it, so a poll committed meanwhile is not overwritten. A task that left SENT in between (timed
   *   out, or finished by a second copy of the same result) updates nothing and is answered like a finished one.
   */
  private resultQueries() {
    const read = this.db
      .select({ deviceId: devices.id, id: tasks.id, type: tasks.type, payload: tasks.payload, status: tasks.status })
      .from(devices)
      .leftJoin(tasks, and(eq(tasks.taskId, sql.placeholder('taskId')), eq(tasks.deviceId, devices.id)))
      .where(eq(devices.credentialHash, sql.placeholder('credentialHash')))
      .prepare('agent_result_read')
    const now = sql`${sql.placeholder('now')}::timestamptz`
    const text = (name: string) => sql`${sql.placeholder(name)}::text`
    const done = this.db.$with('done').as(
      this.db
        .update(tasks)
        .set({
          status: sql`${text('status')}`,
          result: sql`${sql.placeholder('result')}::jsonb`,
          errorMessage: sql`${text('errorMessage')}`,
          finishedAt: now,
        })
        .where(and(eq(tasks.id, sql.placeholder('id')), eq(tasks.status, sql`'SENT'`)))
        .returning({ id: tasks.id }),
    )
    // A value the device reported (getDeviceInfo) replaces the stored one; null leaves it.
    const reported = (column: Column, name: string) => sql`coalesce(${text(name)}, ${column})`
    const seen = this.db.$with('seen').as(
      this.db
        .update(devices)
        .set({
          lastCommunicationTime: now,
          updatedAt: now,
          state: sql`${devices.state} || ${sql.placeholder('state')}::jsonb`,
          model: reported(devices.model, 'model'),
          name: reported(devices.name, 'name'),
          osVersion: reported(devices.osVersion, 'osVersion'),
          imei: reported(devices.imei, 'imei'),
          credentialHash: sql`case when ${sql.placeholder('revoke')}::boolean then null else ${devices.credentialHash} end`,
        })
        .where(and(eq(devices.id, sql.placeholder('deviceId')), sql`exists (select 1 from ${done})`))
        .returning({ id: devices.id }),
    )
    const finish = this.db.with(done, seen).select({ id: done.id }).from(done).prepare('agent_result_finish')
    return { read, finish }
  }

  /**
   * POST /agent/v1/result: the outcome of one of the device's own delivered tasks. A success changes the device's
   * state as the command implies and as the device reports; some results carry data the server keeps (device info,
   * the lock passcode for the console that asked).
   */
  async report(credential: DeviceCredential, req: ResultInput): Promise<ResultResponse> {
    const now = this.now()
    this.resultStatements ??= this.resultQueries()
    const { read, finish } = this.resultStatements
    const [found] = await read.execute({ credentialHash: credential.hash, taskId: req.taskId })
    if (!found) throw ApiError.unauthorized(t.deviceCredentialInvalid)
    const data = req.success ? (req.data ?? {}) : undefined
    // Results are kept as JSON; their size is bounded so that one agent cannot fill the tasks table.
    if (data && JSON.stringify(data).length > MAX_RESULT_CHARS) throw ApiError.badRequest(t.resultTooLarge)
    if (found.id === null || found.type === null || found.status === null) throw ApiError.notFound(t.taskNotFound)
    if (found.status === 'QUEUED') throw ApiError.conflict(t.taskNotSent)
    if (found.status !== 'SENT') throw ApiError.conflict(t.taskFinished)
    const command = agentTaskTypeSchema.parse(found.type)
    const status = req.success ? 'DONE' : 'ERROR'
    const info: Partial<Record<'model' | 'name' | 'osVersion' | 'imei', string>> = {}
    let implied: DeviceState = {}
    if (req.success) {
      implied = impliedState(command, found.payload ?? {}, now)
      if (command === 'getDeviceInfo') {
        const reported = parseOrThrow(DeviceInfoResult, data)
        for (const key of ['model', 'name', 'osVersion', 'imei'] as const) if (reported[key]) info[key] = reported[key]
        if (reported.battery !== undefined) implied.battery = reported.battery
      }
      if (command === 'getLockPasscode') parseOrThrow(LockPasscodeResult, data)
    }
    const finished = await finish.execute({
      id: found.id,
      deviceId: found.deviceId,
      status,
      result: data ? JSON.stringify(this.tasks.storedResult(found.type, data)) : null,
      errorMessage: req.success ? null : (req.reason ?? null),
      now: now.toISOString(),
      state: JSON.stringify(mergeState(reaching(req.state), implied, req.state)),
      model: info.model ?? null,
      name: info.name ?? null,
      osVersion: info.osVersion ?? null,
      imei: info.imei ?? null,
      revoke: req.success && revokesCredential.has(command),
    })
    if (!finished.length) throw ApiError.conflict(t.taskFinished)
    countCommand(found.type, stageOfStatus(status)!)
    return { taskId: req.taskId, status }
  }
}
