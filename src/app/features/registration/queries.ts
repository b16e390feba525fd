import { useMutation } from '@tanstack/react-query'
import type {
  RegistrationSearchQuery,
  RegistrationStatus,
  RegistrationUpdateRequest,
} from '../../../shared/contract/registration'
import { organizationText } from '../../../shared/messages/organization'
import { call } from '../../api/http'
import { pagedQuery, useInvalidate } from '../../api/queries'
import { pagingSearch, param } from '../../components/search-params'
import { api } from '../../api/routes'

/** The review states, in the order the filter offers them (the keys of their Chinese names). */
export const registrationStatuses = Object.keys(organizationText.registration.statuses) as RegistrationStatus[]

/** The longest filter RegistrationSearchQuery accepts; the screen's search field carries it as maxLength. */
export const registrationSearchMax = { username: 32 } as const


export const registrationSearch = { ...pagingSearch, username: param.textOfAtMost(registrationSearchMax.username), status: param.oneOf(registrationStatuses) }

export const registrationKeys = {
  all: ['registration'] as const,
  list: (q: RegistrationSearchQuery) => [...registrationKeys.all, 'list', q] as const,
}

export const registrationListQuery = (q: RegistrationSearchQuery) =>
  pagedQuery(registrationKeys.list(q), api.registration.search, q)

export function useRegistrationMutations() {
  const invalidate = useInvalidate(registrationKeys.all)
  return {
    approve: useMutation({ mutationFn: (id: number) => call(api.registration.approve, { id }), onSuccess: invalidate }),
    reject: useMutation({ mutationFn: (id: number) => call(api.registration.reject, { id }), onSuccess: invalidate }),
    remove: useMutation({ mutationFn: (id: number) => call(api.registration.remove, { id }), onSuccess: invalidate }),
    update: useMutation({ mutationFn: (req: RegistrationUpdateRequest) => call(api.registration.update, req), onSuccess: invalidate }),
  }
}
