import { queryOptions } from '@tanstack/react-query'
import { call } from './http'
import { api } from './routes'

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
    queryFn: () => call(api.account.info, {}, { silent: true }),
    staleTime: USER_STALE_MS,
    meta: { persist: true },
  })

export const menuQuery = () =>
  queryOptions({
    queryKey: userCenterKeys.menu(),
    queryFn: () => call(api.account.menu, {}, { silent: true }),
    staleTime: USER_STALE_MS,
    meta: { persist: true },
  })

export const appConfigQuery = () =>
  queryOptions({
    queryKey: ['app', 'config'] as const,
    queryFn: () => call(api.account.appConfig, {}, { silent: true }),
    staleTime: 60 * 60_000,
    meta: { persist: true },
  })
