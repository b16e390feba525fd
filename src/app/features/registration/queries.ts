import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  registrationStatuses,
  type RegistrationSearchQuery,
  type RegistrationSearchResponse,
  type RegistrationUpdateRequest,
} from '../../../shared/contract/registration'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from '../../../shared/domain/paging'
import { api } from '../../api/http'

export const registrationSearchSchema = z.object({
  current: z.coerce.number().int().min(FIRST_PAGE).catch(FIRST_PAGE),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE),
  username: z.string().optional().catch(undefined),
  status: z.enum(registrationStatuses).optional().catch(undefined),
})

export const registrationKeys = {
  all: ['registration'] as const,
  list: (q: RegistrationSearchQuery) => [...registrationKeys.all, 'list', q] as const,
}

export const registrationListQuery = (q: RegistrationSearchQuery) =>
  queryOptions({
    queryKey: registrationKeys.list(q),
    queryFn: () => api.get<RegistrationSearchResponse>('/user/register/search', { ...q }),
    placeholderData: keepPreviousData,
  })

export function useRegistrationMutations() {
  const queryClient = useQueryClient()
  const invalidate = () => queryClient.invalidateQueries({ queryKey: registrationKeys.all })
  return {
    approve: useMutation({ mutationFn: (id: number) => api.post<null>('/user/register/approved', { id }), onSuccess: invalidate }),
    reject: useMutation({ mutationFn: (id: number) => api.post<null>('/user/register/rejected', { id }), onSuccess: invalidate }),
    remove: useMutation({ mutationFn: (id: number) => api.post<null>('/user/register/delete', { id }), onSuccess: invalidate }),
    update: useMutation({ mutationFn: (req: RegistrationUpdateRequest) => api.put<null>('/user/register/update', req), onSuccess: invalidate }),
  }
}
