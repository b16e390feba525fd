import { inArray, type Column, type SQL } from 'drizzle-orm'
import type { AuthorityCode } from '../../shared/domain/authorities'
import { ApiError } from '../http/errors'
import type { CurrentUser } from './sessions'

/** What visibleCompanyIds answers: the visible company ids, or null for every company (administrator). */
export type CompanyScope = number[] | null

/** The WHERE condition limiting a tenant column to the scope (undefined = no limit). */
export function withinScope(column: Column, scope: CompanyScope): SQL | undefined {
  return scope === null ? undefined : inArray(column, scope)
}

export function isInScope(scope: CompanyScope, companyId: number | null): boolean {
  if (companyId === null) return scope === null
  return scope === null || scope.includes(companyId)
}

/** For routes whose needed authority depends on the request (e.g. the quota type asked for). */
export function requireAuthority(user: CurrentUser, code: AuthorityCode): void {
  if (!user.authorities.includes(code)) throw ApiError.forbidden()
}
