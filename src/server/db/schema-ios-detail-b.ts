import { sql } from 'drizzle-orm'
import { bigint, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { companies, devices, users } from './schema-base'

/**
 * Tables of the iOS detail's apps and wallpaper tabs and of the APNs certificate page (issue #14).
 */

/** PostgreSQL bytea: PGlite answers a Uint8Array, node-postgres a Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
})

export const iosAppKinds = ['APP_STORE', 'ENTERPRISE'] as const

/**
 * A company's installable apps (GET /app/list): an App Store app by its iTunes Store id, or an enterprise app by its
 * manifest URL (InstallApplication's iTunesStoreID / ManifestURL). The bundle ID is what the app-restriction lists
 * name. One entry per bundle ID and company.
 */
export const iosApps = pgTable(
  'ios_apps',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    kind: text('kind', { enum: iosAppKinds }).notNull(),
    name: text('name').notNull(),
    bundleId: text('bundle_id').notNull(),
    itunesStoreId: bigint('itunes_store_id', { mode: 'number' }),
    manifestUrl: text('manifest_url'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ios_apps_company_bundle_idx').on(t.companyId, t.bundleId)],
)

export const appRestrictionActions = ['INSTALL', 'ALLOW', 'FORBID'] as const
export type AppRestrictionAction = (typeof appRestrictionActions)[number]

/**
 * What was last applied to an app on a device (POST /device/app-restrictions/install): installed, allowed again or
 * forbidden. One row per device and bundle ID, the newest action wins; name and bundle ID are kept so that a
 * catalogue entry deleted later still reads. The task says whether the device has taken it.
 */
export const iosAppRestrictions = pgTable(
  'ios_app_restrictions',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id').notNull().references(() => devices.id),
    companyId: integer('company_id').notNull().references(() => companies.id),
    appId: integer('app_id'),
    appName: text('app_name').notNull(),
    bundleId: text('bundle_id').notNull(),
    action: text('action', { enum: appRestrictionActions }).notNull(),
    taskId: text('task_id').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ios_app_restrictions_device_bundle_idx').on(t.deviceId, t.bundleId), index('ios_app_restrictions_company_idx').on(t.companyId)],
)

/** A company's wallpapers: the image itself (checked by its header bytes, size-capped), stored in the database. */
export const iosWallpapers = pgTable(
  'ios_wallpapers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    image: bytea('image').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ios_wallpapers_company_idx').on(t.companyId)],
)

/**
 * APNs push certificates uploaded on the certificate page; the newest is the one in use (over MDM_APNS_CERT_FILE).
 * The private key is sealed with the server's secret box.
 */
export const apnsCertificates = pgTable('apns_certificates', {
  id: serial('id').primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  topic: text('topic').notNull(),
  notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
})
