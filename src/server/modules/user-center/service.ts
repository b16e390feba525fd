import type { UserInfoResponse } from '../../../shared/contract/account'
import { buildMenu, type MenuItem } from '../../../shared/domain/routes'
import { accountVersion } from '../../auth/current-user'
import type { CurrentUser } from '../../auth/sessions'

export function userInfo(user: CurrentUser): UserInfoResponse {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    kind: user.kind,
    boss: user.kind === 'BOSS',
    admin: user.kind === 'ADMIN',
    companyId: user.companyId,
    companyName: user.companyName,
    phoneNumber: user.phoneNumber,
    authorityList: user.authorities,
    version: accountVersion(user),
  }
}

/** The menu is built from the same authorities the server checks, so they cannot drift apart. */
export function userMenu(user: CurrentUser): MenuItem[] {
  return buildMenu(user.authorities)
}
