import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import type { AuthorityNode } from '../../../shared/domain/authorities'
import type {
  RoleAddRequest,
  RoleDetailResponse,
  RoleSearchQuery,
  RoleSearchResponse,
  RoleType,
  RoleUpdateRequest,
} from '../../../shared/contract/role'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from '../../../shared/domain/paging'
import { api } from '../../api/http'

export const roleSearchSchema = z.object({
  current: z.coerce.number().int().min(FIRST_PAGE).catch(FIRST_PAGE),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE),
  name: z.string().optional().catch(undefined),
  roleType: z.enum(['COMPANY', 'STAFF']).optional().catch(undefined),
})

export const roleKeys = {
  all: ['role'] as const,
  list: (q: RoleSearchQuery) => [...roleKeys.all, 'list', q] as const,
  detail: (id: number) => [...roleKeys.all, 'detail', id] as const,
  tree: (type: RoleType) => [...roleKeys.all, 'tree', type] as const,
}

export const roleListQuery = (q: RoleSearchQuery) =>
  queryOptions({
    queryKey: roleKeys.list(q),
    queryFn: () => api.get<RoleSearchResponse>('/role/search', { ...q }),
    placeholderData: keepPreviousData,
  })

export const roleDetailQuery = (id: number) =>
  queryOptions({ queryKey: roleKeys.detail(id), queryFn: () => api.get<RoleDetailResponse>('/role/detail', { roleId: id }) })

/** GET /authority/tree: what a role of this type may be given, as the user may grant it. */
export const authorityTreeQuery = (type: RoleType) =>
  queryOptions({
    queryKey: roleKeys.tree(type),
    queryFn: () => api.get<AuthorityNode[]>('/authority/tree', { authorityUserType: type }),
    staleTime: 5 * 60_000,
  })

export function useRoleMutations() {
  const queryClient = useQueryClient()
  const invalidate = () => queryClient.invalidateQueries({ queryKey: roleKeys.all })
  return {
    add: useMutation({ mutationFn: (req: RoleAddRequest) => api.post<{ id: number }>('/role/add', req), onSuccess: invalidate }),
    update: useMutation({ mutationFn: (req: RoleUpdateRequest) => api.put<null>('/role/update', req), onSuccess: invalidate }),
    remove: useMutation({ mutationFn: (id: number) => api.post<null>('/role/delete', { id }), onSuccess: invalidate }),
  }
}
