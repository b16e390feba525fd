import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { lifecycleLiftReasons, reminderOutcomes } from '../../shared/domain/lifecycle'
import { companies, devices, users } from './schema-base'

/**
 * The rental lifecycle (issue #45, docs/renewals.md): each company's policy for what happens when a device's service
 * period ends. Without a row a company has the defaults (no automatic lock, no grace, reminders 7 and 1 days before).
 */
export const lifecyclePolicies = pgTable('lifecycle_policies', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  autoLock: boolean('auto_lock').notNull().default(false),
  graceDays: integer('grace_days').notNull().default(0),
  /** Days before the end on which the renter is reminded (each at most once per period). */
  reminderDays: integer('reminder_days').array().notNull().default(sql`'{7,1}'::integer[]`),
  /** Shown on the locked phone: chosen from the company's saved phrases and phones when saved. */
  lockMessage: text('lock_message').notNull().default(''),
  lockPhone: text('lock_phone').notNull().default(''),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Devices the automatic lock leaves alone (a phone sold outright). */
export const lifecycleExemptions = pgTable('lifecycle_exemptions', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * One automatic lock per device and service period: the key (device, period end) is what makes the sweep lock a
 * device exactly once per period, whichever process sweeps, however often, whatever its clock says; a device holds at
 * most one lock not yet lifted. A lock is lifted (renewal, 已付款, exemption, policy off) and stays as history.
 */
export const lifecycleLocks = pgTable(
  'lifecycle_locks',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The service end this lock enforces. */
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
    /** The task that locks the device; null when none was sent (an iPhone already in lost mode set by hand). */
    lockTaskId: text('lock_task_id'),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftReason: text('lift_reason', { enum: lifecycleLiftReasons }),
    liftedBy: integer('lifted_by').references(() => users.id),
    liftTaskId: text('lift_task_id'),
  },
  (t) => [
    uniqueIndex('lifecycle_locks_period_idx').on(t.deviceId, t.periodEnd),
    uniqueIndex('lifecycle_locks_active_idx').on(t.deviceId).where(sql`${t.liftedAt} is null`),
    index('lifecycle_locks_company_idx').on(t.companyId, t.lockedAt),
  ],
)

/** One reminder per device, period and reminder day; what became of its text message. */
export const lifecycleReminders = pgTable(
  'lifecycle_reminders',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    daysBefore: integer('days_before').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    remindedAt: timestamp('reminded_at', { withTimezone: true }).notNull(),
    smsOutcome: text('sms_outcome', { enum: reminderOutcomes }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.periodEnd, t.daysBefore] })],
)
