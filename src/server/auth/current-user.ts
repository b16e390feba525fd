import { createHash } from 'node:crypto'
import type { UserKind } from '../../shared/domain/authorities'

/** The signed-in user as every guarded route sees it. */
export interface CurrentUser {
  id: number
  sessionId: number
  username: string
  name: string
  kind: UserKind
  companyId: number | null
  /** The company's parent (null for a top-level company). */
  parentCompanyId: number | null
  companyName: string | null
  phoneNumber: string
  authorities: string[]
}

/**
 * The version of what user info and menu say of this user (ACCOUNT_VERSION_HEADER): a hash of every field they are
 * built from, so it changes exactly when one of them does (a role's authorities, a new name, a moved company).
 */
export function accountVersion(user: CurrentUser): string {
  const { id, username, name, kind, companyId, companyName, phoneNumber, authorities } = user
  const said = JSON.stringify([id, username, name, kind, companyId, companyName, phoneNumber, [...authorities].sort()])
  return createHash('sha256').update(said).digest('base64url').slice(0, 16)
}
