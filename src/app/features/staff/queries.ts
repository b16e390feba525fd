import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import type { ResetPasswordResponse } from '../../../shared/contract/company'
import type { RoleOption } from '../../../shared/contract/role'
import type { StaffAddRequest, StaffSearchQuery, StaffSearchResponse, StaffUpdateRequest } from '../../../shared/contract/staff'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from '../../../shared/domain/paging'
import { api } from '../../api/http'

/** The staff screen's URL search: page, size and filters (bad values fall back to defaults). */
export const staffSearchSchema = z.object({
  current: z.coerce.number().int().min(FIRST_PAGE).catch(FIRST_PAGE),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE),
  username: z.string().optional().catch(undefined),
  name: z.string().optional().catch(undefined),
  phoneNumber: z.string().optional().catch(undefined),
})
export type StaffSearch = z.output<typeof staffSearchSchema>

export const staffKeys = {
  all: ['staff'] as const,
  list: (q: StaffSearchQuery) => [...staffKeys.all, 'list', q] as const,
  roleOptions: () => [...staffKeys.all, 'roleOptions'] as const,
}

export const staffListQuery = (q: StaffSearchQuery) =>
  queryOptions({
    queryKey: staffKeys.list(q),
    queryFn: () => api.get<StaffSearchResponse>('/company/staff/search', { ...q }),
    placeholderData: keepPreviousData,
    // A plain list of names and phone numbers: safe and useful offline (no secrets).
    meta: { persist: true },
  })

export const staffRoleOptionsQuery = () =>
  queryOptions({
    queryKey: staffKeys.roleOptions(),
    queryFn: () => api.get<RoleOption[]>('/role/list', { roleType: 'STAFF' }),
  })

export function useStaffMutations() {
  const queryClient = useQueryClient()
  const invalidate = () => queryClient.invalidateQueries({ queryKey: staffKeys.all })
  return {
    add: useMutation({ mutationFn: (req: StaffAddRequest) => api.post<{ id: number }>('/company/staff/add', req), onSuccess: invalidate }),
    update: useMutation({ mutationFn: (req: StaffUpdateRequest) => api.put<null>('/company/staff/update', req), onSuccess: invalidate }),
    remove: useMutation({ mutationFn: (id: number) => api.post<null>('/company/staff/delete', { id }), onSuccess: invalidate }),
    resetPassword: useMutation({ mutationFn: (staffId: number) => api.put<ResetPasswordResponse>('/company/staff/resetPassword', { staffId }) }),
  }
}
