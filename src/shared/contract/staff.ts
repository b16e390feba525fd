import { z } from 'zod'
import { ResetPasswordResponse } from './company'
import { successMessages } from '../messages/common'
import { organizationMessages } from '../messages/organization'
import { access, endpoint, noData } from './endpoint'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { passwordSchema, phoneNumberSchema, usernameSchema } from './account'
import { filterText, flexibleBoolean, idSchema, ownerCompanyFields } from './id'

const roleId = z.preprocess((v) => (v === '' ? null : v), idSchema.nullable().optional())

export const StaffAddFields = z.object({
  username: usernameSchema,
  password: passwordSchema,
  name: z.string().trim().min(1).max(32),
  phoneNumber: phoneNumberSchema,
  roleId,
})
/** POST /company/staff/add (shape fixed by issue #5) */
export const StaffAddRequest = StaffAddFields
export type StaffAddRequest = z.infer<typeof StaffAddRequest>

/** PUT /company/staff/update (shape fixed by issue #5) */
export const StaffUpdateRequest = z.object({
  id: idSchema,
  name: z.string().trim().min(1).max(32).optional(),
  phoneNumber: phoneNumberSchema.optional(),
  roleId,
  available: flexibleBoolean.optional(),
})
export type StaffUpdateRequest = z.infer<typeof StaffUpdateRequest>

/** POST /company/staff/delete */
export const StaffDeleteRequest = z.object({ id: idSchema })

/** PUT /company/staff/resetPassword */
export const StaffResetPasswordRequest = z.object({ staffId: idSchema })

/** GET /company/staff/search */
export const StaffSearchQuery = pagingQuerySchema.extend({
  username: filterText(32),
  name: filterText(32),
  phoneNumber: filterText(11),
  companyId: idSchema.optional(),
})
export type StaffSearchQuery = z.infer<typeof StaffSearchQuery>

export const StaffRecord = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  roleId: z.number().nullable(),
  roleName: z.string().nullable(),
  available: z.boolean(),
  ...ownerCompanyFields,
  createdAt: z.string(),
})
export type StaffRecord = z.infer<typeof StaffRecord>
export const StaffSearchResponse = pagedResponse(StaffRecord)
export type StaffSearchResponse = z.infer<typeof StaffSearchResponse>

const staff = access.authority('staff')

/** Staff of a company (SPEC §7 staff). */
export const staffEndpoints = {
  search: endpoint({ base: 'main', method: 'GET', path: '/company/staff/search', access: staff, request: StaffSearchQuery, response: StaffSearchResponse }),
  add: endpoint({ base: 'main', method: 'POST', path: '/company/staff/add', access: staff, request: StaffAddRequest, response: z.object({ id: z.number() }), success: successMessages.save }),
  update: endpoint({ base: 'main', method: 'PUT', path: '/company/staff/update', access: staff, request: StaffUpdateRequest, response: noData, success: successMessages.edit }),
  remove: endpoint({ base: 'main', method: 'POST', path: '/company/staff/delete', access: staff, request: StaffDeleteRequest, response: noData, success: successMessages.delete }),
  resetPassword: endpoint({ base: 'main', method: 'PUT', path: '/company/staff/resetPassword', access: staff, request: StaffResetPasswordRequest, response: ResetPasswordResponse, success: organizationMessages.resetPasswordDone }),
}
