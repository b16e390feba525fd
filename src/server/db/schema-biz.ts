import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { blacklistKinds } from '../../shared/domain/blacklist'
import { renewalStatuses } from '../../shared/domain/renewal'
import { companies, devices, users } from './schema-base'

/**
 * Renewals of an Apple device's service period (SPEC §7 /device/renew/*, docs/renewals.md). A renewal is drafted
 * for a number of years, consumes that many units of the company's iOS quota when it starts, and moves the device's
 * service end date; who did each step and when is kept on the row.
 */
export const deviceRenewals = pgTable(
  'device_renewals',
  {
    id: serial('id').primaryKey(),
    /** The device's company when the renewal was drafted; whose quota it consumes is the device's company at start. */
    companyId: integer('company_id').notNull().references(() => companies.id),
    deviceId: integer('device_id').notNull().references(() => devices.id),
    /** The serial as it was (the device row may later be recycled). */
    serialNumber: text('serial_number').notNull(),
    years: integer('years').notNull(),
    status: text('status', { enum: renewalStatuses }).notNull().default('DRAFT'),
    /** Units of iOS quota consumed at start (0 until then, and for a cancelled draft). */
    consumedQuantity: integer('consumed_quantity').notNull().default(0),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedBy: integer('started_by').references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The device's service end date before this renewal started. */
    previousEndsAt: timestamp('previous_ends_at', { withTimezone: true }),
    /** The device's service end date this renewal gives it (moved back when it is stopped). */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    stoppedBy: integer('stopped_by').references(() => users.id),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [
    index('device_renewals_company_idx').on(t.companyId, t.id),
    index('device_renewals_device_idx').on(t.deviceId, t.startedAt),
    // One draft per device at a time: two inits at the same moment cannot both stand.
    uniqueIndex('device_renewals_one_draft_idx').on(t.deviceId).where(sql`${t.status} = 'DRAFT'`),
  ],
)

/**
 * The platform's blacklist (issue #15), kept by the platform administrator: serial numbers, IMEIs and renter ID-card
 * numbers. An ID-card number is never stored: only its keyed digest (matchKey) and a masked form (display).
 * A removed entry stays, with who removed it and when, and no longer matches.
 */
export const blacklistEntries = pgTable(
  'blacklist_entries',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: blacklistKinds }).notNull(),
    /** SERIAL: the upper-cased serial; IMEI: its 15 digits; ID_CARD: HMAC-SHA256 of the upper-cased number (secret box key). */
    matchKey: text('match_key').notNull(),
    /** What the lists show: the serial or IMEI, or the masked ID-card number. */
    display: text('display').notNull(),
    reason: text('reason').notNull(),
    /** Enrolling devices that match are refused (Apple check-in, Huawei / Mi agent), not only warned about. */
    blockEnrollment: boolean('block_enrollment').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedBy: integer('removed_by').references(() => users.id),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('blacklist_entries_active_idx').on(t.kind, t.matchKey).where(sql`${t.removedAt} is null`),
    index('blacklist_entries_created_idx').on(t.createdAt),
  ],
)
