import { z } from 'zod'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { parseDateString } from '../domain/validators'
import { domainText } from '../messages/domain'
import { filterText } from './id'
import { access, endpoint } from './endpoint'
import { auditActions } from '../domain/audit'

const dateFilter = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .trim()
    .max(10)
    .refine((v) => parseDateString(v) !== undefined, domainText.validation.dateString)
    .optional(),
)

/** GET /audit/search: newest first; `from` and `to` are calendar days (China time), both included. */
export const AuditSearchQuery = pagingQuerySchema.extend({
  action: z.preprocess((v) => (v === '' ? undefined : v), z.enum(auditActions).optional()),
  actor: filterText(32),
  from: dateFilter,
  to: dateFilter,
})
export type AuditSearchQuery = z.infer<typeof AuditSearchQuery>

export const AuditRecord = z.object({
  id: z.number(),
  at: z.string(),
  actorUserId: z.number().nullable(),
  actorUsername: z.string(),
  actorKind: z.string(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  targetCompanyId: z.number().nullable(),
  targetCompanyName: z.string().nullable(),
  clientIp: z.string(),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string(),
  summary: z.string(),
  outcome: z.enum(['SUCCESS', 'REFUSED']),
  reason: z.string(),
})
export type AuditRecord = z.infer<typeof AuditRecord>
export const AuditSearchResponse = pagedResponse(AuditRecord)
export type AuditSearchResponse = z.infer<typeof AuditSearchResponse>

/** The audit trail is read only: this is its one endpoint (a test walks every route to keep it so). */
export const auditEndpoints = {
  search: endpoint({ base: 'main', method: 'GET', path: '/audit/search', access: access.authority('audit'), request: AuditSearchQuery, response: AuditSearchResponse }),
}
