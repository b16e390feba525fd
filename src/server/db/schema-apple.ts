import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { companies, devices, users } from './schema-base'

/**
 * Identity certificates issued by the server's CA, one per enrollment profile download (issue #12). The company a
 * device joins is the company its identity was issued for: nothing in a URL says it.
 */
export const appleIdentities = pgTable(
  'apple_identities',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    /** SHA-256 of the certificate's DER, hex. */
    fingerprint: text('fingerprint').notNull(),
    serialNumber: text('serial_number').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('apple_identities_fingerprint_idx').on(t.fingerprint), index('apple_identities_company_idx').on(t.companyId)],
)

/**
 * An Apple device's MDM enrollment: its UDID, the identity certificate bound to it at Authenticate (every later
 * message must come with that certificate), and what TokenUpdate told (APNs token, PushMagic, the UnlockToken,
 * sealed with the server's secret box).
 */
export const appleEnrollments = pgTable(
  'apple_enrollments',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id').notNull().references(() => devices.id),
    /**
     * The company of the identity that enrolled (docs/serials.md): a UDID is bound within that company only. A
     * message's UDID proves nothing, so a profile of another company naming it gets an enrollment of its own there.
     */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    udid: text('udid').notNull(),
    identityFingerprint: text('identity_fingerprint').notNull(),
    topic: text('topic').notNull().default(''),
    /** APNs device token, hex; null before TokenUpdate. */
    pushToken: text('push_token'),
    pushMagic: text('push_magic'),
    /** APNs answered that the token is no longer valid (410 / BadDeviceToken): no push until the next TokenUpdate. */
    pushTokenInvalidAt: timestamp('push_token_invalid_at', { withTimezone: true }),
    unlockToken: text('unlock_token'),
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    tokenUpdatedAt: timestamp('token_updated_at', { withTimezone: true }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('apple_enrollments_company_udid_idx').on(t.companyId, t.udid),
    uniqueIndex('apple_enrollments_device_idx').on(t.deviceId),
    uniqueIndex('apple_enrollments_identity_idx').on(t.identityFingerprint),
  ],
)

export const phraseTypes = ['PHRASES', 'PHONE'] as const

/**
 * Saved phrases and phones of the lost-mode dialog (SPEC §7 'Phrases'), per company: its users and staff share them.
 * One value once per company and type.
 */
export const commonPhrases = pgTable(
  'common_phrases',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    type: text('type', { enum: phraseTypes }).notNull(),
    value: text('value').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('common_phrases_company_type_value_idx').on(t.companyId, t.type, t.value)],
)
