import { boolean, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { companies, type Platform } from './schema-base'

/**
 * The dashboard's rollups (issue #16: dashboard < 50 ms at 1M devices). Counting a tenant's devices per day, model or
 * SIM read every one of its rows (a pie cost 1.2 s at 1M); these tables hold the same counts, kept by triggers on
 * `devices` (migration 0016) in the same transaction as the insert, update or delete that changes them — whatever
 * code path writes the row (console, agent and Apple protocols, transfers, the bin, seeds) — so they cannot drift.
 * Statement-level triggers count a bulk insert or delete once per statement; a row-level trigger fires on an update
 * only when a counted key changed (not on a poll that only moves last_communication_time).
 *
 * `staff_id` is 0 for a device assigned to nobody, so that a staff member's figures (their assigned devices only,
 * visibleDeviceCondition) come from the same rows. A row may hold 0 after devices left it; readers sum.
 */

/** Devices added per company, assignee and China calendar day (created_at, UTC+8), in the recycle bin or not. */
export const deviceDailyAdditions = pgTable(
  'device_daily_additions',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    staffId: integer('staff_id').notNull().default(0),
    day: date('day').notNull(),
    added: integer('added').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.staffId, t.day] })],
)

/**
 * Devices in use (not in the recycle bin) per company, assignee, family, model (docs/dashboard.md: the model field,
 * else the reported model name, '' when neither), whether they reported a SIM (docs/dashboard.md "SIM") and lost mode.
 * The expressions are SQL functions of migration 0016 (dashboard_model, dashboard_has_sim, dashboard_lost_mode).
 */
export const deviceCounts = pgTable(
  'device_counts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    staffId: integer('staff_id').notNull().default(0),
    platform: text('platform').$type<Platform>().notNull(),
    model: text('model').notNull(),
    hasSim: boolean('has_sim').notNull(),
    lostMode: boolean('lost_mode').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.staffId, t.platform, t.model, t.hasSim, t.lostMode] })],
)

/**
 * Devices per company, family, bin, assignee and China calendar week of created_at (issue #16: a page 5,000 deep).
 * A device list is newest first, so a week is a contiguous run of it: summing the weeks newest first finds the week
 * a deep page starts in and how many of that week's devices come before it, and the page is read from that week on
 * (registry.ts: deepPage) instead of skipping fifty thousand index entries. Weeks, not days: three years of a scope
 * are ~160 rows to sum instead of ~1,100, and the rows skipped within the week stay few (~2,000 at a million devices).
 * Kept by triggers of its own (migration 0020), as the rollups above are, in the transaction that changes the devices.
 */
export const deviceListWeeks = pgTable(
  'device_list_weeks',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    platform: text('platform').$type<Platform>().notNull(),
    recycleStatus: boolean('recycle_status').notNull(),
    staffId: integer('staff_id').notNull().default(0),
    week: date('week').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.platform, t.recycleStatus, t.staffId, t.week] })],
)
