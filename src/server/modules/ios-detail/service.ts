import { and, eq, isNull, lte } from 'drizzle-orm'
import type { z } from 'zod'
import type { DeviceInformationResponse, LockScreenMessageRequest, LockScreenMessageResponse, ProfileStatus, RestrictionInstallRequest, RestrictionResponse } from '../../../shared/contract/ios-detail-a'
import type { IosDeviceRecord, IosLocation } from '../../../shared/contract/my-device'
import { iosNeedsRefusal, type IosCommandNeeds } from '../../../shared/domain/ios-commands'
import type { Strategy } from '../../../shared/domain/restrictions'
import { applyStrategyDefaults, STRATEGY_BOOLEAN_KEYS, type StrategyInput } from '../../../shared/domain/strategy'
import { lockMessageText, restrictionText } from '../../../shared/messages/ios-detail-a'
import { iosDetailTaskLabels } from '../../../shared/messages/ios-task-labels'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { iosDeviceProfiles, tasks, type DeviceProfileKind } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { DEVICE_INFORMATION_QUERIES, DEVICE_INFORMATION_TASK, simValue } from '../../protocol/apple/device-information'
import { boolValue as bool, numberValue as num, textValue as text, type PlistDict } from '../../protocol/apple/plist'
import type { QueuedRequest } from '../../protocol/apple/commands'
import { deviceCommandEntry } from '../audit/device-command'
import { recordAudit } from '../audit/service'
import type { IosDeviceService } from '../my-device/devices'
import type { AmapGeocoder } from './amap'
import type { MyDeviceService } from '../my-device/service'
import { installProfile, LOCK_MESSAGE_PROFILE_IDENTIFIER, lockMessageProfile, removeProfile, RESTRICTION_PROFILE_IDENTIFIER, restrictionProfile } from './profiles'

type ProfileRow = typeof iosDeviceProfiles.$inferSelect
type InstallInput = z.output<typeof RestrictionInstallRequest>
type MessageInput = z.output<typeof LockScreenMessageRequest>

/** InstallProfile and RemoveProfile need an enrolled device in use; the lock-screen footnote a supervised one. */
const profileNeeds: IosCommandNeeds = { mdm: true, supervised: false }
const supervisedNeeds: IosCommandNeeds = { mdm: true, supervised: true }

/** Each kind of profile the detail puts on a device: its identifier, and the tasks that take it off (by hand, on expiry). */
const profileKinds: Record<DeviceProfileKind, { identifier: string; clearTask: string; expireTask: string }> = {
  RESTRICTION: { identifier: RESTRICTION_PROFILE_IDENTIFIER, clearTask: 'releaseRestrictionProfile', expireTask: 'removeRestrictionProfile' },
  LOCK_SCREEN_MESSAGE: { identifier: LOCK_MESSAGE_PROFILE_IDENTIFIER, clearTask: 'clearLockScreenMessage', expireTask: 'expireLockScreenMessage' },
}

/** Lock-screen messages expire at the end of their day, China time (the console's users' day). */
const DAY_ZONE = '+08:00'
const DAY_MS = 24 * 3600_000

/** What checkNetwork's DeviceInformation answer stored (acknowledged: state.network, state.networkAt), as the tab shows it. */
function networkReport(state: Record<string, unknown>): DeviceInformationResponse['network'] {
  const at = text(state.networkAt)
  if (!at || !state.network || typeof state.network !== 'object') return null
  const n = state.network as PlistDict
  return {
    reportedAt: at,
    carrier: text(simValue(n, 'CurrentCarrierNetwork')) ?? text(simValue(n, 'SubscriberCarrierNetwork')),
    cellularTechnology: num(n.CellularTechnology),
    isRoaming: bool(simValue(n, 'IsRoaming')),
    dataRoamingEnabled: bool(n.DataRoamingEnabled),
    personalHotspotEnabled: bool(n.PersonalHotspotEnabled),
    wifiMac: text(n.WiFiMAC),
    bluetoothMac: text(n.BluetoothMAC),
    iccid: text(simValue(n, 'ICCID')),
  }
}

/**
 * The Apple detail's restriction strategy, lock-screen message, device information and location (issue #14). Every
 * device is found through the device registry's scope (a foreign id answers like a missing one); what reaches the
 * device goes as MDM requests through the one command queue (MyDeviceService.sendRequests).
 */
export class IosDetailService {
  private readonly db: Db

  constructor(
    private readonly services: { db: Db; iosDevices: IosDeviceService; myDevices: MyDeviceService; geocoder?: AmapGeocoder | null },
    private readonly now: () => Date = () => new Date(),
  ) {
    this.db = services.db
  }

  /** A visible device that can take the requests now, else the shared reason (the console disables with it). */
  private async ready(user: CurrentUser, deviceId: number, needs: IosCommandNeeds): Promise<IosDeviceRecord> {
    const device = await this.services.iosDevices.detail(user, deviceId)
    const refusal = iosNeedsRefusal(device, needs)
    if (refusal) throw ApiError.badRequest(refusal)
    return device
  }

  private async send(user: CurrentUser | null, device: Pick<IosDeviceRecord, 'id' | 'companyId' | 'serialNumber'>, type: string, requests: QueuedRequest[]) {
    const queued = await this.services.myDevices.sendRequests({ deviceId: device.id, companyId: device.companyId, type, createdBy: user?.id ?? null }, requests)
    await recordAudit(this.db, deviceCommandEntry(device, iosDetailTaskLabels[type] ?? type))
    return queued
  }

  private async row(deviceId: number, kind: DeviceProfileKind): Promise<ProfileRow | undefined> {
    const [row] = await this.db.select().from(iosDeviceProfiles).where(and(eq(iosDeviceProfiles.deviceId, deviceId), eq(iosDeviceProfiles.kind, kind)))
    return row
  }

  private async save(device: Pick<IosDeviceRecord, 'id' | 'companyId'>, kind: DeviceProfileKind, values: Pick<ProfileRow, 'settings' | 'taskId' | 'expiresAt' | 'updatedBy'>) {
    const set = { ...values, removedAt: null, removal: null, updatedAt: this.now() }
    await this.db
      .insert(iosDeviceProfiles)
      .values({ deviceId: device.id, companyId: device.companyId, kind, ...set })
      .onConflictDoUpdate({ target: [iosDeviceProfiles.deviceId, iosDeviceProfiles.kind], set })
  }

  /** How a stored profile stands: taken off, or as its InstallProfile task stands. */
  private async status(row: ProfileRow | undefined): Promise<ProfileStatus> {
    if (!row) return 'NONE'
    if (row.removal) return row.removal
    if (!row.taskId) return 'PENDING'
    const [task] = await this.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.taskId, row.taskId))
    if (!task || task.status === 'QUEUED' || task.status === 'SENT') return 'PENDING'
    return task.status === 'DONE' ? 'INSTALLED' : 'FAILED'
  }

  /** GET /device/restriction/getByDeviceId: the stored strategy, or SPEC §9's defaults when none was saved. */
  async restriction(user: CurrentUser, deviceId: number): Promise<RestrictionResponse> {
    await this.services.iosDevices.findVisible(user, deviceId)
    const row = await this.row(deviceId, 'RESTRICTION')
    return {
      deviceId,
      // A stored strategy lacking a key (saved before it existed) shows SPEC §9's default for it.
      ...applyStrategyDefaults(row?.settings as StrategyInput | undefined),
      status: await this.status(row),
      taskId: row?.taskId ?? null,
      savedAt: row?.updatedAt.toISOString() ?? null,
      expiresAt: row?.expiresAt?.toISOString() ?? null,
    }
  }

  /** PUT /device/restriction/installProfile: stores the strategy and sends it as a profile (replacing the last one). */
  async installRestriction(user: CurrentUser, req: InstallInput): Promise<{ taskId: string }> {
    const device = await this.ready(user, req.deviceId, profileNeeds)
    const strategy = Object.fromEntries(STRATEGY_BOOLEAN_KEYS.map((k) => [k, req[k]])) as Strategy
    const minutes = Number(req.expiryTimeMinute)
    const queued = await this.send(user, device, 'installRestrictionProfile', [installProfile(restrictionProfile(strategy, minutes))])
    const expiresAt = minutes > 0 ? new Date(this.now().getTime() + minutes * 60_000) : null
    await this.save(device, 'RESTRICTION', { settings: { ...strategy, expiryTimeMinute: String(minutes) }, taskId: queued.taskId, expiresAt, updatedBy: user.id })
    return queued
  }

  /** POST /device/restriction/removeProfile (解除限制): the restrictions profile comes off the device now; the switches stay saved. */
  async releaseRestriction(user: CurrentUser, deviceId: number): Promise<{ taskId: string }> {
    return this.takeOff(user, deviceId, 'RESTRICTION', restrictionText.none)
  }

  /** GET /device/message/getByDeviceId */
  async lockScreenMessage(user: CurrentUser, deviceId: number): Promise<LockScreenMessageResponse> {
    await this.services.iosDevices.findVisible(user, deviceId)
    const row = await this.row(deviceId, 'LOCK_SCREEN_MESSAGE')
    if (!row) return null
    return {
      message: text(row.settings.message) ?? '',
      expiredDate: text(row.settings.expiredDate) ?? '',
      status: await this.status(row),
      taskId: row.taskId,
      sentAt: row.updatedAt.toISOString(),
    }
  }

  /** POST /device/message/sendLockScreenMessage: the footnote shown until the end of expiredDate. */
  async sendLockScreenMessage(user: CurrentUser, req: MessageInput): Promise<{ taskId: string }> {
    const expiresAt = new Date(Date.parse(`${req.expiredDate}T00:00:00${DAY_ZONE}`) + DAY_MS)
    if (expiresAt.getTime() <= this.now().getTime()) throw ApiError.badRequest(lockMessageText.pastDate)
    const device = await this.ready(user, req.deviceId, supervisedNeeds)
    const queued = await this.send(user, device, 'sendLockScreenMessage', [installProfile(lockMessageProfile(req.message, expiresAt))])
    await this.save(device, 'LOCK_SCREEN_MESSAGE', { settings: { message: req.message, expiredDate: req.expiredDate }, taskId: queued.taskId, expiresAt, updatedBy: user.id })
    return queued
  }

  /** POST /device/message/clearLockScreenMessage: removes the message profile. */
  async clearLockScreenMessage(user: CurrentUser, deviceId: number): Promise<{ taskId: string }> {
    return this.takeOff(user, deviceId, 'LOCK_SCREEN_MESSAGE', lockMessageText.none)
  }

  /** A profile the console put on the device, taken off at a user's request (RemoveProfile); refused when none is on. */
  private async takeOff(user: CurrentUser, deviceId: number, kind: DeviceProfileKind, noneText: string): Promise<{ taskId: string }> {
    const device = await this.ready(user, deviceId, profileNeeds)
    const row = await this.row(deviceId, kind)
    if (!row || row.removal) throw ApiError.badRequest(noneText)
    const { identifier, clearTask } = profileKinds[kind]
    const queued = await this.send(user, device, clearTask, [removeProfile(identifier)])
    await this.db.update(iosDeviceProfiles).set({ removal: 'CLEARED', removedAt: this.now(), updatedAt: this.now() }).where(eq(iosDeviceProfiles.id, row.id))
    return queued
  }

  /**
   * The expiry sweep: every restriction strategy and message whose time ran out is removed from its device
   * (RemoveProfile, a task of the server's own). Answers how many were removed.
   */
  async sweepExpired(now: Date = this.now()): Promise<number> {
    const due = await this.db.select().from(iosDeviceProfiles).where(and(lte(iosDeviceProfiles.expiresAt, now), isNull(iosDeviceProfiles.removedAt)))
    for (const row of due) {
      const { identifier, expireTask } = profileKinds[row.kind]
      await this.services.myDevices.sendRequests({ deviceId: row.deviceId, companyId: row.companyId, type: expireTask, createdBy: null }, [removeProfile(identifier)])
      await this.db.update(iosDeviceProfiles).set({ removal: 'EXPIRED', removedAt: now }).where(eq(iosDeviceProfiles.id, row.id))
    }
    return due.length
  }

  /**
   * GET /device/location/now: the last location the device reported (WGS-84), or null; with its address where a maps
   * key is configured (issue #43), else address null.
   */
  async location(user: CurrentUser, deviceId: number): Promise<IosLocation | null> {
    const location = (await this.services.iosDevices.detail(user, deviceId)).location
    if (!location) return null
    return { ...location, address: this.services.geocoder ? await this.services.geocoder.address(location) : null }
  }

  /** GET /device/information/getByDeviceId: the last DeviceInformation answer, with what Authenticate told before it. */
  async information(user: CurrentUser, deviceId: number): Promise<DeviceInformationResponse> {
    const row = await this.services.iosDevices.findVisible(user, deviceId)
    const info = (row.state.deviceInformation ?? {}) as PlistDict
    return {
      reportedAt: text(row.state.deviceInformationAt),
      lastCommunicationTime: row.lastCommunicationTime?.toISOString() ?? null,
      deviceName: text(info.DeviceName) ?? (row.name || null),
      modelName: text(info.ModelName) ?? text(row.state.modelName),
      productName: text(info.ProductName) ?? (row.model || null),
      osVersion: text(info.OSVersion) ?? (row.osVersion || null),
      buildVersion: text(info.BuildVersion) ?? text(row.state.buildVersion),
      deviceCapacity: num(info.DeviceCapacity),
      availableDeviceCapacity: num(info.AvailableDeviceCapacity),
      batteryLevel: num(info.BatteryLevel),
      imei: text(simValue(info, 'IMEI')) ?? (row.imei || null),
      phoneNumber: text(simValue(info, 'PhoneNumber')),
      isSupervised: bool(info.IsSupervised) ?? bool(row.state.supervised),
      isActivationLockEnabled: bool(info.IsActivationLockEnabled) ?? bool(row.state.activationLockEnabled),
      network: networkReport(row.state),
    }
  }

  /** POST /device/information/refresh: DeviceInformation with the tab's queries. */
  async refreshInformation(user: CurrentUser, deviceId: number): Promise<{ taskId: string }> {
    const device = await this.ready(user, deviceId, profileNeeds)
    return this.send(user, device, DEVICE_INFORMATION_TASK, [{ requestType: 'DeviceInformation', params: { Queries: DEVICE_INFORMATION_QUERIES } }])
  }
}
