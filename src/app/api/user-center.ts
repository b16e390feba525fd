import { queryOptions } from '@tanstack/react-query'
import { accountEndpoints } from '../../shared/contract/account'
import { call } from './http'

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
    queryFn: () => call(accountEndpoints.info, {}, { silent: true }),
    staleTime: USER_STALE_MS,
    meta: { persist: true },
  })

export const menuQuery = () =>
  queryOptions({
    queryKey: userCenterKeys.menu(),
    queryFn: () => call(accountEndpoints.menu, {}, { silent: true }),
    staleTime: USER_STALE_MS,
    meta: { persist: true },
  })

export const appConfigQuery = () =>
  queryOptions({
    queryKey: ['app', 'config'] as const,
    queryFn: () => call(accountEndpoints.appConfig, {}, { silent: true }),
    staleTime: 60 * 60_000,
    meta: { persist: true },
  })
