import { and, count, desc, eq, getTableColumns, gt, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { AgentPlatform, AgentCommand } from '../../../shared/contract/agent'
import type {
  DeviceAddRequest,
  DeviceExportQuery,
  DeviceMoveRequest,
  DeviceRecord,
  DeviceSearchQuery,
  MoveTargetsResponse,
  UpdateRentUserInfoRequest,
} from '../../../shared/contract/huawei-device'
import type { z } from 'zod'
import {
  connectionStatus,
  connectionStatusLabels,
  STATUS_ERROR_FROM_HOURS,
  STATUS_WARNING_AFTER_HOURS,
  type ConnectionStatus,
} from '../../../shared/domain/connection-status'
import { formatDate } from '../../../shared/domain/format'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { ResultCode } from '../../../shared/contract/envelope'
import { findVisibleCompany, visibleCompanyIds, visibleDeviceCondition } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { companies, devices, tasks, users } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { writeXlsx } from '../../http/xlsx'
import { isUniqueViolation } from '../../db/unique-violation'
import { likePattern } from '../../db/like'
import { quotaTypeOf, type QuotaService } from '../quota/service'
import type { TaskService } from '../task/service'
import { deviceAreaAuthorities } from '../../../shared/domain/device-areas'
import { paged } from '../../db/paging'
import { isIrreversibleCommand } from '../../../shared/domain/irreversible-commands'
import { auditText, secondaryPasswordText } from '../../../shared/messages/audit'
import { verifyPassword } from '../../auth/password'
import { recordAudit } from '../audit/service'

type SearchInput = z.output<typeof DeviceSearchQuery>
type ExportInput = z.output<typeof DeviceExportQuery>
type AddInput = z.output<typeof DeviceAddRequest>
type RentInput = z.output<typeof UpdateRentUserInfoRequest>
type MoveInput = z.output<typeof DeviceMoveRequest>

const HOUR_MS = 3_600_000
/** An export is one spreadsheet held in memory; beyond this the user narrows the search. */
export const MAX_EXPORT_ROWS = 20_000

const recordColumns = {
  ...getTableColumns(devices),
  companyName: companies.name,
  staffName: users.name,
  pendingTaskCount: sql<number>`(select count(*)::int from ${tasks} where ${tasks.deviceId} = ${devices.id} and ${tasks.status} in ('QUEUED', 'SENT'))`,
}

type RecordRow = typeof devices.$inferSelect & { companyName: string; staffName: string | null; pendingTaskCount: number }

/** SPEC §4 thresholds as a condition on lastCommunicationTime, the same boundaries as connectionStatus(). */
export function connectionStatusCondition(status: ConnectionStatus, now: Date): SQL | undefined {
  const warnFrom = new Date(now.getTime() - STATUS_WARNING_AFTER_HOURS * HOUR_MS)
  const errorFrom = new Date(now.getTime() - STATUS_ERROR_FROM_HOURS * HOUR_MS)
  const last = devices.lastCommunicationTime
  switch (status) {
    case 'success':
      return sql`${last} >= ${warnFrom}`
    case 'warning':
      return and(lt(last, warnFrom), gt(last, errorFrom))
    case 'error':
      return or(isNull(last), lte(last, errorFrom))
  }
}

/**
 * Huawei-type devices of one platform (HUAWEI for the Huawei area, MI for the Mi area): lists, detail, rent-user
 * info, recycle bin, transfer, export and remote commands. Every query is limited by the user's device scope.
 */
export class DeviceService {
  private readonly db: Db
  private readonly quota: QuotaService
  private readonly tasks: TaskService

  constructor(
    deps: { db: Db; quota: QuotaService; tasks: TaskService },
    private readonly platform: AgentPlatform,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.db = deps.db
    this.quota = deps.quota
    this.tasks = deps.tasks
  }

  private toRecord(row: RecordRow, now: Date): DeviceRecord {
    return {
      id: row.id,
      platform: row.platform as AgentPlatform,
      serialNumber: row.serialNumber,
      imei: row.imei,
      model: row.model,
      name: row.name,
      osVersion: row.osVersion,
      lastCommunicationTime: row.lastCommunicationTime?.toISOString() ?? null,
      status: connectionStatus(row.lastCommunicationTime, now),
      recycleStatus: row.recycleStatus,
      renterName: row.renterName,
      renterPhone: row.renterPhone,
      renterIdCard: row.renterIdCard,
      rentRemark: row.rentRemark,
      companyId: row.companyId,
      companyName: row.companyName,
      staffId: row.staffId,
      staffName: row.staffName,
      enrolled: row.credentialHash !== null,
      state: row.state ?? {},
      pendingTaskCount: Number(row.pendingTaskCount),
      createdAt: row.createdAt.toISOString(),
    }
  }

  private selectRecords() {
    return this.db
      .select(recordColumns)
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .leftJoin(users, eq(users.id, devices.staffId))
  }

  /** The search and export conditions; the recycle bin is read only with its own authority (console and open API). */
  private async conditions(user: CurrentUser, q: ExportInput, now: Date): Promise<SQL | undefined> {
    if (q.recycleStatus && !user.authorities.includes(deviceAreaAuthorities[this.platform].recycle)) {
      throw ApiError.forbidden(t.recycleForbidden)
    }
    return and(
      eq(devices.platform, this.platform),
      eq(devices.recycleStatus, q.recycleStatus),
      await visibleDeviceCondition(this.db, user),
      q.serialNumber ? ilike(devices.serialNumber, likePattern(q.serialNumber)) : undefined,
      q.renterName ? ilike(devices.renterName, likePattern(q.renterName)) : undefined,
      q.connectionStatus ? connectionStatusCondition(q.connectionStatus, now) : undefined,
    )
  }

  /** GET /device/search: newest first. */
  async search(user: CurrentUser, q: SearchInput): Promise<{ records: DeviceRecord[]; total: number }> {
    const now = this.now()
    const where = await this.conditions(user, q, now)
    const { records, total } = await paged(this.db, devices, where, q, (w) =>
      this.selectRecords().where(where).orderBy(desc(devices.createdAt), desc(devices.id)).limit(w.limit).offset(w.offset),
    )
    return { records: records.map((r) => this.toRecord(r, now)), total }
  }

  /** A visible device that is not in the recycle bin: commands, edits and transfers are for devices in use. */
  private async findActive(user: CurrentUser, deviceId: number) {
    const device = await this.findVisible(user, deviceId)
    if (device.recycleStatus) throw ApiError.badRequest(t.recycledNoAction)
    return device
  }

  /** A device of this platform the user may see, or the "not found" answer (a foreign id reads like a missing one). */
  private async findVisible(user: CurrentUser, deviceId: number) {
    const [row] = await this.db
      .select()
      .from(devices)
      .where(and(eq(devices.id, deviceId), eq(devices.platform, this.platform), await visibleDeviceCondition(this.db, user)))
    if (!row) throw ApiError.notFound(t.deviceNotFound)
    return row
  }

  /** GET /device/detail */
  async detail(user: CurrentUser, deviceId: number): Promise<DeviceRecord> {
    await this.findVisible(user, deviceId)
    await this.tasks.expireOverdue({ deviceId })
    const [row] = await this.selectRecords().where(eq(devices.id, deviceId))
    return this.toRecord(row, this.now())
  }

  /** The company a new device goes to: the one asked for, within the user's scope, else the user's own. */
  private async targetCompany(user: CurrentUser, companyId: number | undefined): Promise<number> {
    const chosen = companyId ?? user.companyId
    if (chosen === null || chosen === undefined) throw ApiError.badRequest(t.companyRequired)
    return (await findVisibleCompany(this.db, user, chosen)).id
  }

  /**
   * POST /device/add: stores the device and consumes one unit of the company's Huawei quota in one transaction,
   * so a refusal (service not opened, none left) stores nothing.
   */
  async add(user: CurrentUser, req: AddInput): Promise<{ id: number }> {
    const companyId = await this.targetCompany(user, req.companyId)
    try {
      return await this.db.transaction(async (tx) => {
        // docs/serials.md: a registration claims its serial (and IMEI) within its own company only. Another
        // tenant's registration of the same phone neither blocks this one nor is revealed by the answer; the phone
        // that really enrolls decides (AgentService.enroll).
        const [taken] = await tx
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.companyId, companyId), eq(devices.platform, this.platform), eq(devices.serialNumber, req.serialNumber)))
        if (taken) throw ApiError.conflict(t.serialTaken)
        // An IMEI names one phone in the world: a second device with it in the company is a typing mistake.
        if (req.imei) {
          const [sameImei] = await tx
            .select({ id: devices.id })
            .from(devices)
            .where(and(eq(devices.companyId, companyId), eq(devices.imei, req.imei)))
            .limit(1)
          if (sameImei) throw ApiError.conflict(t.imeiTaken)
        }
        const [device] = await tx
          .insert(devices)
          .values({
            companyId,
            // Staff see only the devices assigned to them, so what they add is theirs.
            staffId: user.kind === 'STAFF' ? user.id : null,
            platform: this.platform,
            serialNumber: req.serialNumber,
            imei: req.imei,
            model: req.model,
            renterName: req.renterName,
            renterPhone: req.renterPhone,
            renterIdCard: req.renterIdCard,
            rentRemark: req.rentRemark,
          })
          .returning({ id: devices.id })
        await this.quota.consume(tx, {
          companyId,
          quotaType: quotaTypeOf(this.platform),
          deviceId: device.id,
          serialNumber: req.serialNumber,
          operatorUserId: user.id,
        })
        await recordAudit(tx, { action: 'device.add', targetKind: 'DEVICE', targetId: device.id, targetCompanyId: companyId, summary: req.serialNumber })
        return device
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict(t.serialTaken)
      throw err
    }
  }

  /** PUT /device/updateRentUserInfo */
  async updateRentUserInfo(user: CurrentUser, req: RentInput): Promise<void> {
    const device = await this.findActive(user, req.deviceId)
    // Drizzle leaves undefined fields out of the SET list: what was not sent is not touched.
    const { deviceId, ...fields } = req
    await this.db
      .update(devices)
      .set({ ...fields, updatedAt: this.now() })
      .where(eq(devices.id, deviceId))
    await recordAudit(this.db, { action: 'device.edit', targetKind: 'DEVICE', targetId: deviceId, targetCompanyId: device.companyId, summary: device.serialNumber })
  }

  /** POST /device/putInRecycle (淘汰) and /device/takeOutRecycle. */
  async setRecycled(user: CurrentUser, deviceId: number, recycled: boolean): Promise<void> {
    const device = await this.findVisible(user, deviceId)
    if (device.recycleStatus === recycled) throw ApiError.badRequest(recycled ? t.alreadyInRecycle : t.notInRecycle)
    await this.db.update(devices).set({ recycleStatus: recycled, updatedAt: this.now() }).where(eq(devices.id, deviceId))
    await recordAudit(this.db, {
      action: recycled ? 'device.recycle' : 'device.restore',
      targetKind: 'DEVICE',
      targetId: deviceId,
      targetCompanyId: device.companyId,
      summary: device.serialNumber,
    })
  }

  /** GET /device/moveTargets: the companies and the staff within the user's scope. */
  async moveTargets(user: CurrentUser): Promise<MoveTargetsResponse> {
    const visible = await visibleCompanyIds(this.db, user)
    const inScope = visible === null ? undefined : inArray(companies.id, visible)
    const [companyRows, staffRows] = await Promise.all([
      this.db.select({ id: companies.id, name: companies.name }).from(companies).where(and(inScope, eq(companies.available, true))).orderBy(companies.id),
      this.db
        .select({ id: users.id, name: users.name, username: users.username, companyId: companies.id, companyName: companies.name })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(and(eq(users.kind, 'STAFF'), eq(users.available, true), inScope))
        .orderBy(users.id),
    ])
    return {
      companies: companyRows,
      staff: staffRows.map((s) => ({ id: s.id, name: s.name || s.username, companyId: s.companyId, companyName: s.companyName })),
    }
  }

  /** POST /device/move: to another company within the scope (unassigned there) or to a staff member of one. */
  async move(user: CurrentUser, req: MoveInput): Promise<void> {
    const device = await this.findActive(user, req.deviceId)
    const visible = await visibleCompanyIds(this.db, user)
    const inScope = (companyId: number | null) => companyId !== null && (visible === null || visible.includes(companyId))
    let target: { companyId: number; staffId: number | null }
    if (req.targetStaffId !== undefined) {
      const [staff] = await this.db
        .select({ id: users.id, companyId: users.companyId })
        .from(users)
        .where(and(eq(users.id, req.targetStaffId), eq(users.kind, 'STAFF')))
      if (!staff || !inScope(staff.companyId)) throw ApiError.notFound(t.moveTargetNotFound)
      target = { companyId: staff.companyId!, staffId: staff.id }
    } else {
      const [company] = await this.db.select({ id: companies.id }).from(companies).where(eq(companies.id, req.targetCompanyId!))
      if (!company || !inScope(company.id)) throw ApiError.notFound(t.moveTargetNotFound)
      target = { companyId: company.id, staffId: null }
    }
    await this.db.update(devices).set({ ...target, updatedAt: this.now() }).where(eq(devices.id, req.deviceId))
    await recordAudit(this.db, {
      action: 'device.move',
      targetKind: 'DEVICE',
      targetId: req.deviceId,
      targetCompanyId: target.companyId,
      summary: `${device.serialNumber} → ${target.staffId ?? target.companyId}`,
    })
  }

  /**
   * POST /device/command/<name>: queues a task for the device's agent and answers its taskId. A command that cannot
   * be undone needs the account's secondary password when the account has one; without it nothing is queued.
   */
  async command(user: CurrentUser, deviceId: number, name: AgentCommand, secondaryPassword?: string): Promise<{ taskId: string }> {
    const device = await this.findActive(user, deviceId)
    const entry = {
      action: 'device.command',
      targetKind: 'DEVICE',
      targetId: deviceId,
      targetCompanyId: device.companyId,
      summary: auditText.device(device.serialNumber, t.commandLabels[name]),
    } as const
    if (isIrreversibleCommand(name)) {
      const [account] = await this.db.select({ hash: users.secondaryPasswordHash }).from(users).where(eq(users.id, user.id))
      if (account?.hash) {
        const refusal = !secondaryPassword
          ? secondaryPasswordText.required
          : !(await verifyPassword(secondaryPassword, account.hash))
            ? secondaryPasswordText.wrong
            : null
        if (refusal) {
          await recordAudit(this.db, { ...entry, outcome: 'REFUSED', reason: refusal })
          throw new ApiError(ResultCode.secondaryPasswordRequired, refusal)
        }
      }
    }
    const { taskId } = await this.tasks.enqueue({ deviceId, companyId: device.companyId, type: name, createdBy: user.id })
    await recordAudit(this.db, entry)
    return { taskId }
  }

  /** GET /device/task/search */
  async taskSearch(user: CurrentUser, q: { deviceId: number; current: number; pageSize: number }) {
    await this.findVisible(user, q.deviceId)
    return this.tasks.search(q.deviceId, q)
  }

  /** GET /device/export: every device the search would list, as an xlsx workbook. */
  async export(user: CurrentUser, q: ExportInput): Promise<Buffer> {
    const now = this.now()
    const where = await this.conditions(user, q, now)
    const [{ total }] = await this.db.select({ total: count() }).from(devices).where(where)
    if (total > MAX_EXPORT_ROWS) throw ApiError.badRequest(t.tooManyRows(MAX_EXPORT_ROWS))
    const rows = await this.selectRecords().where(where).orderBy(desc(devices.createdAt), desc(devices.id))
    const header = [
      t.serialNumber, t.imei, t.model, t.deviceName, t.osVersion, t.status, t.lastCommunicationTime, t.company, t.staff,
      t.renterName, t.renterPhone, t.renterIdCard, t.rentRemark, t.enrolled, t.createdAt,
    ]
    const data = rows.map((r) => [
      r.serialNumber,
      r.imei,
      r.model,
      r.name,
      r.osVersion,
      connectionStatusLabels[connectionStatus(r.lastCommunicationTime, now)],
      r.lastCommunicationTime ? formatDate(r.lastCommunicationTime) : t.neverCommunicated,
      r.companyName,
      r.staffName ?? '',
      r.renterName,
      r.renterPhone,
      r.renterIdCard,
      r.rentRemark,
      r.credentialHash ? t.enrolledYes : t.enrolledNo,
      formatDate(r.createdAt),
    ])
    return await writeXlsx(t.exportSheetName, header, data)
  }
}

