import { z } from 'zod'
import { blacklistKinds } from '../domain/blacklist'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { blacklistText } from '../messages/biz'
import { successMessages } from '../messages/common'
import { access, endpoint } from './endpoint'
import { filterText, flexibleBoolean, idSchema } from './id'
import { labelledText } from './validation'

/**
 * GET /blacklist/lookup?value=: any signed-in user. The value is read as a serial, an IMEI and an ID-card number
 * at once; the answer says only which kinds are listed, why and since when — never a device or a renter.
 */
export const BlacklistLookupQuery = z.object({ value: labelledText(blacklistText.value, 64) })
export const BlacklistHit = z.object({
  kind: z.enum(blacklistKinds),
  reason: z.string(),
  since: z.string(),
  blockEnrollment: z.boolean(),
})
export type BlacklistHit = z.infer<typeof BlacklistHit>
export const BlacklistLookupResponse = z.object({ listed: z.boolean(), hits: z.array(BlacklistHit) })
export type BlacklistLookupResponse = z.infer<typeof BlacklistLookupResponse>

/** GET /blacklist/search: the administrator's list of entries in force, newest first. */
export const BlacklistSearchQuery = pagingQuerySchema.extend({
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(blacklistKinds).optional()),
  keyword: filterText(64),
})
export type BlacklistSearchQuery = z.input<typeof BlacklistSearchQuery>
export const BlacklistEntry = z.object({
  id: z.number(),
  kind: z.enum(blacklistKinds),
  /** The serial or IMEI; an ID-card number only masked (the number itself is not stored). */
  display: z.string(),
  reason: z.string(),
  blockEnrollment: z.boolean(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
})
export type BlacklistEntry = z.infer<typeof BlacklistEntry>
export const BlacklistSearchResponse = pagedResponse(BlacklistEntry)

/** POST /blacklist/add: the value is checked as its kind says (serial letters, 15-digit IMEI, a valid ID-card number). */
export const BlacklistAddRequest = z.object({
  kind: z.enum(blacklistKinds),
  value: labelledText(blacklistText.value, 64),
  reason: labelledText(blacklistText.reason, 200),
  blockEnrollment: flexibleBoolean.default(false),
})
export type BlacklistAddRequest = z.input<typeof BlacklistAddRequest>

/** POST /blacklist/remove {id} */
export const BlacklistRemoveRequest = z.object({ id: idSchema })

const manage = access.authority('blacklist')

/** The platform's blacklist (issue #15; paths of our own under /blacklist, docs/blacklist.md). */
export const blacklistEndpoints = {
  lookup: endpoint({ base: 'main', method: 'GET', path: '/blacklist/lookup', access: access.signedIn, request: BlacklistLookupQuery, response: BlacklistLookupResponse }),
  search: endpoint({ base: 'main', method: 'GET', path: '/blacklist/search', access: manage, request: BlacklistSearchQuery, response: BlacklistSearchResponse }),
  add: endpoint({ base: 'main', method: 'POST', path: '/blacklist/add', access: manage, request: BlacklistAddRequest, response: BlacklistEntry, success: successMessages.save }),
  remove: endpoint({ base: 'main', method: 'POST', path: '/blacklist/remove', access: manage, request: BlacklistRemoveRequest, response: z.null(), success: successMessages.remove }),
}
