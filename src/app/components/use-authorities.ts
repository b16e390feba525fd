import { useQuery } from '@tanstack/react-query'
import { userInfoQuery } from '../api/user-center'

/** The signed-in user's authority codes (authorityList of /userCenter/info), to hide actions the user lacks. */
export function useAuthorities() {
  const info = useQuery(userInfoQuery())
  const list = info.data?.authorityList ?? []
  return {
    info: info.data,
    has: (code: string) => list.includes(code),
    isBoss: info.data?.boss === true,
    isAdmin: info.data?.admin === true,
    /**
     * The administrator or a company's own account, not a staff member: only these issue enrollment tokens and
     * reset staff passwords (the server refuses staff both).
     */
    isCompanyAccount: info.data !== undefined && info.data.kind !== 'STAFF',
  }
}
