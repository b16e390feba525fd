import { z } from 'zod'
import { successMessages } from '../messages/common'
import { access, endpoint, noData } from './endpoint'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { phoneNumberSchema, usernameSchema } from './account'
import { filterText, idSchema } from './id'

/** SPEC §4: PENDING → APPROVED or REJECTED, never back. */
export const registrationStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const
export const RegistrationStatus = z.enum(registrationStatuses)
export type RegistrationStatus = z.infer<typeof RegistrationStatus>

/** GET /user/register/search */
export const RegistrationSearchQuery = pagingQuerySchema.extend({
  username: filterText(32),
  status: z.preprocess((v) => (v === '' ? undefined : v), RegistrationStatus.optional()),
})
export type RegistrationSearchQuery = z.infer<typeof RegistrationSearchQuery>

/** POST /user/register/approved | rejected | delete */
export const RegistrationIdRequest = z.object({ id: idSchema })

/** PUT /user/register/update — the applicant's details, while the registration is pending. */
export const RegistrationUpdateRequest = z.object({
  id: idSchema,
  username: usernameSchema.optional(),
  companyName: z.string().trim().min(1).max(64).optional(),
  contactName: z.string().trim().min(1).max(32).optional(),
  phoneNumber: phoneNumberSchema.optional(),
})
export type RegistrationUpdateRequest = z.infer<typeof RegistrationUpdateRequest>

export const RegistrationRecord = z.object({
  id: z.number(),
  username: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  phoneNumber: z.string(),
  status: RegistrationStatus,
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
})
export type RegistrationRecord = z.infer<typeof RegistrationRecord>
export const RegistrationSearchResponse = pagedResponse(RegistrationRecord)
export type RegistrationSearchResponse = z.infer<typeof RegistrationSearchResponse>

const review = access.authority('register:review')

/** The administrator's review of registrations (SPEC §7 registrations). */
export const registrationEndpoints = {
  search: endpoint({ base: 'main', method: 'GET', path: '/user/register/search', access: review, request: RegistrationSearchQuery, response: RegistrationSearchResponse }),
  approve: endpoint({ base: 'main', method: 'POST', path: '/user/register/approved', access: review, request: RegistrationIdRequest, response: noData, success: successMessages.approve }),
  reject: endpoint({ base: 'main', method: 'POST', path: '/user/register/rejected', access: review, request: RegistrationIdRequest, response: noData, success: successMessages.reject }),
  remove: endpoint({ base: 'main', method: 'POST', path: '/user/register/delete', access: review, request: RegistrationIdRequest, response: noData, success: successMessages.delete }),
  update: endpoint({ base: 'main', method: 'PUT', path: '/user/register/update', access: review, request: RegistrationUpdateRequest, response: noData, success: successMessages.edit }),
}
