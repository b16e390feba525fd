import { queryOptions, useMutation } from '@tanstack/react-query'
import type { AbmDeviceSearchQuery } from '../../../shared/contract/abm'
import { call } from '../../api/http'
import { pagedQuery, useInvalidate } from '../../api/queries'
import { api } from '../../api/routes'
import { deviceKeys } from '../../components/device/queries'
import { pagingSearch, param } from '../../components/search-params'

export const abmSearchMax = { serialNumber: 64 } as const

export const abmSearch = { ...pagingSearch, serialNumber: param.textOfAtMost(abmSearchMax.serialNumber) }

export const abmKeys = {
  all: ['abm'] as const,
  state: () => [...abmKeys.all, 'state'] as const,
  devices: (q: AbmDeviceSearchQuery) => [...abmKeys.all, 'devices', q] as const,
}

export const abmStateQuery = () => queryOptions({ queryKey: abmKeys.state(), queryFn: () => call(api.abm.state) })

export const abmDevicesQuery = (q: AbmDeviceSearchQuery) => pagedQuery(abmKeys.devices(q), api.abm.devices, q)

/**
 * Linking a token and syncing change the link, its devices and the iOS list (ABM devices show there as 待激活), so
 * each reloads all three. The server's refusal (wrong key, damaged or expired token) is shown by the API client.
 */
export function useAbmMutations() {
  const changed = useInvalidate(abmKeys.all, deviceKeys.all)
  return {
    link: useMutation({ mutationFn: (token: string) => call(api.abm.token, { token }), onSuccess: () => changed() }),
    sync: useMutation({ mutationFn: () => call(api.abm.sync), onSuccess: () => changed() }),
  }
}
