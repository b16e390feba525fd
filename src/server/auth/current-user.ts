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
