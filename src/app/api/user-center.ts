import { queryOptions } from '@tanstack/react-query'
import type { AppConfigResponse, MenuItemResponse, UserInfoResponse } from '../../shared/contract/account'
import { api } from './http'

/**
 * SPEC §2: menu and user info load when a token exists. They are then refreshed when older than a few minutes,
 * so a changed role reaches the menu and the buttons without a new sign-in.
 */
const USER_STALE_MS = 5 * 60_000

export const userCenterKeys = {
  all: ['userCenter'] as const,
  info: () => [...userCenterKeys.all, 'info'] as const,
  menu: () => [...userCenterKeys.all, 'menu'] as const,
}

export const userInfoQuery = () =>
  queryOptions({
    queryKey: userCenterKeys.info(),
    queryFn: () => api.post<UserInfoResponse>('/userCenter/info', undefined, { silent: true }),
    staleTime: USER_STALE_MS,
    meta: { persist: true },
  })

export const menuQuery = () =>
  queryOptions({
    queryKey: userCenterKeys.menu(),
    queryFn: () => api.get<MenuItemResponse[]>('/userCenter/menu', undefined, { silent: true }),
    staleTime: USER_STALE_MS,
    meta: { persist: true },
  })

export const appConfigQuery = () =>
  queryOptions({
    queryKey: ['app', 'config'] as const,
    queryFn: () => api.get<AppConfigResponse>('/app/config', undefined, { silent: true }),
    staleTime: 60 * 60_000,
    meta: { persist: true },
  })
