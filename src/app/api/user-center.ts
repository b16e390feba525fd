import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { call, setAccountVersionHandler } from './http'
import { api } from './routes'

/**
 * SPEC §2: menu and user info load once when a token exists (main.tsx: once per start), and are not refreshed by a
 * timer: every signed-in answer names the account's version (ACCOUNT_VERSION_HEADER), and a version other than the held
 * info's reloads both (watchAccountVersion), so a changed role reaches the menu and the buttons with the next answer,
 * without a new sign-in.
 */
const USER_STALE_MS = Infinity

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

/**
 * Reloads user info and menu when an answer names another account version than the held info's. One reload per
 * version: the answers that arrive while it is under way name the same version and ask for nothing more.
 */
export function watchAccountVersion(queryClient: QueryClient) {
  let asked: string | undefined
  setAccountVersionHandler((version) => {
    const held = queryClient.getQueryData(userInfoQuery().queryKey)?.version
    if (version === held || version === asked) return
    asked = version
    void queryClient.invalidateQueries({ queryKey: userCenterKeys.all })
  })
}
