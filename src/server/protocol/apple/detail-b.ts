import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { iosWallpapers } from '../../db/schema'
import type { QueuedRequest } from './commands'
import { ENROLLMENT_PROFILE_IDENTIFIER } from './identifiers'
import { buildPlist, type PlistDict } from './plist'

/**
 * The MDM requests of the iOS detail's apps and wallpaper tabs (issue #14), keys exactly as in Apple's schema
 * (github.com/apple/device-management): InstallApplication (mdm/commands/application.install.yaml), an
 * InstallProfile whose com.apple.applicationaccess payload lists the forbidden apps (blockedAppBundleIDs,
 * mdm/profiles/com.apple.applicationaccess.yaml), and Settings' Wallpaper item (mdm/commands/settings.yaml).
 *
 * What the device must receive as property-list data (the profile, the image) is not stored in the task's JSON
 * payload: the task keeps a reference (`attach`) and `withAttachments` puts the bytes in when the command is sent.
 */

/** Server-side references of a queued request, resolved at delivery; never sent to the device as they are. */
export interface Attachments {
  /** InstallProfile: the profile's XML, sent as the Payload data. */
  profile?: string
  /** Settings → Wallpaper: the wallpaper whose image goes in as Image data. */
  wallpaperId?: number
}

export type AttachedRequest = QueuedRequest & { attach?: Attachments }

/** The PayloadIdentifier of the app-restriction profile: one per device, each install replaces the previous. */
export const APP_RESTRICTION_PROFILE_IDENTIFIER = `${ENROLLMENT_PROFILE_IDENTIFIER}.app-restrictions`

/** A UUID derived from a text, so that the same profile content always has the same PayloadUUID. */
function stableUuid(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`.toUpperCase()
}

/** InstallApplication: an App Store app by iTunesStoreID (with its bundle Identifier), an enterprise app by ManifestURL. */
export function installApplicationRequest(app: { bundleId: string; itunesStoreId: number | null; manifestUrl: string | null }): AttachedRequest {
  const params: Record<string, unknown> =
    app.manifestUrl !== null
      ? { ManifestURL: app.manifestUrl }
      : { iTunesStoreID: app.itunesStoreId, Identifier: app.bundleId, Options: { PurchaseMethod: 0 } }
  return { requestType: 'InstallApplication', params }
}

/**
 * The app-restriction profile: one com.apple.applicationaccess payload with blockedAppBundleIDs (iOS 15+, supervised;
 * the older blacklistedAppBundleIDs is deprecated). An empty list is a valid profile: installing it replaces the
 * previous one and so lifts every ban.
 */
export function appRestrictionProfile(blocked: readonly string[], displayName: string): string {
  const sorted = [...new Set(blocked)].sort()
  return buildPlist({
    PayloadType: 'Configuration',
    PayloadVersion: 1,
    PayloadIdentifier: APP_RESTRICTION_PROFILE_IDENTIFIER,
    PayloadUUID: stableUuid(`profile:${sorted.join(',')}`),
    PayloadDisplayName: displayName,
    PayloadContent: [
      {
        PayloadType: 'com.apple.applicationaccess',
        PayloadVersion: 1,
        PayloadIdentifier: `${APP_RESTRICTION_PROFILE_IDENTIFIER}.applicationaccess`,
        PayloadUUID: stableUuid(`payload:${sorted.join(',')}`),
        PayloadDisplayName: displayName,
        blockedAppBundleIDs: sorted,
      },
    ],
  })
}

export function appRestrictionRequest(blocked: readonly string[], displayName: string): AttachedRequest {
  return { requestType: 'InstallProfile', params: {}, attach: { profile: appRestrictionProfile(blocked, displayName) } }
}

/** Settings → Wallpaper (supervised only): the image is attached at delivery. */
export function wallpaperRequest(wallpaperId: number, where: 1 | 2 | 3): AttachedRequest {
  return { requestType: 'Settings', params: { Settings: [{ Item: 'Wallpaper', Where: where }] }, attach: { wallpaperId } }
}

/** The request with its attachments' bytes in place, as the device receives it. */
export async function withAttachments<R extends AttachedRequest>(db: Db, request: R): Promise<R> {
  const { attach } = request
  if (!attach) return request
  const params = { ...request.params }
  if (attach.profile !== undefined) params.Payload = Buffer.from(attach.profile, 'utf8')
  if (attach.wallpaperId !== undefined) {
    const [row] = await db.select({ image: iosWallpapers.image }).from(iosWallpapers).where(eq(iosWallpapers.id, attach.wallpaperId))
    const items = Array.isArray(params.Settings) ? (params.Settings as PlistDict[]) : []
    // A wallpaper deleted after it was sent goes without its image: the device answers the item with an error.
    params.Settings = items.map((item) => (item.Item === 'Wallpaper' && row ? { ...item, Image: Buffer.from(row.image) } : item))
  }
  return { ...request, params }
}

/**
 * What an acknowledged answer to one of these requests tells of the device (null: not one of them). A Settings
 * answer reports each item's own Status: the wallpaper is on the device only when its item was acknowledged.
 */
export function detailBAcknowledged(request: AttachedRequest, answer: PlistDict, at: string): { state: Record<string, unknown>; result: Record<string, unknown> } | null {
  switch (request.requestType) {
    case 'InstallApplication':
      return { state: {}, result: { identifier: typeof answer.Identifier === 'string' ? answer.Identifier : null, state: typeof answer.State === 'string' ? answer.State : null } }
    case 'InstallProfile':
      return request.attach?.profile !== undefined ? { state: { appRestrictionsAt: at }, result: {} } : null
    case 'Settings': {
      const wallpaperId = request.attach?.wallpaperId
      if (wallpaperId === undefined) return null
      const results = Array.isArray(answer.Settings) ? (answer.Settings as PlistDict[]) : []
      const item = results.find((r) => r.Item === 'Wallpaper')
      if (item && item.Status !== 'Acknowledged') return { state: {}, result: { wallpaper: 'Error', errorChain: item.ErrorChain ?? [] } }
      const where = (request.params.Settings as PlistDict[] | undefined)?.find((s) => s.Item === 'Wallpaper')?.Where
      return { state: { wallpaper: { id: wallpaperId, where, at } }, result: {} }
    }
    default:
      return null
  }
}
