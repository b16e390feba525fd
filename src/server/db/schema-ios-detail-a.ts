import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { companies, devices, users } from './schema-base'

/** What an Apple device was sent as a configuration profile of the detail's tabs (issue #14). */
export const deviceProfileKinds = ['RESTRICTION', 'LOCK_SCREEN_MESSAGE'] as const
export type DeviceProfileKind = (typeof deviceProfileKinds)[number]

/**
 * The restriction strategy and the lock-screen message last sent to a device, one row per device and kind: what
 * the console chose (settings), the InstallProfile task that carries it (its status says whether the device has it),
 * and, for one that runs out, when the server's sweep removes it (RemoveProfile) — removedAt once it did.
 */
export const iosDeviceProfiles = pgTable(
  'ios_device_profiles',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id').notNull().references(() => devices.id),
    companyId: integer('company_id').notNull().references(() => companies.id),
    kind: text('kind', { enum: deviceProfileKinds }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    taskId: text('task_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Taken off the device: 'EXPIRED' by the sweep, 'CLEARED' by the console. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removal: text('removal', { enum: ['EXPIRED', 'CLEARED'] }),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ios_device_profiles_device_kind_idx').on(t.deviceId, t.kind), index('ios_device_profiles_expiry_idx').on(t.expiresAt)],
)
