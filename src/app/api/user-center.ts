import { queryOptions } from '@tanstack/react-query'
import type { AppConfigResponse, MenuItemResponse, UserInfoResponse } from '../../shared/contract/account'
import { api } from './http'

export const userCenterKeys = {
  all: ['userCenter'] as const,
  info: () => [...userCenterKeys.all, 'info'] as const,
  menu: () => [...userCenterKeys.all, 'menu'] as const,
}

/** SPEC §2: menu and user info load once when a token exists. */
export const userInfoQuery = () =>
  queryOptions({
    queryKey: userCenterKeys.info(),
    queryFn: () => api.post<UserInfoResponse>('/userCenter/info', undefined, { silent: true }),
    staleTime: Infinity,
    meta: { persist: true },
  })

export const menuQuery = () =>
  queryOptions({
    queryKey: userCenterKeys.menu(),
    queryFn: () => api.get<MenuItemResponse[]>('/userCenter/menu', undefined, { silent: true }),
    staleTime: Infinity,
    meta: { persist: true },
  })

export const appConfigQuery = () =>
  queryOptions({
    queryKey: ['app', 'config'] as const,
    queryFn: () => api.get<AppConfigResponse>('/app/config', undefined, { silent: true }),
    staleTime: 60 * 60_000,
    meta: { persist: true },
  })
