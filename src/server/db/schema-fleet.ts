import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { companies, devices, platforms, users } from './schema-base'

/**
 * Fleet-wide commands (issue #44): one request queues a command for every device a search matches (not a page of
 * them). The batch keeps what was asked and by whom; its progress and per-device outcomes are read from its tasks.
 */
export const fleetCommands = pgTable(
  'fleet_commands',
  {
    id: text('id').primaryKey(),
    /** The company of the user who sent it (null: a platform administrator). A batch is read by its sender only. */
    companyId: integer('company_id').references(() => companies.id),
    platform: text('platform', { enum: platforms }).notNull(),
    command: text('command').notNull(),
    /** The search it was sent for, as the list's filters. */
    filters: text('filters').notNull().default('{}'),
    total: integer('total').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fleet_commands_sender_idx').on(t.createdBy, t.createdAt)],
)

/** The task each device of a batch got (tasks.task_id), in the same statement that queued them. */
export const fleetCommandTasks = pgTable(
  'fleet_command_tasks',
  {
    batchId: text('batch_id')
      .notNull()
      .references(() => fleetCommands.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    taskId: text('task_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.deviceId] })],
)
