import { and, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { AgentCommand, AgentPlatform } from '../../../shared/contract/agent'
import type { DeviceMoveRequest, DeviceRecord, MoveTargetsResponse } from '../../../shared/contract/huawei-device'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import type { RateLimiter } from '../../auth/rate-limit'
import { visibleCompanyIds } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { companies, devices, users } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { deviceCommandEntry, requireSecondaryPassword } from '../audit/device-command'
import { recordAudit } from '../audit/service'
import { DeviceRegistry } from '../devices/registry'
import { commonRecordFields, type DeviceListRow } from '../devices/list-row'
import { commonExportColumns as col, type ExportColumn } from '../devices/export-columns'
import type { QuotaService } from '../quota/service'
import type { TaskService } from '../task/service'
import type { BlacklistService } from '../blacklist/service'

type MoveInput = z.output<typeof DeviceMoveRequest>

/**
 * Huawei-type devices of one platform (HUAWEI for the Huawei area, MI for the Mi area): the lists, detail, rent-user
 * info, recycle bin, export and quota of every family (DeviceRegistry), plus what is Huawei's own: transfer between
 * companies and staff, and the agent's remote commands.
 */
export class DeviceService extends DeviceRegistry<DeviceRecord> {
  private readonly limiter: RateLimiter

  constructor(deps: { db: Db; quota: QuotaService; tasks: TaskService; limiter: RateLimiter; blacklist?: BlacklistService }, platform: AgentPlatform, now?: () => Date) {
    super(deps, platform, now)
    this.limiter = deps.limiter
  }

  protected records(rows: DeviceListRow[], now: Date): Promise<DeviceRecord[]> {
    return Promise.resolve(
      rows.map((row) => ({
        ...commonRecordFields(row, now),
        platform: row.platform as AgentPlatform,
        enrolled: row.credentialHash !== null,
        state: row.state ?? {},
      })),
    )
  }

  protected exportColumns(): ExportColumn[] {
    const enrolled: ExportColumn = { header: t.enrolled, cell: (r) => (r.credentialHash ? t.enrolledYes : t.enrolledNo) }
    return [
      col.serialNumber, col.imei, col.model, col.name, col.osVersion, col.status, col.lastCommunicationTime, col.company, col.staff,
      col.renterName, col.renterPhone, col.renterIdCard, col.rentRemark, enrolled, col.createdAt,
    ]
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
    const entry = deviceCommandEntry(device, t.commandLabels[name])
    await requireSecondaryPassword({ db: this.db, limiter: this.limiter }, user, name, secondaryPassword, entry)
    const { taskId } = await this.tasks.enqueue({ deviceId, companyId: device.companyId, type: name, createdBy: user.id })
    await recordAudit(this.db, entry)
    return { taskId }
  }
}
