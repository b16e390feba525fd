import { z } from 'zod'
import { successMessages } from '../messages/common'
import { access, endpoint, noData } from './endpoint'
import type { AuthorityNode } from '../domain/authorities'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { refineWith, validateRoleAuthorities } from '../domain/validators'
import { filterText, idSchema, ownerCompanyFields } from './id'

export const roleTypes = ['COMPANY', 'STAFF'] as const
export const RoleType = z.enum(roleTypes)
export type RoleType = z.infer<typeof RoleType>

/** GET /authority/tree?authorityUserType= */
export const AuthorityTreeQuery = z.object({ authorityUserType: RoleType })
export type AuthorityTreeResponse = AuthorityNode[]

/** SPEC §5: a role needs at least one authority ("请选择权限"), also when the list is missing. */
const authorityIdList = z
  .array(z.string().min(1).max(64))
  .max(100)
  .optional()
  .transform((list) => [...new Set(list ?? [])])
  .superRefine(refineWith(validateRoleAuthorities))

export const RoleFields = z.object({
  name: z.string().trim().min(1).max(32),
  roleType: RoleType,
  authorityIdList,
})

/** POST /role/add */
export const RoleAddRequest = RoleFields
export type RoleAddRequest = z.infer<typeof RoleAddRequest>

/** PUT /role/update — the type of a role is fixed once created (accounts already hold it). */
export const RoleUpdateRequest = RoleFields.omit({ roleType: true }).extend({ id: idSchema })
export type RoleUpdateRequest = z.infer<typeof RoleUpdateRequest>

/** POST /role/delete */
export const RoleDeleteRequest = z.object({ id: idSchema })

/** GET /role/detail?roleId= */
export const RoleDetailQuery = z.object({ roleId: idSchema })

/** GET /role/list?roleType= — the choices of a role picker. */
/** GET /role/list: the roles an account of `companyId` (default: the user's own company) may be given. */
export const RoleListQuery = z.object({ roleType: RoleType, companyId: idSchema.optional() })

/** GET /role/search */
export const RoleSearchQuery = pagingQuerySchema.extend({ name: filterText(32), roleType: RoleType.optional() })
export type RoleSearchQuery = z.infer<typeof RoleSearchQuery>

export const RoleRecord = z.object({
  id: z.number(),
  name: z.string(),
  roleType: RoleType,
  authorityIdList: z.array(z.string()),
  ...ownerCompanyFields,
  /** Accounts holding the role; a role in use cannot be deleted. */
  userCount: z.number(),
  createdAt: z.string(),
})
export type RoleRecord = z.infer<typeof RoleRecord>

export const RoleSearchResponse = pagedResponse(RoleRecord)
export type RoleSearchResponse = z.infer<typeof RoleSearchResponse>

/** authorityCount: how much the role grants, so a form can default to the least-privileged role (issue #11). */
export const RoleOption = z.object({ id: z.number(), name: z.string(), roleType: RoleType, authorityCount: z.number() })
export type RoleOption = z.infer<typeof RoleOption>

/** SPEC §3: the detail holds the authority tree the role chooses from. */
export type RoleDetailResponse = z.infer<typeof RoleDetailResponse>

export const AuthorityNodeSchema: z.ZodType<AuthorityNode> = z.lazy(() =>
  z.object({ id: z.string(), name: z.string(), children: z.array(AuthorityNodeSchema).optional() }),
)
export const RoleDetailResponse = RoleRecord.extend({ authorityTree: z.array(AuthorityNodeSchema) })

const role = access.authority('role')

/** Roles and the authority tree they choose from (SPEC §7 roles). */
export const roleEndpoints = {
  authorityTree: endpoint({ base: 'main', method: 'GET', path: '/authority/tree', access: role, request: AuthorityTreeQuery, response: z.array(AuthorityNodeSchema) }),
  search: endpoint({ base: 'main', method: 'GET', path: '/role/search', access: role, request: RoleSearchQuery, response: RoleSearchResponse }),
  detail: endpoint({ base: 'main', method: 'GET', path: '/role/detail', access: role, request: RoleDetailQuery, response: RoleDetailResponse }),
  // The role picker of the staff and company forms, so it opens to whoever manages those too.
  list: endpoint({ base: 'main', method: 'GET', path: '/role/list', access: access.authority('role', 'staff', 'company'), request: RoleListQuery, response: z.array(RoleOption) }),
  add: endpoint({ base: 'main', method: 'POST', path: '/role/add', access: role, request: RoleAddRequest, response: z.object({ id: z.number() }), success: successMessages.save }),
  update: endpoint({ base: 'main', method: 'PUT', path: '/role/update', access: role, request: RoleUpdateRequest, response: noData, success: successMessages.edit }),
  remove: endpoint({ base: 'main', method: 'POST', path: '/role/delete', access: role, request: RoleDeleteRequest, response: noData, success: successMessages.delete }),
}
