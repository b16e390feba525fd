import { useMutation } from '@tanstack/react-query'
import type { StaffAddRequest, StaffSearchQuery, StaffUpdateRequest } from '../../../shared/contract/staff'
import { call } from '../../api/http'
import { pagedQuery, useInvalidate } from '../../api/queries'
import { pagingSearch, param } from '../../components/search-params'
import { api } from '../../api/routes'

/** The staff screen's URL search: page, size and filters (bad values fall back to defaults). */
/** The longest filters StaffSearchQuery accepts; the screen's search fields carry it as maxLength. */
export const staffSearchMax = { username: 32, name: 32, phoneNumber: 11 } as const


export const staffSearch = {
  ...pagingSearch,
  username: param.textOfAtMost(staffSearchMax.username),
  name: param.textOfAtMost(staffSearchMax.name),
  phoneNumber: param.textOfAtMost(staffSearchMax.phoneNumber),
}

export const staffKeys = {
  all: ['staff'] as const,
  list: (q: StaffSearchQuery) => [...staffKeys.all, 'list', q] as const,
}

export const staffListQuery = (q: StaffSearchQuery) =>
  // A plain list of names and phone numbers: safe and useful offline (no secrets).
  pagedQuery(staffKeys.list(q), api.staff.search, q, { persist: true })

export function useStaffMutations() {
  const invalidate = useInvalidate(staffKeys.all)
  return {
    add: useMutation({ mutationFn: (req: StaffAddRequest) => call(api.staff.add, req), onSuccess: invalidate }),
    update: useMutation({ mutationFn: (req: StaffUpdateRequest) => call(api.staff.update, req), onSuccess: invalidate }),
    remove: useMutation({ mutationFn: (id: number) => call(api.staff.remove, { id }), onSuccess: invalidate }),
    resetPassword: useMutation({ mutationFn: (staffId: number) => call(api.staff.resetPassword, { staffId }) }),
  }
}
