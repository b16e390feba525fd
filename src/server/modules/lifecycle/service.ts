import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { ExpiringResponse, LifecyclePolicy, LifecyclePolicyRequest } from '../../../shared/contract/lifecycle'
import { DEFAULT_REMINDER_DAYS } from '../../../shared/domain/lifecycle'
import { lifecycleText as t } from '../../../shared/messages/lifecycle'
import { ownCompanyId, visibleDeviceCondition } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { pageWindow } from '../../db/paging'
import { commonPhrases, devices } from '../../db/schema'
import { lifecycleExemptions, lifecycleLocks, lifecyclePolicies } from '../../db/schema-lifecycle'
import { ApiError } from '../../http/errors'
import type { SmsProvider } from '../../sms/provider'
import { recordAudit } from '../audit/service'
import { sendReminders } from './reminders'
import { serviceEndSql } from './service-end'
import { liftLocks, runLifecycleSweep, wakeApple, type SweepDeps, type SweepOutcome } from './sweep'

type PolicyInput = z.output<typeof LifecyclePolicyRequest>

const DAY_MS = 86_400_000

export const defaultPolicy: LifecyclePolicy = { autoLock: false, graceDays: 0, reminderDays: [...DEFAULT_REMINDER_DAYS], lockMessage: '', lockPhone: '' }

/**
 * The rental lifecycle (issue #45, docs/renewals.md): each company's policy, its devices' exemptions, 已付款, the
 * 即将到期 list, and the sweep that locks, lifts and reminds (a job of the scheduler, src/server/jobs/registry.ts).
 */
export class LifecycleService {
  constructor(
    private readonly deps: SweepDeps & { sms: SmsProvider | null },
    private readonly now: () => Date = () => new Date(),
  ) {}

  private get db(): Db {
    return this.deps.db
  }

  /** One pass: locks, lifts, requeues and reminders, all decided by the records (idempotent). */
  async sweep(now: Date = this.now()): Promise<SweepOutcome & { reminded: number }> {
    const outcome = await runLifecycleSweep(this.deps, now)
    const reminded = await sendReminders(this.db, this.deps.sms, now)
    return { ...outcome, reminded }
  }

  private company(user: CurrentUser): number {
    const companyId = ownCompanyId(user)
    if (companyId === null) throw ApiError.forbidden(t.companyOnly)
    return companyId
  }

  /** GET /lifecycle/policy: the user's company's, or the defaults. */
  async policy(user: CurrentUser): Promise<LifecyclePolicy> {
    const [row] = await this.db.select().from(lifecyclePolicies).where(eq(lifecyclePolicies.companyId, this.company(user)))
    if (!row) return defaultPolicy
    return { autoLock: row.autoLock, graceDays: row.graceDays, reminderDays: row.reminderDays, lockMessage: row.lockMessage, lockPhone: row.lockPhone }
  }

  /** PUT /lifecycle/policy. The message and phone must be among the company's saved phrases and phones. */
  async savePolicy(user: CurrentUser, req: PolicyInput): Promise<LifecyclePolicy> {
    const companyId = this.company(user)
    const saved = async (type: 'PHRASES' | 'PHONE', value: string) =>
      value === '' ||
      (await this.db
        .select({ id: commonPhrases.id })
        .from(commonPhrases)
        .where(and(eq(commonPhrases.companyId, companyId), eq(commonPhrases.type, type), eq(commonPhrases.value, value)))).length > 0
    if (!(await saved('PHRASES', req.lockMessage))) throw ApiError.badRequest(t.phraseNotSaved)
    if (!(await saved('PHONE', req.lockPhone))) throw ApiError.badRequest(t.phoneNotSaved)
    const values = { ...req, updatedBy: user.id, updatedAt: this.now() }
    await this.db
      .insert(lifecyclePolicies)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: lifecyclePolicies.companyId, set: values })
    await recordAudit(this.db, { action: 'lifecycle.policy', targetKind: 'COMPANY', targetId: companyId, targetCompanyId: companyId, summary: `${t.autoLock}：${req.autoLock ? '开' : '关'}，${t.graceDays} ${req.graceDays}` })
    return this.policy(user)
  }

  /** A device the user may see; a foreign id answers like a missing one. */
  private async visibleDevice(user: CurrentUser, deviceId: number) {
    const [device] = await this.db
      .select({ id: devices.id, companyId: devices.companyId, serialNumber: devices.serialNumber })
      .from(devices)
      .where(and(eq(devices.id, deviceId), await visibleDeviceCondition(this.db, user)))
    if (!device) throw ApiError.notFound(t.deviceNotFound)
    return device
  }

  /**
   * POST /lifecycle/markPaid: the company says this period is paid. The automatic lock holding the device is lifted
   * at once (unlock queued, 解除自动锁定), and the period is recorded as paid so that no sweep locks it again; a later
   * period (after a renewal) is a new one.
   */
  async markPaid(user: CurrentUser, deviceId: number): Promise<null> {
    const device = await this.visibleDevice(user, deviceId)
    const now = this.now()
    const queued = await this.db.transaction(async (tx) => {
      const lifted = await liftLocks(tx as unknown as Db, now, { where: sql`l.device_id = ${device.id}`, reason: 'PAID', by: user.id })
      await tx.execute(sql`
        insert into ${lifecycleLocks} (device_id, company_id, period_end, locked_at, lifted_at, lift_reason, lifted_by)
        select ${devices.id}, ${devices.companyId}, ${serviceEndSql}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, 'PAID', ${user.id}::integer
        from ${devices} where ${devices.id} = ${device.id}
        on conflict do nothing`)
      await recordAudit(tx, { action: 'lifecycle.paid', targetKind: 'DEVICE', targetId: device.id, targetCompanyId: device.companyId, summary: device.serialNumber })
      return lifted
    })
    await wakeApple(this.deps, queued)
    return null
  }

  /** POST /lifecycle/exempt: on, the automatic lock leaves the device alone (a lock holding it is lifted by the next sweep). */
  async setExempt(user: CurrentUser, deviceId: number, exempt: boolean): Promise<null> {
    const device = await this.visibleDevice(user, deviceId)
    if (exempt) {
      await this.db.insert(lifecycleExemptions).values({ deviceId: device.id, companyId: device.companyId, createdBy: user.id }).onConflictDoNothing()
    } else {
      await this.db.delete(lifecycleExemptions).where(eq(lifecycleExemptions.deviceId, device.id))
    }
    await recordAudit(this.db, { action: 'lifecycle.exempt', targetKind: 'DEVICE', targetId: device.id, targetCompanyId: device.companyId, summary: `${device.serialNumber} ${exempt ? t.exemptOn : ''}`.trim() })
    return null
  }

  /**
   * GET /lifecycle/expiring (即将到期): the visible devices in use whose service ends between now and the reminder
   * window (the user's company's largest reminder day, else 7), soonest first; the dashboard shows its total.
   */
  async expiring(user: CurrentUser, q: { current: number; pageSize: number }): Promise<ExpiringResponse> {
    const companyId = ownCompanyId(user)
    const policy = companyId === null ? defaultPolicy : await this.policy(user)
    const windowDays = Math.max(...policy.reminderDays, DEFAULT_REMINDER_DAYS[0])
    const now = this.now()
    const until = new Date(now.getTime() + windowDays * DAY_MS)
    const end = sql<Date>`(${serviceEndSql})`
    const where: SQL | undefined = and(
      await visibleDeviceCondition(this.db, user),
      eq(devices.recycleStatus, false),
      sql`${end} > ${now.toISOString()}::timestamptz and ${end} <= ${until.toISOString()}::timestamptz`,
    )
    const window = pageWindow(q)
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({
          deviceId: devices.id,
          platform: devices.platform,
          serialNumber: devices.serialNumber,
          renterName: devices.renterName,
          renterPhone: devices.renterPhone,
          endsAtMs: sql<number>`(extract(epoch from ${end}) * 1000)::float8`,
          exempt: sql<boolean>`${lifecycleExemptions.deviceId} is not null`,
          locked: sql<boolean>`${lifecycleLocks.id} is not null`,
        })
        .from(devices)
        // Joins, not EXISTS in the select list: at most one row each (primary key; one lock not lifted per device).
        .leftJoin(lifecycleExemptions, eq(lifecycleExemptions.deviceId, devices.id))
        .leftJoin(lifecycleLocks, and(eq(lifecycleLocks.deviceId, devices.id), isNull(lifecycleLocks.liftedAt)))
        .where(where)
        .orderBy(asc(end), asc(devices.id))
        .limit(window.limit)
        .offset(window.offset),
      this.db.select({ total: count() }).from(devices).where(where),
    ])
    return {
      records: rows.map(({ endsAtMs, ...r }) => ({ ...r, serviceEndsAt: new Date(Number(endsAtMs)).toISOString() })),
      total,
      windowDays,
    }
  }
}
