import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query'
import type {
  ChildrenDeviceQuery,
  CompanyAddRequest,
  CompanyRecord,
  CompanySearchQuery,
  CompanyUpdateRequest,
} from '../../../shared/contract/company'
import type { ChangeQuantityRequest } from '../../../shared/contract/quota'
import { call } from '../../api/http'
import { pagedQuery, useInvalidate } from '../../api/queries'
import { containsText, newestCachedRecords, pageRecords, type Cached } from '../../components/cached-search'
import { pagingSearch, param } from '../../components/search-params'
import { api } from '../../api/routes'

/** The longest filters CompanySearchQuery (and ChildrenDeviceQuery's serialNumber) accept; the screen's search fields carry it as maxLength. */
export const companySearchMax = { name: 64, username: 32, serialNumber: 64 } as const


export const companySearch = { ...pagingSearch, name: param.textOfAtMost(companySearchMax.name), username: param.textOfAtMost(companySearchMax.username) }
export const deviceSerialFilter = param.textOfAtMost(companySearchMax.serialNumber)

export const companyKeys = {
  all: ['company'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (q: CompanySearchQuery) => [...companyKeys.lists(), q] as const,
  children: (companyId: number) => [...companyKeys.all, 'children', companyId] as const,
  devices: (q: ChildrenDeviceQuery) => [...companyKeys.all, 'devices', q] as const,
}

/** Persisted, so that the business page opens and searches offline (issue #43 item 1); it holds no secret. */
export const companyListQuery = (q: CompanySearchQuery) =>
  pagedQuery(companyKeys.list(q), api.company.search, q, { persist: true })

/**
 * Issue #43 item 1: offline, the company list's search runs over the companies of every list page this phone has
 * loaded (the tree's roots, as the server's search answers), with its filters: the name and the account contain the
 * text, case aside (the server's ILIKE). Newest first, as the server orders the list.
 */
export function searchCachedCompanies(queryClient: QueryClient, q: CompanySearchQuery): Cached<CompanyRecord>[] {
  return newestCachedRecords<CompanyRecord>(queryClient, [{ queryKey: companyKeys.lists(), records: pageRecords<CompanyRecord> }])
    .filter(({ record }) => containsText(record.name, q.name) && containsText(record.username, q.username))
    .sort((a, b) => b.record.id - a.record.id)
}

/** SPEC §2: the second level of the tree loads when a node opens (kept for offline reading, like the list). */
export const companyChildrenQuery = (companyId: number) =>
  queryOptions({
    queryKey: companyKeys.children(companyId),
    queryFn: () => call(api.company.listChildren, { companyId }),
    meta: { persist: true },
  })

export const companyDevicesQuery = (q: ChildrenDeviceQuery) =>
  pagedQuery(companyKeys.devices(q), api.company.devices, q)

export function useCompanyMutations() {
  const invalidate = useInvalidate(companyKeys.all)
  return {
    add: useMutation({ mutationFn: (req: CompanyAddRequest) => call(api.company.add, req), onSuccess: invalidate }),
    update: useMutation({ mutationFn: (req: CompanyUpdateRequest) => call(api.company.update, req), onSuccess: invalidate }),
    resetPassword: useMutation({ mutationFn: (bossId: number) => call(api.company.resetPassword, { bossId }) }),
    changeQuantity: useMutation({ mutationFn: (req: ChangeQuantityRequest) => call(api.quota.changeQuantity, req), onSuccess: invalidate }),
    openHuawei: useMutation({ mutationFn: (companyId: number) => call(api.quota.openHuawei, { companyId }), onSuccess: invalidate }),
  }
}
