import { queryOptions, useMutation } from '@tanstack/react-query'
import type {
  RoleAddRequest,
  RoleSearchQuery,
  RoleType,
  RoleUpdateRequest,
} from '../../../shared/contract/role'
import { call } from '../../api/http'
import { pagedQuery, useInvalidate } from '../../api/queries'
import { roleOptionKeys } from '../../api/role-options'
import { pagingSearch, param } from '../../components/search-params'
import { api } from '../../api/routes'

/** The longest filter RoleSearchQuery accepts; the screen's search field carries it as maxLength. */
export const roleSearchMax = { name: 32 } as const


export const roleSearch = { ...pagingSearch, name: param.textOfAtMost(roleSearchMax.name), roleType: param.oneOf(['COMPANY', 'STAFF'] as const) }

export const roleKeys = {
  all: ['role'] as const,
  list: (q: RoleSearchQuery) => [...roleKeys.all, 'list', q] as const,
  detail: (id: number) => [...roleKeys.all, 'detail', id] as const,
  tree: (type: RoleType) => [...roleKeys.all, 'tree', type] as const,
}

export const roleListQuery = (q: RoleSearchQuery) => pagedQuery(roleKeys.list(q), api.role.search, q)

export const roleDetailQuery = (id: number) =>
  queryOptions({ queryKey: roleKeys.detail(id), queryFn: () => call(api.role.detail, { roleId: id }) })

/** GET /authority/tree: what a role of this type may be given, as the user may grant it. */
export const authorityTreeQuery = (type: RoleType) =>
  queryOptions({
    queryKey: roleKeys.tree(type),
    queryFn: () => call(api.role.authorityTree, { authorityUserType: type }),
    staleTime: 5 * 60_000,
  })

export function useRoleMutations() {
  // The role choices of the company and staff forms change with the roles.
  const invalidate = useInvalidate(roleKeys.all, roleOptionKeys.all)
  return {
    add: useMutation({ mutationFn: (req: RoleAddRequest) => call(api.role.add, req), onSuccess: invalidate }),
    update: useMutation({ mutationFn: (req: RoleUpdateRequest) => call(api.role.update, req), onSuccess: invalidate }),
    remove: useMutation({ mutationFn: (id: number) => call(api.role.remove, { id }), onSuccess: invalidate }),
  }
}
