import { z } from 'zod'
import { successMessages } from '../messages/common'
import { access, endpoint, noRequest } from './endpoint'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { filterText, flexibleBoolean, idSchema, ownerCompanyFields } from './id'

export const quotaTypes = ['IOS', 'HUAWEI'] as const
export const QuotaType = z.enum(quotaTypes)
export type QuotaType = z.infer<typeof QuotaType>

export const quotaRecordKinds = ['GRANT', 'TRANSFER_IN', 'TRANSFER_OUT', 'CONSUME', 'REFUND'] as const

/** Largest single change of a quota (keeps the sum far below the integer column's limit). */
export const MAX_QUOTA_CHANGE = 1_000_000
/** Most quota one company's account may hold (far below the integer column's limit). */
export const MAX_QUOTA_BALANCE = 100_000_000

/**
 * POST /account/changeQuantity — SPEC §7 "targetCompanyId; Huawei flag". quantity is the signed change: positive
 * moves quota from the operator's company to the target, negative takes it back. Neither side goes below zero.
 */
export const ChangeQuantityRequest = z.object({
  targetCompanyId: idSchema,
  quantity: z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,9}$/.test(v.trim()) ? Number(v) : v),
    z.number().int().min(-MAX_QUOTA_CHANGE).max(MAX_QUOTA_CHANGE),
  ),
  huawei: flexibleBoolean.default(false),
})
export type ChangeQuantityRequest = z.input<typeof ChangeQuantityRequest>

/** POST /account/create — opens the Huawei service (its quota account) for a company. */
export const AccountCreateRequest = z.object({ companyId: idSchema })

/** GET /account/info */
export const AccountInfoQuery = z.object({ quotaType: QuotaType, companyId: idSchema.optional() })

export const QuotaInfo = z.object({
  quotaType: QuotaType,
  opened: z.boolean(),
  remainingQuantity: z.number(),
  totalConsumedQuantity: z.number(),
})
export type QuotaInfo = z.infer<typeof QuotaInfo>

/** GET /userCenter/account/info — both accounts of the signed-in user's company. */
export const UserAccountInfoResponse = z.object({ ios: QuotaInfo, huawei: QuotaInfo })
export type UserAccountInfoResponse = z.infer<typeof UserAccountInfoResponse>

/** GET /account/consumedRecord/search */
export const ConsumedRecordQuery = pagingQuerySchema.extend({
  quotaType: QuotaType,
  companyId: idSchema.optional(),
  serialNumber: filterText(64),
  kind: z.enum(quotaRecordKinds).optional(),
})
export type ConsumedRecordQuery = z.infer<typeof ConsumedRecordQuery>

export const QuotaRecordItem = z.object({
  id: z.number(),
  ...ownerCompanyFields,
  quotaType: QuotaType,
  kind: z.enum(quotaRecordKinds),
  quantity: z.number(),
  remainingAfter: z.number(),
  deviceId: z.number().nullable(),
  serialNumber: z.string().nullable(),
  /** The device's platform (HUAWEI, MI); null when the record names no device or it was deleted. */
  devicePlatform: z.string().nullable(),
  counterpartCompanyName: z.string().nullable(),
  operatorName: z.string().nullable(),
  remark: z.string(),
  createdAt: z.string(),
})
export type QuotaRecordItem = z.infer<typeof QuotaRecordItem>
export const ConsumedRecordResponse = pagedResponse(QuotaRecordItem).extend({ account: QuotaInfo })
export type ConsumedRecordResponse = z.infer<typeof ConsumedRecordResponse>

// The quota type comes with the request; the service then checks quota:ios or quota:huawei for it.
const anyQuota = access.authority('quota:ios', 'quota:huawei')

/** Quota accounts, their changes and consumption records (SPEC §7 quota). */
export const quotaEndpoints = {
  changeQuantity: endpoint({ base: 'main', method: 'POST', path: '/account/changeQuantity', access: access.authority('company'), request: ChangeQuantityRequest, response: QuotaInfo, success: successMessages.changeQuantity }),
  openHuawei: endpoint({ base: 'main', method: 'POST', path: '/account/create', access: access.authority('company'), request: AccountCreateRequest, response: QuotaInfo, success: successMessages.openHuawei }),
  records: endpoint({ base: 'main', method: 'GET', path: '/account/consumedRecord/search', access: anyQuota, request: ConsumedRecordQuery, response: ConsumedRecordResponse }),
  info: endpoint({ base: 'main', method: 'GET', path: '/account/info', access: anyQuota, request: AccountInfoQuery, response: QuotaInfo }),
  own: endpoint({ base: 'main', method: 'GET', path: '/userCenter/account/info', access: access.signedIn, request: noRequest, response: UserAccountInfoResponse }),
}
