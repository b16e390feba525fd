import { queryOptions, useMutation } from '@tanstack/react-query'
import type { FleetCommandRequest, FleetStatusResponse } from '../../../shared/contract/fleet'
import type { DeviceAreaPlatform } from '../../../shared/domain/device-areas'
import { call } from '../../api/http'
import { api } from '../../api/routes'

/** While a batch has devices still to answer, its progress is asked for again every 2 s. */
export const FLEET_POLL_MS = 2000

export const fleetKeys = {
  all: ['fleet'] as const,
  status: (platform: DeviceAreaPlatform, batchId: string, current: number, pageSize: number) => [...fleetKeys.all, 'status', platform, batchId, current, pageSize] as const,
}

/** Devices of the batch that have not answered yet (queued for an offline phone, or fetched and not reported). */
export function unfinished(counts: FleetStatusResponse['counts']): number {
  return counts.QUEUED + counts.SENT
}

export const fleetStatusQuery = (platform: DeviceAreaPlatform, batchId: string, current: number, pageSize: number) =>
  queryOptions({
    queryKey: fleetKeys.status(platform, batchId, current, pageSize),
    queryFn: () => call(api.fleet[platform].status, { batchId, current, pageSize }),
    refetchInterval: (query) => (!query.state.data || unfinished(query.state.data.counts) > 0 ? FLEET_POLL_MS : false),
  })

/** POST …/fleet/command: one request for every device of the search; the server refuses a total that changed. */
export function useFleetCommand(platform: DeviceAreaPlatform) {
  return useMutation({ mutationFn: (req: FleetCommandRequest) => call(api.fleet[platform].command, req) })
}
