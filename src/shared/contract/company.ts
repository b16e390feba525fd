import { z } from 'zod'
import { successMessages } from '../messages/common'
import { organizationMessages } from '../messages/organization'
import { access, endpoint, noData } from './endpoint'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { refineWith, validateCompanyPasswordMatch } from '../domain/validators'
import { passwordSchema, phoneNumberSchema, usernameSchema } from './account'
import { filterText, flexibleBoolean, idSchema } from './id'

export const QuotaSummary = z.object({
  opened: z.boolean(),
  remainingQuantity: z.number(),
  totalConsumedQuantity: z.number(),
})

/** SPEC §3 Company: a node of the two-level tree with its account (boss or child-company user) and quota. */
export const CompanyRecord = z.object({
  id: z.number(),
  name: z.string(),
  available: z.boolean(),
  parentId: z.number().nullable(),
  childrenCount: z.number(),
  bossUserId: z.number().nullable(),
  bossName: z.string(),
  username: z.string(),
  phoneNumber: z.string(),
  roleId: z.number().nullable(),
  roleName: z.string().nullable(),
  createdAt: z.string(),
  quota: z.object({ ios: QuotaSummary, huawei: QuotaSummary }),
})
export type CompanyRecord = z.infer<typeof CompanyRecord>

/** GET /company/search — the first level of the tree. */
export const CompanySearchQuery = pagingQuerySchema.extend({ name: filterText(64), username: filterText(32) })
export type CompanySearchQuery = z.infer<typeof CompanySearchQuery>
export const CompanySearchResponse = pagedResponse(CompanyRecord)
export type CompanySearchResponse = z.infer<typeof CompanySearchResponse>

/** GET /company/listChildren?companyId= — the lazily loaded second level. */
export const ListChildrenQuery = z.object({ companyId: idSchema })

const optionalRoleId = z.preprocess((v) => (v === '' ? null : v), idSchema.nullable().optional())

export const CompanyAddFields = z.object({
  name: z.string().trim().min(1).max(64),
  username: usernameSchema,
  password: passwordSchema,
  confirmPassword: z.string().min(1),
  bossName: z.string().trim().min(1).max(32),
  phoneNumber: phoneNumberSchema,
  /** A COMPANY role narrowing what a child company may do; none = every company authority. */
  roleId: optionalRoleId,
})

/** POST /company/add — SPEC §5: password and confirmation must match (new companies only). */
export const CompanyAddRequest = CompanyAddFields.superRefine(
  refineWith((c: { password: string; confirmPassword: string }) => validateCompanyPasswordMatch(c), ['confirmPassword']),
)
export type CompanyAddRequest = z.infer<typeof CompanyAddRequest>

/** PUT /company/update — the account's password is changed by reset, not by edit. */
export const CompanyUpdateRequest = z.object({
  id: idSchema,
  name: z.string().trim().min(1).max(64).optional(),
  bossName: z.string().trim().min(1).max(32).optional(),
  phoneNumber: phoneNumberSchema.optional(),
  available: flexibleBoolean.optional(),
  roleId: optionalRoleId,
})
export type CompanyUpdateRequest = z.infer<typeof CompanyUpdateRequest>

/** PUT /company/resetPassword */
export const CompanyResetPasswordRequest = z.object({ bossId: idSchema })

/** SPEC §8: the new password is shown once, in a dialog titled 重置成功. */
export const ResetPasswordResponse = z.object({ password: z.string() })
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>

export const devicePlatforms = ['IOS', 'HUAWEI', 'MI'] as const

/** GET /company/searchChildrenDevice */
export const ChildrenDeviceQuery = pagingQuerySchema.extend({
  companyId: idSchema,
  serialNumber: filterText(64),
  platform: z.enum(devicePlatforms).optional(),
})
export type ChildrenDeviceQuery = z.infer<typeof ChildrenDeviceQuery>

export const ChildrenDeviceRecord = z.object({
  id: z.number(),
  platform: z.enum(devicePlatforms),
  serialNumber: z.string(),
  name: z.string(),
  model: z.string(),
  staffId: z.number().nullable(),
  staffName: z.string().nullable(),
  renterName: z.string(),
  lastCommunicationTime: z.string().nullable(),
  createdAt: z.string(),
})
export type ChildrenDeviceRecord = z.infer<typeof ChildrenDeviceRecord>
export const ChildrenDeviceResponse = pagedResponse(ChildrenDeviceRecord)
export type ChildrenDeviceResponse = z.infer<typeof ChildrenDeviceResponse>

const company = access.authority('company')

/** The company tree of a boss (or of the administrator), its second level, accounts and devices (SPEC §7 companies). */
export const companyEndpoints = {
  search: endpoint({ base: 'main', method: 'GET', path: '/company/search', access: company, request: CompanySearchQuery, response: CompanySearchResponse }),
  listChildren: endpoint({ base: 'main', method: 'GET', path: '/company/listChildren', access: company, request: ListChildrenQuery, response: z.array(CompanyRecord) }),
  devices: endpoint({ base: 'main', method: 'GET', path: '/company/searchChildrenDevice', access: company, request: ChildrenDeviceQuery, response: ChildrenDeviceResponse }),
  add: endpoint({ base: 'main', method: 'POST', path: '/company/add', access: company, request: CompanyAddRequest, response: z.object({ id: z.number() }), success: successMessages.save }),
  update: endpoint({ base: 'main', method: 'PUT', path: '/company/update', access: company, request: CompanyUpdateRequest, response: noData, success: successMessages.edit }),
  resetPassword: endpoint({ base: 'main', method: 'PUT', path: '/company/resetPassword', access: company, request: CompanyResetPasswordRequest, response: ResetPasswordResponse, success: organizationMessages.resetPasswordDone }),
}
