import { z } from 'zod'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { renewalStatuses } from '../domain/renewal'
import { renewText } from '../messages/biz'
import { access, endpoint } from './endpoint'
import { filterText, idSchema, ownerCompanyFields } from './id'

/** A renewal buys whole years of service, one unit of iOS quota per year. */
export const MAX_RENEWAL_YEARS = 5

const blankIsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

/** GET /device/renew/search: newest first; by serial (part of it), state, or one device. */
export const RenewSearchQuery = pagingQuerySchema.extend({
  serialNumber: filterText(64),
  status: z.preprocess(blankIsMissing, z.enum(renewalStatuses).optional()),
  deviceId: z.preprocess(blankIsMissing, idSchema.optional()),
})
export type RenewSearchQuery = z.input<typeof RenewSearchQuery>

export const RenewalRecord = z.object({
  id: z.number(),
  deviceId: z.number(),
  serialNumber: z.string(),
  ...ownerCompanyFields,
  years: z.number(),
  status: z.enum(renewalStatuses),
  /** RUNNING and its service period is over. */
  expired: z.boolean(),
  consumedQuantity: z.number(),
  remark: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  startedAt: z.string().nullable(),
  startedByName: z.string().nullable(),
  previousEndsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  stoppedByName: z.string().nullable(),
  /** The device's service end date now (its latest started renewal's, else a year after it was added). */
  deviceServiceEndsAt: z.string(),
})
export type RenewalRecord = z.infer<typeof RenewalRecord>
export const RenewSearchResponse = pagedResponse(RenewalRecord)
export type RenewSearchResponse = z.infer<typeof RenewSearchResponse>

/** POST /device/renew/init: a draft for a visible Apple device; nothing is consumed yet. */
export const RenewInitRequest = z.object({
  deviceId: idSchema,
  years: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,3}$/.test(v.trim()) ? Number(v) : v),
    z.number().int().min(1).max(MAX_RENEWAL_YEARS),
  ),
  remark: z.string().trim().max(200).default(''),
})
export type RenewInitRequest = z.input<typeof RenewInitRequest>

/** POST /device/renew/start and /stop: one renewal. */
export const RenewIdRequest = z.object({ id: idSchema })
export type RenewIdRequest = z.input<typeof RenewIdRequest>

const renew = access.authority('ios:renew')

/** Renewals of Apple devices' service (SPEC §7 Renewals; the screen /ios/renew). */
export const renewEndpoints = {
  search: endpoint({ base: 'main', method: 'GET', path: '/device/renew/search', access: renew, request: RenewSearchQuery, response: RenewSearchResponse }),
  init: endpoint({ base: 'main', method: 'POST', path: '/device/renew/init', access: renew, request: RenewInitRequest, response: RenewalRecord, success: renewText.initDone }),
  start: endpoint({ base: 'main', method: 'POST', path: '/device/renew/start', access: renew, request: RenewIdRequest, response: RenewalRecord, success: renewText.startDone }),
  stop: endpoint({ base: 'main', method: 'POST', path: '/device/renew/stop', access: renew, request: RenewIdRequest, response: RenewalRecord, success: renewText.stopDone }),
}
