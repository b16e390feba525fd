import { queryOptions, useMutation } from '@tanstack/react-query'
import type {
  ChildrenDeviceQuery,
  CompanyAddRequest,
  CompanySearchQuery,
  CompanyUpdateRequest,
} from '../../../shared/contract/company'
import type { ChangeQuantityRequest } from '../../../shared/contract/quota'
import { call } from '../../api/http'
import { pagedQuery, useInvalidate } from '../../api/queries'
import { pagingSearch, param } from '../../components/search-params'
import { api } from '../../api/routes'

/** The longest filters CompanySearchQuery (and ChildrenDeviceQuery's serialNumber) accept; the screen's search fields carry it as maxLength. */
export const companySearchMax = { name: 64, username: 32, serialNumber: 64 } as const


export const companySearch = { ...pagingSearch, name: param.textOfAtMost(companySearchMax.name), username: param.textOfAtMost(companySearchMax.username) }
export const deviceSerialFilter = param.textOfAtMost(companySearchMax.serialNumber)

export const companyKeys = {
  all: ['company'] as const,
  list: (q: CompanySearchQuery) => [...companyKeys.all, 'list', q] as const,
  children: (companyId: number) => [...companyKeys.all, 'children', companyId] as const,
  devices: (q: ChildrenDeviceQuery) => [...companyKeys.all, 'devices', q] as const,
}

export const companyListQuery = (q: CompanySearchQuery) =>
  pagedQuery(companyKeys.list(q), api.company.search, q)

/** SPEC §2: the second level of the tree loads when a node opens. */
export const companyChildrenQuery = (companyId: number) =>
  queryOptions({
    queryKey: companyKeys.children(companyId),
    queryFn: () => call(api.company.listChildren, { companyId }),
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
