import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm'
import { FLEET_MAX_DEVICES, fleetCommandNames, type FleetCommandRequest, type FleetStatusResponse } from '../../../shared/contract/fleet'
import type { DeviceAreaPlatform } from '../../../shared/domain/device-areas'
import { fleetText as t } from '../../../shared/messages/fleet'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { appleEnrollments, devices, tasks } from '../../db/schema'
import { fleetCommands, fleetCommandTasks } from '../../db/schema-fleet'
import { pageWindow } from '../../db/paging'
import { unnamedRaw } from '../../db/shaped'
import { ApiError } from '../../http/errors'
import { countCommand } from '../../metrics'
import { appleCommands } from '../../protocol/apple/commands'
import { wakeEach } from '../../protocol/apple/repush'
import type { ListInput } from '../devices/list-conditions'
import { recordAudit } from '../audit/service'
import { bulkTaskInsert } from '../task/service'

/** A device area's list: every device a search matches, as conditions on placeholders and their values. */
export interface MatchingDevices {
  matching(user: CurrentUser, q: ListInput): Promise<{ where: SQL | undefined; values: Record<string, unknown> }>
}

type Enrollment = typeof appleEnrollments.$inferSelect

/** Pushes under way at once when a batch's iPhones are woken (one HTTP/2 connection multiplexes them). */
const WAKE_CONCURRENCY = 200

/**
 * Fleet-wide commands (issue #44, ARCHITECTURE): one request queues a command for every device a search matches, in
 * one statement (the devices, their tasks through bulkTaskInsert, and the batch's records), then wakes the batch's
 * iPhones. Progress and per-device outcomes are read from the tasks themselves.
 */
export class FleetService {
  constructor(
    private readonly deps: {
      db: Db
      lists: Readonly<Record<DeviceAreaPlatform, MatchingDevices>>
      wake(enrollment: Enrollment): Promise<void>
      now?: () => Date
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date()
  }

  async command(user: CurrentUser, platform: DeviceAreaPlatform, req: FleetCommandRequest & { filters: ListInput }): Promise<{ batchId: string; total: number; woken: Promise<number> }> {
    const family = platform === 'IOS' ? 'IOS' : 'AGENT'
    const names: readonly string[] = fleetCommandNames[family]
    if (!names.includes(req.command)) throw ApiError.badRequest(t.wrongCommand)
    const { where, values } = await this.deps.lists[platform].matching(user, req.filters)
    // The confirmed total first: a list that changed since the user looked sends nothing (counted up to one past it).
    const found = await this.countUpTo(where, values, FLEET_MAX_DEVICES + 1)
    if (found === 0) throw ApiError.badRequest(t.noDevices)
    if (found > FLEET_MAX_DEVICES) throw ApiError.badRequest(t.tooMany(FLEET_MAX_DEVICES))
    if (found !== req.expected) throw ApiError.badRequest(t.countChanged(req.expected, found))
    const payload = family === 'IOS' ? this.applePayload(req.command, req) : {}
    const batchId = randomUUID()
    const now = this.now()
    const statement = sql`
      with chosen as (select ${devices.id} as device_id, ${devices.companyId} as company_id from ${devices} where ${where ?? sql`true`}),
      batch as (
        insert into ${fleetCommands} (id, company_id, platform, command, filters, total, created_by, created_at)
        select ${batchId}, ${user.companyId}::integer, ${platform}, ${req.command}, ${JSON.stringify(req.filters)}, count(*), ${user.id}::integer, ${now.toISOString()}::timestamptz
        from chosen returning id
      ),
      queued as (${bulkTaskInsert(
        sql`select null::text as task_id, c.device_id, c.company_id, ${req.command}::text as type, ${JSON.stringify(payload)}::jsonb as payload from chosen c`,
        { createdBy: user.id, now },
      )}),
      linked as (
        insert into ${fleetCommandTasks} (batch_id, device_id, task_id) select (select id from batch), device_id, task_id from queued returning 1
      )
      select count(*)::int as total from linked`
    const { rows } = await unnamedRaw<{ total: number }>(this.deps.db, statement).execute(values)
    const total = rows[0]?.total ?? 0
    countCommand(req.command, 'queued', total)
    const label = family === 'IOS' ? t.commands.IOS[req.command as 'openPayMode'] : t.commands.AGENT[req.command as 'lockScreen']
    await recordAudit(this.deps.db, { action: 'device.command', targetKind: 'FLEET', targetId: batchId, summary: t.auditSummary(label, total) })
    // The answer does not wait for APNs; a push lost here is sent again by the apns-repush job.
    const woken = platform === 'IOS' ? this.wakeBatch(batchId) : Promise.resolve(0)
    woken.catch(() => undefined)
    return { batchId, total, woken }
  }

  /** The Apple request the command sends (the catalogue's own: pay mode is lost mode with the payment notice). */
  private applePayload(command: string, req: { message?: string; phoneNumber?: string }): unknown {
    if (command === 'openPayMode') return appleCommands.openPayMode.requests({ message: req.message, phoneNumber: req.phoneNumber })[0]
    return appleCommands.closePayMode.requests()[0]
  }

  private async countUpTo(where: SQL | undefined, values: Record<string, unknown>, limit: number): Promise<number> {
    const statement = sql`select count(*)::int as n from (select 1 from ${devices} where ${where ?? sql`true`} limit ${limit}) x`
    const { rows } = await unnamedRaw<{ n: number }>(this.deps.db, statement).execute(values)
    return rows[0]?.n ?? 0
  }

  /** Wakes every iPhone of the batch that has a push token, WAKE_CONCURRENCY at a time; answers how many were pushed. */
  async wakeBatch(batchId: string): Promise<number> {
    const rows = await this.deps.db
      .select({ enrollment: appleEnrollments })
      .from(fleetCommandTasks)
      .innerJoin(appleEnrollments, eq(appleEnrollments.deviceId, fleetCommandTasks.deviceId))
      .where(and(eq(fleetCommandTasks.batchId, batchId), sql`${appleEnrollments.pushToken} is not null`, sql`${appleEnrollments.pushTokenInvalidAt} is null`))
    await wakeEach(rows.map((r) => r.enrollment), this.deps.wake, WAKE_CONCURRENCY)
    return rows.length
  }

  /** The batch's progress (counts by task status) and a page of its devices' outcomes; only its sender reads it. */
  async status(user: CurrentUser, platform: DeviceAreaPlatform, q: { batchId: string; current: number; pageSize: number }): Promise<FleetStatusResponse> {
    const db = this.deps.db
    const [batch] = await db
      .select()
      .from(fleetCommands)
      .where(and(eq(fleetCommands.id, q.batchId), eq(fleetCommands.createdBy, user.id), eq(fleetCommands.platform, platform)))
    if (!batch) throw ApiError.notFound(t.batchNotFound)
    const byStatus = await db
      .select({ status: tasks.status, n: count() })
      .from(fleetCommandTasks)
      .innerJoin(tasks, eq(tasks.taskId, fleetCommandTasks.taskId))
      .where(eq(fleetCommandTasks.batchId, batch.id))
      .groupBy(tasks.status)
    const counts = { QUEUED: 0, SENT: 0, DONE: 0, ERROR: 0, TIMEOUT: 0 }
    for (const { status, n } of byStatus) counts[status as keyof typeof counts] = n
    const { limit, offset } = pageWindow(q)
    const records = await db
      .select({ deviceId: devices.id, serialNumber: devices.serialNumber, status: tasks.status, errorMessage: tasks.errorMessage, finishedAt: tasks.finishedAt })
      .from(fleetCommandTasks)
      .innerJoin(tasks, eq(tasks.taskId, fleetCommandTasks.taskId))
      .innerJoin(devices, eq(devices.id, fleetCommandTasks.deviceId))
      .where(eq(fleetCommandTasks.batchId, batch.id))
      // Failures first: what a worker must look at; then by device.
      .orderBy(sql`case ${tasks.status} when 'ERROR' then 0 when 'TIMEOUT' then 1 when 'QUEUED' then 2 when 'SENT' then 3 else 4 end`, asc(devices.id))
      .limit(limit)
      .offset(offset)
    return {
      batchId: batch.id,
      command: batch.command,
      createdAt: batch.createdAt.toISOString(),
      counts,
      total: batch.total,
      records: records.map((r) => ({ ...r, status: r.status as keyof typeof counts, finishedAt: r.finishedAt?.toISOString() ?? null })),
    }
  }
}
