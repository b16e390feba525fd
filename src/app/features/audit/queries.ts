import type { AuditSearchQuery } from '../../../shared/contract/audit'
import { auditActions } from '../../../shared/domain/audit'
import { pagedQuery } from '../../api/queries'
import { api } from '../../api/routes'
import { pagingSearch, param, type SearchParser } from '../../components/search-params'

/** The longest actor filter AuditSearchQuery accepts; the search field carries it as maxLength. */
export const auditSearchMax = { actor: 32 } as const

/** A calendar day as the server reads it (YYYY-M-D or YYYY/M/D); anything else is no filter. */
const day: SearchParser<string | undefined> = (value) =>
  typeof value === 'string' && /^\d{4}([-/])\d{1,2}\1\d{1,2}$/.test(value.trim()) ? value.trim() : undefined

export const auditSearch = {
  ...pagingSearch,
  action: param.oneOf(auditActions),
  actor: param.textOfAtMost(auditSearchMax.actor),
  from: day,
  to: day,
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (q: AuditSearchQuery) => [...auditKeys.all, 'list', q] as const,
}

export const auditListQuery = (q: AuditSearchQuery) =>
  pagedQuery(auditKeys.list(q), api.audit.search, q)
