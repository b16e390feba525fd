import { and, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import { actionOf, AppInstallRequest, IosAppAddRequest, type AppRestrictionRecord, type IosApp } from '../../../shared/contract/ios-apps'
import { iosDetailRefusal } from '../../../shared/domain/ios-detail-commands'
import { iosAppText as t } from '../../../shared/messages/ios-detail-b'
import { ownCompanyId, visibleCompanyIds } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import { iosAppRestrictions, iosApps, tasks } from '../../db/schema'
import { isUniqueViolation } from '../../db/unique-violation'
import { ApiError } from '../../http/errors'
import { appRestrictionRequest, installApplicationRequest, type AttachedRequest } from '../../protocol/apple/detail-b'
import type { IosDeviceService } from '../my-device/devices'
import { queueAppleRequests, type AppleQueue } from '../my-device/queue-requests'

type AppRow = typeof iosApps.$inferSelect
type AddInput = z.output<typeof IosAppAddRequest>
type InstallInput = z.output<typeof AppInstallRequest>

function appRecord(row: AppRow): IosApp {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    bundleId: row.bundleId,
    itunesStoreId: row.itunesStoreId,
    manifestUrl: row.manifestUrl,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * The apps tab (issue #14): a company's catalogue of installable apps, and what is applied to a device's apps —
 * installed (InstallApplication, then the installed list is asked for again), allowed again, or forbidden (the
 * device's one app-restriction profile, rebuilt from every app forbidden on it). A catalogue entry of another
 * company answers exactly like a missing one.
 */
export class IosAppService {
  constructor(private readonly services: AppleQueue & { iosDevices: IosDeviceService }) {}

  private get db() {
    return this.services.db
  }

  /** GET /app/list: the user's own company's catalogue, oldest first. */
  async list(user: CurrentUser): Promise<IosApp[]> {
    const companyId = ownCompanyId(user)
    if (companyId === null) return []
    const rows = await this.db.select().from(iosApps).where(eq(iosApps.companyId, companyId)).orderBy(iosApps.id)
    return rows.map(appRecord)
  }

  /** POST /app/add. */
  async add(user: CurrentUser, req: AddInput): Promise<{ id: number }> {
    const companyId = ownCompanyId(user)
    if (companyId === null) throw ApiError.forbidden(t.companyOnly)
    const values = {
      companyId,
      kind: req.kind,
      name: req.name,
      bundleId: req.bundleId,
      itunesStoreId: req.kind === 'APP_STORE' ? req.itunesStoreId : null,
      manifestUrl: req.kind === 'ENTERPRISE' ? req.manifestUrl : null,
      createdBy: user.id,
    }
    try {
      const [row] = await this.db.insert(iosApps).values(values).returning({ id: iosApps.id })
      return row
    } catch (error) {
      if (isUniqueViolation(error)) throw ApiError.conflict(t.appExists)
      throw error
    }
  }

  /** POST /app/delete: from the own company's catalogue. What was applied on devices stays recorded. */
  async delete(user: CurrentUser, id: number): Promise<void> {
    const companyId = ownCompanyId(user)
    const deleted = companyId === null ? [] : await this.db.delete(iosApps).where(and(eq(iosApps.id, id), eq(iosApps.companyId, companyId))).returning({ id: iosApps.id })
    if (deleted.length === 0) throw ApiError.notFound(t.appNotFound)
  }

  /** GET /device/app-restrictions/listByDeviceId: what was applied to the device's apps, newest first. */
  async restrictions(user: CurrentUser, deviceId: number): Promise<AppRestrictionRecord[]> {
    await this.services.iosDevices.findVisible(user, deviceId)
    const rows = await this.db
      .select({ r: iosAppRestrictions, status: tasks.status })
      .from(iosAppRestrictions)
      .innerJoin(tasks, eq(tasks.taskId, iosAppRestrictions.taskId))
      .where(eq(iosAppRestrictions.deviceId, deviceId))
      .orderBy(iosAppRestrictions.updatedAt, iosAppRestrictions.id)
    return rows.reverse().map(({ r, status }) => ({
      appId: r.appId,
      appName: r.appName,
      bundleId: r.bundleId,
      action: r.action,
      taskId: r.taskId,
      status,
      updatedAt: r.updatedAt.toISOString(),
    }))
  }

  /** POST /device/app-restrictions/install (SPEC §3 install request; 立即应用成功). */
  async install(user: CurrentUser, req: InstallInput): Promise<{ taskId: string }> {
    const device = await this.services.iosDevices.detail(user, req.deviceId)
    const action = actionOf(req)
    const ids = [...new Set(req.appIdList)]
    const scope = await visibleCompanyIds(this.db, user)
    const apps = await this.db
      .select()
      .from(iosApps)
      .where(and(inArray(iosApps.id, ids), scope === null ? undefined : inArray(iosApps.companyId, scope)))
    if (apps.length !== ids.length) throw ApiError.notFound(t.appNotFound)

    const forbidden = await this.db
      .select({ bundleId: iosAppRestrictions.bundleId })
      .from(iosAppRestrictions)
      .where(and(eq(iosAppRestrictions.deviceId, device.id), eq(iosAppRestrictions.action, 'FORBID')))
    const blocked = new Set(forbidden.map((r) => r.bundleId))
    const before = blocked.size
    for (const app of apps) {
      if (action === 'FORBID') blocked.add(app.bundleId)
      else blocked.delete(app.bundleId)
    }
    // Forbidding or allowing always sends the profile (the device may have lost it); installing only when it lifts a ban.
    const profileNeeded = action !== 'INSTALL' || blocked.size !== before
    const refusal =
      (action === 'INSTALL' ? iosDetailRefusal(device, 'installApplication') : null) ?? (profileNeeded ? iosDetailRefusal(device, 'appRestriction') : null)
    if (refusal) throw ApiError.badRequest(refusal)

    const requests: { type: string; request: AttachedRequest }[] = []
    if (profileNeeded) requests.push({ type: 'appRestriction', request: appRestrictionRequest([...blocked], t.profileName) })
    if (action === 'INSTALL') {
      for (const app of apps) requests.push({ type: 'installApplication', request: installApplicationRequest(app) })
      // The installed list is asked for again, so the tab shows the new apps once the device has them.
      requests.push({ type: 'installedApplicationList', request: { requestType: 'InstalledApplicationList', params: {} } })
    }
    const { taskIds } = await queueAppleRequests(this.services, user, device, requests, t.actions[action])
    const taskOf = (i: number) => (action === 'INSTALL' ? taskIds[(profileNeeded ? 1 : 0) + i] : taskIds[0])
    const now = new Date()
    for (const [i, app] of apps.entries()) {
      const values = { deviceId: device.id, companyId: device.companyId, appId: app.id, appName: app.name, bundleId: app.bundleId, action, taskId: taskOf(i), createdBy: user.id, updatedAt: now }
      await this.db
        .insert(iosAppRestrictions)
        .values(values)
        .onConflictDoUpdate({ target: [iosAppRestrictions.deviceId, iosAppRestrictions.bundleId], set: values })
    }
    return { taskId: taskIds[0] }
  }
}
