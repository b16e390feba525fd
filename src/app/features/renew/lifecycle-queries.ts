import { queryOptions, useMutation } from '@tanstack/react-query'
import type { ExpiringQuery, LifecyclePolicyRequest } from '../../../shared/contract/lifecycle'
import type { PhraseType } from '../../../shared/contract/common-phrases'
import { call } from '../../api/http'
import { pagedQuery, useInvalidate } from '../../api/queries'
import { api } from '../../api/routes'
import { deviceKeys } from '../../components/device/queries'

/** The rental lifecycle (issue #45): the company's policy, the 即将到期 list, 已付款 and exemptions. */
export const lifecycleKeys = {
  all: ['lifecycle'] as const,
  policy: () => [...lifecycleKeys.all, 'policy'] as const,
  expiring: (q: ExpiringQuery) => [...lifecycleKeys.all, 'expiring', q] as const,
  phrases: (type: PhraseType) => [...lifecycleKeys.all, 'phrases', type] as const,
}

export const policyQuery = () => queryOptions({ queryKey: lifecycleKeys.policy(), queryFn: () => call(api.lifecycle.policy, {}) })
export const expiringQuery = (q: ExpiringQuery) => pagedQuery(lifecycleKeys.expiring(q), api.lifecycle.expiring, q)
/** The saved phrases and phones the policy's message and phone are chosen from. */
export const phrasesQuery = (type: PhraseType) => queryOptions({ queryKey: lifecycleKeys.phrases(type), queryFn: () => call(api.commonPhrases.listByType, { type }) })

export function useLifecycleMutations() {
  const changed = useInvalidate(lifecycleKeys.all, deviceKeys.all)
  return {
    savePolicy: useMutation({ mutationFn: (req: LifecyclePolicyRequest) => call(api.lifecycle.savePolicy, req), onSuccess: () => changed() }),
    markPaid: useMutation({ mutationFn: (deviceId: number) => call(api.lifecycle.markPaid, { deviceId }), onSuccess: () => changed() }),
    exempt: useMutation({ mutationFn: (req: { deviceId: number; exempt: boolean }) => call(api.lifecycle.exempt, req), onSuccess: () => changed() }),
  }
}
