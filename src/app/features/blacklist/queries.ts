import { useMutation } from '@tanstack/react-query'
import type { BlacklistAddRequest, BlacklistSearchQuery } from '../../../shared/contract/blacklist'
import { blacklistKinds } from '../../../shared/domain/blacklist'
import { call } from '../../api/http'
import { pagedQuery, useInvalidate } from '../../api/queries'
import { api } from '../../api/routes'
import { pagingSearch, param } from '../../components/search-params'

export const blacklistSearch = { ...pagingSearch, kind: param.oneOf(blacklistKinds), keyword: param.textOfAtMost(64) }

export const blacklistKeys = {
  all: ['blacklist'] as const,
  list: (q: BlacklistSearchQuery) => [...blacklistKeys.all, 'list', q] as const,
}

export const blacklistListQuery = (q: BlacklistSearchQuery) => pagedQuery(blacklistKeys.list(q), api.blacklist.search, q)

export function useBlacklistMutations() {
  const changed = useInvalidate(blacklistKeys.all)
  return {
    // A lookup is a question, not a change: a mutation so that it runs only when asked (it is rate-limited).
    lookup: useMutation({ mutationFn: (value: string) => call(api.blacklist.lookup, { value }) }),
    add: useMutation({ mutationFn: (req: BlacklistAddRequest) => call(api.blacklist.add, req), onSuccess: () => changed() }),
    remove: useMutation({ mutationFn: (id: number) => call(api.blacklist.remove, { id }), onSuccess: () => changed() }),
  }
}
