import type { QueryClient } from '@tanstack/react-query'
import { connectionStatus } from '../../../shared/domain/connection-status'
import { compareDevices, isImei } from '../../../shared/domain/device-list-order'
import { containsText, newestCachedRecords, pageRecords, useCachedPage, type CachedPage } from '../cached-search'
import type { DeviceListParams, FamilyDevice } from './family'
import { deviceKeys } from './queries'

/** The record fields the offline filters read, beyond a family's device (createdAt orders the list as the server does). */
type Searchable = FamilyDevice & { createdAt?: string; companyId?: number | null; imei?: string }

/**
 * Issue #43 item 1: offline, a search runs over the devices cached on the phone — every list page and detail of the
 * family this phone has loaded, each device once (its newest copy) — with the list's own filters: serial number and
 * renter contain the text (case aside, as the server's ILIKE), the connection status is the one the card shows (as of
 * when the copy was loaded), and a company's list keeps its company; a search that is an IMEI finds its phone too.
 * In the list's order, as the server sorts it (newest first, or the table's column: compareDevices).
 */
export function searchCachedDevices<D extends FamilyDevice>(queryClient: QueryClient, platform: string, q: DeviceListParams) {
  const companyId = (q as { companyId?: number }).companyId
  const inListOrder = compareDevices(q)
  return newestCachedRecords<D>(queryClient, [
    { queryKey: deviceKeys.lists(platform), records: pageRecords<D> },
    { queryKey: deviceKeys.details(platform), records: (d) => (typeof (d as D).id === 'number' ? [d as D] : undefined) },
  ])
    .filter(({ record, cachedAt }) => {
      const d = record as Searchable
      if (d.recycleStatus !== q.recycleStatus) return false
      const serialFound = containsText(d.serialNumber, q.serialNumber) || (isImei(q.serialNumber) && d.imei === q.serialNumber)
      if (!serialFound || !containsText(d.renterName, q.renterName)) return false
      if (companyId !== undefined && d.companyId !== companyId) return false
      return !q.connectionStatus || connectionStatus(d.lastCommunicationTime, cachedAt) === q.connectionStatus
    })
    .sort((a, b) => inListOrder(a.record, b.record))
}

/**
 * Offline, the page of cached devices matching the list's query (searchCachedDevices); undefined online, where the
 * server answers.
 */
export function useCachedSearch<D extends FamilyDevice>(platform: string, q: DeviceListParams, online: boolean, listData: unknown): CachedPage<D> | undefined {
  return useCachedPage<D, DeviceListParams & { platform: string }>(searchFamily, { ...q, platform }, online, listData)
}

const searchFamily = <D extends FamilyDevice>(queryClient: QueryClient, q: DeviceListParams & { platform: string }) =>
  searchCachedDevices<D>(queryClient, q.platform, q)
