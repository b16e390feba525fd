import { z } from 'zod'
import { access, endpoint, noData, noRequest } from './endpoint'
import { refineWith, validateNewPasswordMatch } from '../domain/validators'
import { successMessages } from '../messages/common'
import { contractMessages } from '../messages/contract'
import { passwordSchema, phoneNumberSchema } from './account'

export const UpdatePasswordFields = z.object({
  oldPassword: z.string().min(1).max(128),
  newPassword: passwordSchema,
  confirmPassword: z.string().min(1),
})

/** PUT /userCenter/updatePassword — SPEC §5 "新密码与确认密码不一致". */
export const UpdatePasswordRequest = UpdatePasswordFields.superRefine(
  refineWith((r: { newPassword: string; confirmPassword: string }) => validateNewPasswordMatch(r.newPassword, r.confirmPassword), ['confirmPassword']),
)
export type UpdatePasswordRequest = z.infer<typeof UpdatePasswordRequest>

export const UpdateSecondaryPasswordFields = z.object({
  /** The login password confirms that the account's owner is setting it. */
  password: z.string().min(1).max(128),
  secondaryPassword: z.string().min(6).max(32),
  confirmSecondaryPassword: z.string().min(1),
})

/** PUT /userCenter/updateSecondaryPassword — sets or changes the secondary password. */
export const UpdateSecondaryPasswordRequest = UpdateSecondaryPasswordFields.superRefine(
  refineWith(
    (r: { secondaryPassword: string; confirmSecondaryPassword: string }) => validateNewPasswordMatch(r.secondaryPassword, r.confirmSecondaryPassword),
    ['confirmSecondaryPassword'],
  ),
)
export type UpdateSecondaryPasswordRequest = z.infer<typeof UpdateSecondaryPasswordRequest>

/** POST /sms/sendCode */
export const SendCodeRequest = z.object({ phoneNumber: phoneNumberSchema })
export type SendCodeRequest = z.infer<typeof SendCodeRequest>
export const SendCodeResponse = z.object({ expiresInSeconds: z.number(), resendAfterSeconds: z.number() })
export type SendCodeResponse = z.infer<typeof SendCodeResponse>

/** PUT /userCenter/updatePhoneNumber */
export const UpdatePhoneNumberRequest = z.object({
  phoneNumber: phoneNumberSchema,
  code: z.string().trim().regex(/^\d{6}$/, { error: contractMessages.smsCodeFormat }),
})
export type UpdatePhoneNumberRequest = z.infer<typeof UpdatePhoneNumberRequest>

/** GET /userCenter/security — what the personal centre shows about the account. */
export const SecurityInfoResponse = z.object({
  username: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  secondaryPasswordSet: z.boolean(),
})
export type SecurityInfoResponse = z.infer<typeof SecurityInfoResponse>

/** Every signed-in user has a personal centre (SPEC §2 adds /center to every menu). */
export const personalCenterEndpoints = {
  security: endpoint({ base: 'main', method: 'GET', path: '/userCenter/security', access: access.signedIn, request: noRequest, response: SecurityInfoResponse }),
  updatePassword: endpoint({ base: 'main', method: 'PUT', path: '/userCenter/updatePassword', access: access.signedIn, request: UpdatePasswordRequest, response: noData, success: successMessages.changePassword }),
  updateSecondaryPassword: endpoint({ base: 'main', method: 'PUT', path: '/userCenter/updateSecondaryPassword', access: access.signedIn, request: UpdateSecondaryPasswordRequest, response: noData, success: successMessages.changePassword }),
  sendCode: endpoint({ base: 'main', method: 'POST', path: '/sms/sendCode', access: access.signedIn, request: SendCodeRequest, response: SendCodeResponse }),
  updatePhoneNumber: endpoint({ base: 'main', method: 'PUT', path: '/userCenter/updatePhoneNumber', access: access.signedIn, request: UpdatePhoneNumberRequest, response: noData, success: successMessages.changePhone }),
}
