import { useMutation } from '@tanstack/react-query'
import type { RenewInitRequest, RenewSearchQuery } from '../../../shared/contract/renew'
import { renewalStatuses } from '../../../shared/domain/renewal'
import { call } from '../../api/http'
import { pagedQuery, useInvalidate } from '../../api/queries'
import { api } from '../../api/routes'
import { deviceKeys } from '../../components/device/queries'
import { pagingSearch, param } from '../../components/search-params'

export const renewSearchMax = { serialNumber: 64 } as const

export const renewSearch = {
  ...pagingSearch,
  serialNumber: param.textOfAtMost(renewSearchMax.serialNumber),
  status: param.oneOf(renewalStatuses),
  /** Issue #45: the 即将到期 list instead of the renewals (the dashboard's count links here). */
  view: param.oneOf(['expiring'] as const),
}

export const renewKeys = {
  all: ['renew'] as const,
  list: (q: RenewSearchQuery) => [...renewKeys.all, 'list', q] as const,
}

export const renewListQuery = (q: RenewSearchQuery) => pagedQuery(renewKeys.list(q), api.renew.search, q)

/** The quota pages' keys (features do not import each other: the key is the quota feature's ['quota']). */
const quotaKeysAll = ['quota'] as const

/** init, start and stop: each reloads the renewals, the device lists and details (service end) and the quota pages. */
export function useRenewMutations() {
  const changed = useInvalidate(renewKeys.all, deviceKeys.all, quotaKeysAll)
  return {
    init: useMutation({ mutationFn: (req: RenewInitRequest) => call(api.renew.init, req), onSuccess: () => changed() }),
    start: useMutation({ mutationFn: (id: number) => call(api.renew.start, { id }), onSuccess: () => changed() }),
    stop: useMutation({ mutationFn: (id: number) => call(api.renew.stop, { id }), onSuccess: () => changed() }),
  }
}
