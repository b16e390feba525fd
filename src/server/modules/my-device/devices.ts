import { inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  IosAppListResponse,
  IosDeviceRecord,
  IosDeviceRegisterRequest,
  IosInstalledApp,
  IosLocation,
  IosLostModeInfo,
  UpdateAppleDeviceInfoRequest,
} from '../../../shared/contract/my-device'
import { wallpaperImagePath } from '../../../shared/contract/ios-wallpaper'
import { appleDeviceText as a } from '../../../shared/messages/apple'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { appleEnrollments } from '../../db/schema'
import { DeviceRegistry } from '../devices/registry'
import { commonRecordFields, type DeviceListRow } from '../devices/list-row'
import { commonExportColumns as col, type ExportColumn } from '../devices/export-columns'
import type { QuotaService } from '../quota/service'
import type { TaskService } from '../task/service'
import type { BlacklistService } from '../blacklist/service'
import { serviceEndsOf } from '../renew/service'
import { boolValue as bool, numberValue as num, textValue } from '../../protocol/apple/plist'
import { abmAssigned } from '../abm/devices'

type Enrollment = typeof appleEnrollments.$inferSelect
type RegisterInput = z.output<typeof IosDeviceRegisterRequest>
type DeviceInfoInput = z.output<typeof UpdateAppleDeviceInfoRequest>

/** The console's record shows an unreported text as empty. */
const text = (v: unknown): string => textValue(v) ?? ''

function lostModeInfo(v: unknown): IosLostModeInfo | null {
  if (!v || typeof v !== 'object') return null
  const info = v as Record<string, unknown>
  return { message: text(info.message), phoneNumber: text(info.phoneNumber), footnote: text(info.footnote), since: text(info.since) || null }
}

function location(v: unknown): IosLocation | null {
  if (!v || typeof v !== 'object') return null
  const l = v as Record<string, unknown>
  const latitude = num(l.latitude)
  const longitude = num(l.longitude)
  if (latitude === null || longitude === null) return null
  return { latitude, longitude, horizontalAccuracy: num(l.horizontalAccuracy), at: text(l.at) }
}

/** The wallpaper the device acknowledged last (Settings → Wallpaper, protocol/apple/detail-b.ts). */
function wallpaperOf(v: unknown): { wallpaperId: number | null; wallpaperUrl: string | null } {
  const id = v && typeof v === 'object' ? num((v as Record<string, unknown>).id) : null
  return id === null ? { wallpaperId: null, wallpaperUrl: null } : { wallpaperId: id, wallpaperUrl: wallpaperImagePath(id) }
}

/** Enrolled: Authenticate and TokenUpdate done, and not checked out (or wiped, which ends the enrollment) since. */
const isEnrolled = (e: Enrollment | undefined) => !!e && e.tokenUpdatedAt !== null && e.checkedOutAt === null

/**
 * The record of an Apple device: the common fields, and Apple's own derived from what the device reported
 * (devices.state, written only by its acknowledged answers — protocol/apple/commands.ts `acknowledged`) and from
 * its enrollment.
 */
export function iosDeviceRecord(row: DeviceListRow, enrollment: Enrollment | undefined, now: Date, serviceEndsAt: Date, inAbm = false): IosDeviceRecord {
  const state = row.state ?? {}
  const enrolled = isEnrolled(enrollment)
  const lostStatus = state.lostMode === true
  return {
    ...commonRecordFields(row, now),
    platform: 'IOS',
    remark: row.remark,
    udid: enrollment?.udid ?? null,
    enrolled,
    enrolledAt: row.enrolledAt?.toISOString() ?? null,
    unlockTokenReported: enrolled && enrollment!.unlockToken !== null,
    wiped: state.erased === true && !enrolled,
    supervised: bool(state.supervised),
    activationLockEnabled: bool(state.activationLockEnabled),
    activationLockAllowed: state.activationLockAllowed === true,
    lostStatus,
    payMode: lostStatus && state.payMode === true,
    lostModeInfo: lostStatus ? lostModeInfo(state.lostModeInfo) : null,
    location: location(state.location),
    appId: null,
    ...wallpaperOf(state.wallpaper),
    serviceEndsAt: serviceEndsAt.toISOString(),
    abmEnrolled: state.abm === true,
    awaitingConfiguration: enrolled && state.awaitingConfiguration === true,
    abmPending: inAbm && !enrolled,
  }
}

const yesNoUnknown = (v: boolean | null, yes: string, no: string) => (v === null ? a.unknown : v ? yes : no)

/**
 * Apple devices (platform IOS) in the 'my device' screens: the lists, detail, add, rent info, recycle bin, export
 * and quota of every family (DeviceRegistry), with Apple's record, registration by serial, device info and the
 * reported app list.
 */
export class IosDeviceService extends DeviceRegistry<IosDeviceRecord> {
  constructor(deps: { db: Db; quota: QuotaService; tasks: TaskService; blacklist?: BlacklistService }, now?: () => Date) {
    super(deps, 'IOS', now)
  }

  private async enrollmentsOf(ids: number[]): Promise<Map<number, Enrollment>> {
    if (ids.length === 0) return new Map()
    const rows = await this.db.select().from(appleEnrollments).where(inArray(appleEnrollments.deviceId, ids))
    return new Map(rows.map((e) => [e.deviceId, e]))
  }

  protected async records(rows: DeviceListRow[], now: Date): Promise<IosDeviceRecord[]> {
    const ids = rows.map((r) => r.id)
    const [enrollments, serviceEnds, inAbm] = await Promise.all([this.enrollmentsOf(ids), serviceEndsOf(this.db, rows), abmAssigned(this.db, ids)])
    return rows.map((row) => iosDeviceRecord(row, enrollments.get(row.id), now, serviceEnds.get(row.id)!, inAbm.has(row.id)))
  }

  protected exportColumns(): ExportColumn[] {
    const state = (r: DeviceListRow) => r.state ?? {}
    return [
      col.serialNumber, col.imei, col.model, col.name, col.osVersion, col.status, col.lastCommunicationTime, col.company, col.staff,
      col.renterName, col.renterPhone, col.renterIdCard, col.rentRemark,
      { header: t.enrolled, cell: (r) => (state(r).mdmEnrolled === true ? t.enrolledYes : t.enrolledNo) },
      { header: a.supervised, cell: (r) => yesNoUnknown(bool(state(r).supervised), a.supervisedYes, a.supervisedNo) },
      { header: a.lostStatus, cell: (r) => (state(r).lostMode === true ? a.on : a.off) },
      { header: a.payMode, cell: (r) => (state(r).lostMode === true && state(r).payMode === true ? a.on : a.off) },
      { header: a.remark, cell: (r) => r.remark },
      col.createdAt,
    ]
  }

  /**
   * POST /myDevice/register: a serial only, before the phone enrolls. It costs the company one iOS unit now, as an
   * added device does; the phone that later authenticates with a profile of this company and reports this serial
   * becomes this record and costs nothing more (AppleMdmService.authenticate).
   */
  register(user: CurrentUser, req: RegisterInput): Promise<{ id: number }> {
    return super.add(user, { serialNumber: req.serialNumber, companyId: req.companyId, confirmBlacklisted: req.confirmBlacklisted })
  }

  /** PUT /myDevice/updateAppleDeviceInfo: name, model, remark; no serial, so no mismatch check (SPEC §5). */
  async updateAppleDeviceInfo(user: CurrentUser, req: DeviceInfoInput): Promise<void> {
    const { deviceId, ...fields } = req
    await this.edit(user, deviceId, fields)
  }

  /** GET /myDevice/listApp: the InstalledApplicationList the device last answered. */
  async listApp(user: CurrentUser, deviceId: number): Promise<IosAppListResponse> {
    const device = await this.findVisible(user, deviceId)
    const state = device.state ?? {}
    const apps = Array.isArray(state.installedApps) ? (state.installedApps as Record<string, unknown>[]) : []
    return {
      apps: apps.map((app): IosInstalledApp => ({ identifier: text(app.identifier), name: text(app.name), version: text(app.version), bundleSize: num(app.bundleSize) })),
      reportedAt: typeof state.installedAppsAt === 'string' ? state.installedAppsAt : null,
    }
  }
}
