import { useMemo } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { connectionStatus } from '../../../shared/domain/connection-status'
import type { DeviceListParams, FamilyDevice } from './family'
import { deviceKeys } from './queries'

/** A device as the phone holds it: the newest copy of its record, and when that copy was loaded. */
export interface CachedDevice<D> {
  device: D
  cachedAt: number
}

/** The record fields the offline filters read, beyond a family's device (createdAt orders the list as the server does). */
type Searchable = FamilyDevice & { createdAt?: string; companyId?: number | null }

/**
 * Issue #43 item 1: offline, a search runs over the devices cached on the phone — every list page and detail of the
 * family this phone has loaded, each device once (its newest copy) — with the list's own filters: serial number and
 * renter contain the text (case aside, as the server's ILIKE), the connection status is the one the card shows (as of
 * when the copy was loaded), and a company's list keeps its company. Newest first, as the server orders the list.
 */
export function searchCachedDevices<D extends FamilyDevice>(queryClient: QueryClient, platform: string, q: DeviceListParams): CachedDevice<D>[] {
  const newest = new Map<number, CachedDevice<D>>()
  const keep = (device: D, cachedAt: number) => {
    const seen = newest.get(device.id)
    if (!seen || seen.cachedAt < cachedAt) newest.set(device.id, { device, cachedAt })
  }
  const cache = queryClient.getQueryCache()
  for (const query of cache.findAll({ queryKey: deviceKeys.lists(platform) })) {
    const { data, dataUpdatedAt } = query.state as { data?: { records?: D[] }; dataUpdatedAt: number }
    // A list shown with the previous page's records (placeholder data) has none of its own: dataUpdatedAt is 0.
    if (!data?.records || dataUpdatedAt <= 0) continue
    for (const device of data.records) keep(device, dataUpdatedAt)
  }
  for (const query of cache.findAll({ queryKey: deviceKeys.details(platform) })) {
    const { data, dataUpdatedAt } = query.state as { data?: D; dataUpdatedAt: number }
    if (data && typeof data.id === 'number' && dataUpdatedAt > 0) keep(data, dataUpdatedAt)
  }
  const serial = q.serialNumber?.toLowerCase()
  const renter = q.renterName?.toLowerCase()
  const companyId = (q as { companyId?: number }).companyId
  return [...newest.values()]
    .filter(({ device, cachedAt }) => {
      const d = device as Searchable
      if (d.recycleStatus !== q.recycleStatus) return false
      if (serial && !d.serialNumber.toLowerCase().includes(serial)) return false
      if (renter && !(d.renterName ?? '').toLowerCase().includes(renter)) return false
      if (companyId !== undefined && d.companyId !== companyId) return false
      return !q.connectionStatus || connectionStatus(d.lastCommunicationTime, cachedAt) === q.connectionStatus
    })
    .sort((a, b) => order(b.device) - order(a.device) || b.device.id - a.device.id)
}

const order = (d: Searchable) => (d.createdAt ? Date.parse(d.createdAt) || 0 : 0)

/** One page of the cached search: its devices, when each was cached, and how many matched in all. */
export interface CachedPage<D> {
  records: D[]
  total: number
  cachedAt: ReadonlyMap<number, number>
}

/**
 * Offline, the page of cached devices matching the list's query (searchCachedDevices); undefined online, where the
 * server answers. Computed again when the query, the list's data or the connection changes.
 */
export function useCachedSearch<D extends FamilyDevice>(platform: string, q: DeviceListParams, online: boolean, listData: unknown): CachedPage<D> | undefined {
  const queryClient = useQueryClient()
  const key = JSON.stringify(q)
  return useMemo(() => {
    if (online) return undefined
    const found = searchCachedDevices<D>(queryClient, platform, JSON.parse(key) as DeviceListParams)
    const page = found.slice((q.current - 1) * q.pageSize, q.current * q.pageSize)
    return { records: page.map((c) => c.device), total: found.length, cachedAt: new Map(page.map((c) => [c.device.id, c.cachedAt])) }
    // q is read through its key; listData only says the cache may hold more.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, key, platform, queryClient, listData])
}
