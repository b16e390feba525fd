import { z } from 'zod'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { MAX_GRACE_DAYS, MAX_REMINDER_DAY } from '../domain/lifecycle'
import { lifecycleText as t } from '../messages/lifecycle'
import { successMessages } from '../messages/common'
import { access, endpoint, noData } from './endpoint'
import { flexibleBoolean, idSchema } from './id'

/** The company's rental lifecycle policy (issue #45, docs/renewals.md). */
export const LifecyclePolicy = z.object({
  autoLock: z.boolean(),
  graceDays: z.number().int(),
  reminderDays: z.array(z.number().int()),
  lockMessage: z.string(),
  lockPhone: z.string(),
})
export type LifecyclePolicy = z.infer<typeof LifecyclePolicy>

/** PUT /lifecycle/policy. The message and phone are chosen from the company's saved phrases and phones ('' = none). */
export const LifecyclePolicyRequest = z.object({
  autoLock: z.boolean(),
  graceDays: z.number({ error: t.badGraceDays }).int({ error: t.badGraceDays }).min(0, { error: t.badGraceDays }).max(MAX_GRACE_DAYS, { error: t.badGraceDays }),
  reminderDays: z
    .array(z.number().int().min(1).max(MAX_REMINDER_DAY), { error: t.badReminderDays })
    .max(5, { error: t.badReminderDays })
    .transform((days) => [...new Set(days)].sort((a, b) => b - a)),
  lockMessage: z.string().trim().max(200).default(''),
  lockPhone: z.string().trim().max(32).default(''),
})
export type LifecyclePolicyRequest = z.input<typeof LifecyclePolicyRequest>

/** GET /lifecycle/expiring: devices whose service ends within the reminder window (the policy's largest day, or 7). */
export const ExpiringQuery = pagingQuerySchema
export type ExpiringQuery = z.input<typeof ExpiringQuery>

export const ExpiringDevice = z.object({
  deviceId: z.number(),
  platform: z.enum(['IOS', 'HUAWEI', 'MI']),
  serialNumber: z.string(),
  renterName: z.string(),
  renterPhone: z.string(),
  serviceEndsAt: z.string(),
  exempt: z.boolean(),
  /** An automatic lock of this device holds (not lifted). */
  locked: z.boolean(),
})
export type ExpiringDevice = z.infer<typeof ExpiringDevice>
export const ExpiringResponse = pagedResponse(ExpiringDevice).extend({ windowDays: z.number() })
export type ExpiringResponse = z.infer<typeof ExpiringResponse>

/** POST /lifecycle/markPaid: this period is paid; the automatic lock is lifted and not applied again to it. */
export const MarkPaidRequest = z.object({ deviceId: idSchema })
/** POST /lifecycle/exempt: the automatic lock leaves the device alone (or no longer does). */
export const ExemptRequest = z.object({ deviceId: idSchema, exempt: flexibleBoolean })

/** Company accounts that manage renewals (bosses and child companies). */
const lifecycle = access.authority('ios:renew')

export const lifecycleEndpoints = {
  policy: endpoint({ base: 'main', method: 'GET', path: '/lifecycle/policy', access: lifecycle, request: z.object({}), response: LifecyclePolicy }),
  savePolicy: endpoint({ base: 'main', method: 'PUT', path: '/lifecycle/policy', access: lifecycle, request: LifecyclePolicyRequest, response: LifecyclePolicy, success: successMessages.save }),
  expiring: endpoint({ base: 'main', method: 'GET', path: '/lifecycle/expiring', access: lifecycle, request: ExpiringQuery, response: ExpiringResponse }),
  markPaid: endpoint({ base: 'main', method: 'POST', path: '/lifecycle/markPaid', access: lifecycle, request: MarkPaidRequest, response: noData, success: t.markPaidDone }),
  exempt: endpoint({ base: 'main', method: 'POST', path: '/lifecycle/exempt', access: lifecycle, request: ExemptRequest, response: noData, success: t.exemptDone }),
}
