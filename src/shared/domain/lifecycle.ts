/**
 * The rental lifecycle's vocabulary (issue #45, docs/renewals.md), without zod: the contract validates with it, the
 * database's columns hold it.
 */

/** Why an automatic lock was lifted: a renewal moved the end, the company marked the period paid, the device was
 * exempted, or the company turned the automatic lock off. */
export const lifecycleLiftReasons = ['RENEWED', 'PAID', 'EXEMPTED', 'DISABLED'] as const
export type LifecycleLiftReason = (typeof lifecycleLiftReasons)[number]

/** What became of a reminder's text message. PENDING: recorded, not yet handed to the provider. */
export const reminderOutcomes = ['PENDING', 'SENT', 'NO_PROVIDER', 'NO_PHONE', 'FAILED'] as const
export type ReminderOutcome = (typeof reminderOutcomes)[number]

export const DEFAULT_REMINDER_DAYS = [7, 1] as const
export const MAX_GRACE_DAYS = 90
export const MAX_REMINDER_DAY = 60

/** The tasks the automatic lock sends: Apple pay mode, the Huawei / Mi agent's service lock. */
export const lifecycleTaskTypes = {
  IOS: { lock: 'openPayMode', unlock: 'closePayMode' },
  HUAWEI: { lock: 'serviceLock', unlock: 'serviceUnlock' },
  MI: { lock: 'serviceLock', unlock: 'serviceUnlock' },
} as const
