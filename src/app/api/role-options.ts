import { queryOptions } from '@tanstack/react-query'
import type { RoleOption, RoleType } from '../../shared/contract/role'
import { api } from './http'

/**
 * The roles of one type the user may assign (GET /role/list): the company form offers COMPANY roles, the staff form
 * STAFF roles. One definition for both, so they share the cache entry; the role screen invalidates it on every
 * role change (STYLE §3).
 */
export const roleOptionKeys = {
  all: ['roleOptions'] as const,
  of: (type: RoleType) => [...roleOptionKeys.all, type] as const,
}

export const roleOptionsQuery = (type: RoleType) =>
  queryOptions({
    queryKey: roleOptionKeys.of(type),
    queryFn: () => api.get<RoleOption[]>('/role/list', { roleType: type }),
  })
