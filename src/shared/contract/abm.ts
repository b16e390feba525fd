import { z } from 'zod'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { abmText as t } from '../messages/abm'
import { access, binaryResponse, endpoint, noRequest } from './endpoint'
import { filterText } from './id'

/**
 * Issue #42: a company's link to Apple Business Manager (ABM) — its token-exchange certificate, the server token,
 * the devices Apple assigns to it and their automated-enrollment profile. Each company links its own organisation;
 * another company can neither read nor use it.
 */

/** The console and the dashboard warn when the server token ends within this many days (as for the APNs certificate). */
export const ABM_TOKEN_WARNING_DAYS = 30

/** The link as the console shows it (GET /abm). */
export const AbmLinkState = z.object({
  /** A server token is linked. */
  linked: z.boolean(),
  /** The token-exchange certificate was made (GET /abm/publicKey has been asked for). */
  certificateReady: z.boolean(),
  orgName: z.string(),
  serverName: z.string(),
  orgEmail: z.string(),
  orgPhone: z.string(),
  tokenExpiresAt: z.string().nullable(),
  /** Whole days until the token ends (negative once it has); null without a token. */
  daysLeft: z.number().nullable(),
  /** Ends within ABM_TOKEN_WARNING_DAYS, or has ended. */
  expiringSoon: z.boolean(),
  linkedAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  /** Why the last sync failed, in words; null when it succeeded. */
  lastSyncError: z.string().nullable(),
  /** The automated-enrollment profile Apple holds for this company, and when it was defined. */
  profileUuid: z.string().nullable(),
  profileDefinedAt: z.string().nullable(),
  /** ABM devices of the company not removed or disowned, and how many of them enrolled. */
  deviceCount: z.number().int(),
  enrolledCount: z.number().int(),
})
export type AbmLinkState = z.infer<typeof AbmLinkState>

/** POST /abm/token: the whole text of the .p7m file ABM's "Download Token" gives. */
export const AbmTokenRequest = z.object({
  token: z.string().trim().min(1, { error: t.tokenDamaged }).max(100_000, { error: t.tokenTooLarge }),
})
export type AbmTokenRequest = z.input<typeof AbmTokenRequest>

/** POST /abm/sync: what the sync found, and the link afterwards. */
export const AbmSyncResponse = z.object({
  /** A full fetch (first link, or the cursor had expired) rather than a sync from the cursor. */
  full: z.boolean(),
  added: z.number().int(),
  modified: z.number().int(),
  deleted: z.number().int(),
  /** Devices the profile was assigned to in this run. */
  assigned: z.number().int(),
  state: AbmLinkState,
})
export type AbmSyncResponse = z.infer<typeof AbmSyncResponse>

export const AbmDeviceSearchQuery = pagingQuerySchema.extend({ serialNumber: filterText(64) })
export type AbmDeviceSearchQuery = z.input<typeof AbmDeviceSearchQuery>

export const AbmDeviceRecord = z.object({
  id: z.number(),
  serialNumber: z.string(),
  model: z.string(),
  description: z.string(),
  color: z.string(),
  os: z.string(),
  deviceFamily: z.string(),
  /** Apple's profile_status: empty, assigned, pushed, removed. */
  profileStatus: z.string(),
  /** Apple's word for the last failed assignment (NOT_ACCESSIBLE, FAILED), with our explanation; null when none. */
  assignError: z.string().nullable(),
  profileAssignTime: z.string().nullable(),
  deviceAssignedDate: z.string().nullable(),
  deviceAssignedBy: z.string(),
  /** Our device record of the serial (the iOS list's 待激活 row until it enrolls). */
  deviceId: z.number().nullable(),
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  /** Deleted in ABM or disowned by us; with Apple's word for the disown. */
  removed: z.boolean(),
  disownStatus: z.string().nullable(),
})
export type AbmDeviceRecord = z.infer<typeof AbmDeviceRecord>
export const AbmDeviceSearchResponse = pagedResponse(AbmDeviceRecord)

const abm = access.authority('ios:abm')

export const abmEndpoints = {
  state: endpoint({ base: 'main', method: 'GET', path: '/abm', access: abm, request: noRequest, response: AbmLinkState }),
  /** The token-exchange certificate as a PEM file (application/x-pem-file), made on the first request. */
  publicKey: endpoint({ base: 'main', method: 'GET', path: '/abm/publicKey', access: abm, request: noRequest, response: binaryResponse, binary: true }),
  token: endpoint({ base: 'main', method: 'POST', path: '/abm/token', access: abm, request: AbmTokenRequest, response: AbmLinkState, success: t.tokenLinked }),
  sync: endpoint({ base: 'main', method: 'POST', path: '/abm/sync', access: abm, request: noRequest, response: AbmSyncResponse, success: t.syncDone }),
  devices: endpoint({ base: 'main', method: 'GET', path: '/abm/devices', access: abm, request: AbmDeviceSearchQuery, response: AbmDeviceSearchResponse }),
}
