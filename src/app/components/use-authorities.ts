import { useQuery } from '@tanstack/react-query'
import type { UserInfoResponse } from '../../shared/contract/account'
import { api } from '../api/http'

/**
 * The signed-in user's authority codes (authorityList of /userCenter/info), to hide actions the user lacks.
 * Same key and request as the shell's user-info query, so both read one cache entry.
 */
export function useAuthorities() {
  const info = useQuery({
    queryKey: ['userCenter', 'info'] as const,
    queryFn: () => api.post<UserInfoResponse>('/userCenter/info', undefined, { silent: true }),
    staleTime: Infinity,
  })
  const list = info.data?.authorityList ?? []
  return {
    info: info.data,
    has: (code: string) => list.includes(code),
    isBoss: info.data?.boss === true,
    isAdmin: info.data?.admin === true,
  }
}
