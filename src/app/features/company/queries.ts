import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  ChildrenDeviceQuery,
  ChildrenDeviceResponse,
  CompanyAddRequest,
  CompanyRecord,
  CompanySearchQuery,
  CompanySearchResponse,
  CompanyUpdateRequest,
  ResetPasswordResponse,
} from '../../../shared/contract/company'
import type { ChangeQuantityRequest, QuotaInfo } from '../../../shared/contract/quota'
import { api } from '../../api/http'
import { pagingSearch, param } from '../../components/search-params'

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
  queryOptions({
    queryKey: companyKeys.list(q),
    queryFn: () => api.get<CompanySearchResponse>('/company/search', { ...q }),
    placeholderData: keepPreviousData,
  })

/** SPEC §2: the second level of the tree loads when a node opens. */
export const companyChildrenQuery = (companyId: number) =>
  queryOptions({
    queryKey: companyKeys.children(companyId),
    queryFn: () => api.get<CompanyRecord[]>('/company/listChildren', { companyId }),
  })

export const companyDevicesQuery = (q: ChildrenDeviceQuery) =>
  queryOptions({
    queryKey: companyKeys.devices(q),
    queryFn: () => api.get<ChildrenDeviceResponse>('/company/searchChildrenDevice', { ...q }),
    placeholderData: keepPreviousData,
  })

export function useCompanyMutations() {
  const queryClient = useQueryClient()
  const invalidate = () => queryClient.invalidateQueries({ queryKey: companyKeys.all })
  return {
    add: useMutation({ mutationFn: (req: CompanyAddRequest) => api.post<{ id: number }>('/company/add', req), onSuccess: invalidate }),
    update: useMutation({ mutationFn: (req: CompanyUpdateRequest) => api.put<string>('/company/update', req), onSuccess: invalidate }),
    resetPassword: useMutation({ mutationFn: (bossId: number) => api.put<ResetPasswordResponse>('/company/resetPassword', { bossId }) }),
    changeQuantity: useMutation({ mutationFn: (req: ChangeQuantityRequest) => api.post<QuotaInfo>('/account/changeQuantity', req), onSuccess: invalidate }),
    openHuawei: useMutation({ mutationFn: (companyId: number) => api.post<QuotaInfo>('/account/create', { companyId }), onSuccess: invalidate }),
  }
}
