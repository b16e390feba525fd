import { queryOptions } from '@tanstack/react-query'
import type { RoleType } from '../../shared/contract/role'
import { call } from './http'
import { api } from './routes'

/**
 * The roles of one type the user may assign (GET /role/list): the company form offers COMPANY roles, the staff form
 * STAFF roles. One definition for both, so they share the cache entry; the role screen invalidates it on every
 * role change (STYLE §3).
 */
export const roleOptionKeys = {
  all: ['roleOptions'] as const,
  of: (type: RoleType, companyId?: number) => [...roleOptionKeys.all, type, companyId ?? 'own'] as const,
}

/** `companyId`: the company of the account being edited (its roles only); default the user's own company. */
export const roleOptionsQuery = (type: RoleType, companyId?: number) =>
  queryOptions({
    queryKey: roleOptionKeys.of(type, companyId),
    queryFn: () => call(api.role.list, { roleType: type, companyId }),
  })
