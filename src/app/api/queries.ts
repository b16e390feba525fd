import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query'
import type { Route } from '../../shared/contract/routes'
import { call, type CallResult, type RequestOf } from './http'

/**
 * A paged list's query (SPEC §4 paged lists): its key, the one call of the endpoint table, and the previous page
 * kept on screen while the next loads. `persist` allow-lists it for the offline cache (only lists without secrets).
 */
export function pagedQuery<R extends Route>(queryKey: readonly unknown[], route: R, input: RequestOf<R>, opts: { persist?: boolean } = {}) {
  const fetchPage = call as (route: R, input: RequestOf<R>) => Promise<CallResult<R>>
  return queryOptions({
    queryKey,
    queryFn: () => fetchPage(route, input),
    placeholderData: keepPreviousData,
    ...(opts.persist ? { meta: { persist: true } } : {}),
  })
}

/**
 * What a feature's mutations call on success (SPEC §4: after an action the list or detail reloads): every query
 * under these keys is refetched.
 */
export function useInvalidate(...keys: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient()
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined)
}
