import { z } from 'zod'
import { access, endpoint, noData, noRequest } from './endpoint'
import { refineWith, validatePassword, validateRegisterPasswordMatch } from '../domain/validators'
import type { MenuItem } from '../domain/routes'
import { contractMessages } from '../messages/contract'

/** GET /captcha */
export const CaptchaResponse = z.object({ id: z.string(), img: z.string() })
export type CaptchaResponse = z.infer<typeof CaptchaResponse>

/** POST /login */
export const LoginRequest = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  captcha: z.string().trim().min(1).max(16),
  /** The sealed captcha (auth/captcha.ts: nonce, answer, expiry, AES-GCM): about 100 characters. */
  captchaId: z.string().min(1).max(256),
})
export type LoginRequest = z.infer<typeof LoginRequest>
export const LoginResponse = z.object({ token: z.string() })
export type LoginResponse = z.infer<typeof LoginResponse>

export const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_.@-]+$/, { error: contractMessages.usernameFormat })

/** Length, blank, letters and digits are validatePassword's, one sentence each; guessability is the server's estimate. */
export const passwordSchema = z
  .string()
  .max(64)
  .superRefine(refineWith((password: string) => validatePassword(password)))

export const phoneNumberSchema = z
  .string()
  .trim()
  .min(1, { error: contractMessages.phoneNumberRequired, abort: true })
  .regex(/^1\d{10}$/, { error: contractMessages.phoneNumberFormat })

/** POST /register — SPEC §5: password and confirmation must match. */
export const RegisterFields = z.object({
  username: usernameSchema,
  password: passwordSchema,
  confirmPassword: z.string().min(1),
  companyName: z.string().trim().min(1).max(64),
  contactName: z.string().trim().min(1).max(32),
  phoneNumber: phoneNumberSchema,
})
export const RegisterRequest = RegisterFields.superRefine(
  refineWith((r: { password: string; confirmPassword: string }) => validateRegisterPasswordMatch(r.password, r.confirmPassword), ['confirmPassword']),
)
export type RegisterRequest = z.infer<typeof RegisterRequest>

/** POST /userCenter/info */
export const UserInfoResponse = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  kind: z.enum(['ADMIN', 'BOSS', 'COMPANY', 'STAFF']),
  boss: z.boolean(),
  admin: z.boolean(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  phoneNumber: z.string(),
  authorityList: z.array(z.string()),
  /** What every signed-in answer's X-Account-Version header says while this info is current (envelope.ts). */
  version: z.string(),
})
export type UserInfoResponse = z.infer<typeof UserInfoResponse>

export type MenuItemResponse = MenuItem
export const MenuItemResponse: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    title: z.string(),
    component: z.string(),
    icon: z.string(),
    type: z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2)]),
    children: z.array(MenuItemResponse),
  }),
)
export const MenuResponse = z.array(MenuItemResponse)

/** GET /app/config (public): what the console needs before sign-in. */
export const AppConfigResponse = z.object({
  icp: z.string(),
  map: z.object({ tileUrl: z.string(), coordinates: z.enum(['WGS84', 'GCJ02']) }),
})
export type AppConfigResponse = z.infer<typeof AppConfigResponse>

export const WxCheckResponse = z.object({ enabled: z.boolean() })

/** Sign-in, registration and the signed-in user's own info and menu (SPEC §7 account/session). */
export const accountEndpoints = {
  captcha: endpoint({ base: 'main', method: 'GET', path: '/captcha', access: access.public, request: noRequest, response: CaptchaResponse }),
  login: endpoint({ base: 'main', method: 'POST', path: '/login', access: access.public, request: LoginRequest, response: LoginResponse }),
  logout: endpoint({ base: 'main', method: 'POST', path: '/logout', access: access.signedIn, request: noRequest, response: noData }),
  register: endpoint({ base: 'main', method: 'POST', path: '/register', access: access.public, request: RegisterRequest, response: noData }),
  // WeChat sign-in is not offered; the console asks before showing a WeChat button.
  wxCheck: endpoint({ base: 'main', method: 'GET', path: '/account/WXCheck', access: access.public, request: noRequest, response: WxCheckResponse }),
  appConfig: endpoint({ base: 'main', method: 'GET', path: '/app/config', access: access.public, request: noRequest, response: AppConfigResponse }),
  info: endpoint({ base: 'main', method: 'POST', path: '/userCenter/info', access: access.signedIn, request: noRequest, response: UserInfoResponse }),
  menu: endpoint({ base: 'main', method: 'GET', path: '/userCenter/menu', access: access.signedIn, request: noRequest, response: MenuResponse }),
}
