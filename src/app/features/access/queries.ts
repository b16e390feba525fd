import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AccessCreateRequest, AccessKeyResponse } from '../../../shared/contract/access'
import { call } from '../../api/http'
import { api } from '../../api/routes'

export const accessKeys = {
  all: ['access'] as const,
  current: () => [...accessKeys.all, 'current'] as const,
}

/**
 * The company's key with its secret. Never persisted (no meta.persist) and dropped from memory as soon as the
 * screen is left (gcTime 0), so the secret lives no longer than the page showing it.
 */
export const accessKeyQuery = () =>
  queryOptions({ queryKey: accessKeys.current(), queryFn: () => call(api.access.get), gcTime: 0, staleTime: 0 })

export function useAccessMutations() {
  const queryClient = useQueryClient()
  const store = (data: AccessKeyResponse) => queryClient.setQueryData(accessKeys.current(), data)
  return {
    create: useMutation({ mutationFn: (req: AccessCreateRequest) => call(api.access.create, req), onSuccess: store }),
    refresh: useMutation({ mutationFn: () => call(api.access.refresh), onSuccess: store }),
    remove: useMutation({ mutationFn: () => call(api.access.remove), onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }) }),
  }
}
