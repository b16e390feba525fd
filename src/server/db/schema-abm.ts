import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { companies, devices, users } from './schema-base'

/**
 * Issue #42: a company's link to its Apple Business Manager organisation (one per company). The token-exchange
 * certificate is made on the first request for it; its private key and, once linked, the server token's OAuth
 * credentials (consumer key and secret, access token and secret) are sealed with the server's secret box. The same
 * certificate is answered until a token is linked with it.
 */
export const abmLinks = pgTable('abm_links', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id)
    .unique('abm_links_company_idx'),
  certificatePem: text('certificate_pem').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  /** The decrypted server token (the -----BEGIN MESSAGE----- JSON), sealed; null until a token is linked. */
  tokenSealed: text('token_sealed'),
  tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
  /** GET /account as Apple answered it (server_name, server_uuid, org_name, org_email, org_phone, …). */
  account: jsonb('account').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  orgName: text('org_name').notNull().default(''),
  serverName: text('server_name').notNull().default(''),
  /** The device cursor of the last fetch or sync; null: the next run is a full fetch. */
  cursor: text('cursor'),
  /** When the first full fetch finished (from then on, /devices/sync continues from the cursor). */
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  /** Why the last sync failed, in words for the console; null when it succeeded. */
  lastSyncError: text('last_sync_error'),
  /** The automated-enrollment profile defined with POST /profile, and a hash of what it was defined from. */
  profileUuid: text('profile_uuid'),
  profileHash: text('profile_hash'),
  profileDefinedAt: timestamp('profile_defined_at', { withTimezone: true }),
  linkedBy: integer('linked_by').references(() => users.id),
  linkedAt: timestamp('linked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Issue #42: the devices Apple's device-assignment API lists for a company's MDM server (fetch and sync), with their
 * profile status. `deviceId` is the company's device record of the serial (shown in the iOS list as 待激活 until it
 * enrolls); quota is consumed when the phone enrolls. A device deleted or disowned in ABM keeps its row with
 * `removedAt` (and `disownedAt` when we disowned it).
 */
export const abmDevices = pgTable(
  'abm_devices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    serialNumber: text('serial_number').notNull(),
    model: text('model').notNull().default(''),
    description: text('description').notNull().default(''),
    color: text('color').notNull().default(''),
    deviceFamily: text('device_family').notNull().default(''),
    os: text('os').notNull().default(''),
    /** Apple's profile_status: empty, assigned, pushed, removed. */
    profileStatus: text('profile_status').notNull().default('empty'),
    profileUuid: text('profile_uuid'),
    profileAssignTime: timestamp('profile_assign_time', { withTimezone: true }),
    profilePushTime: timestamp('profile_push_time', { withTimezone: true }),
    deviceAssignedDate: timestamp('device_assigned_date', { withTimezone: true }),
    deviceAssignedBy: text('device_assigned_by').notNull().default(''),
    /** Apple's word for the last failed profile assignment (NOT_ACCESSIBLE, FAILED, …); null when it succeeded. */
    assignError: text('assign_error'),
    /** The last sync op that touched it (added, modified, deleted) and its date. */
    opType: text('op_type').notNull().default(''),
    opDate: timestamp('op_date', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    disownedAt: timestamp('disowned_at', { withTimezone: true }),
    /** Apple's per-serial answer to POST /devices/disown (SUCCESS, NOT_ACCESSIBLE, FAILED). */
    disownStatus: text('disown_status'),
    deviceId: integer('device_id').references(() => devices.id),
    /** When the phone enrolled through automated enrollment (its MachineInfo was answered with the profile). */
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    /** The phone is still in Setup Assistant, waiting for DeviceConfigured (await_device_configured). */
    awaitingConfiguration: boolean('awaiting_configuration').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('abm_devices_company_serial_idx').on(t.companyId, t.serialNumber),
    index('abm_devices_serial_idx').on(t.serialNumber),
    index('abm_devices_device_idx').on(t.deviceId),
  ],
)

/**
 * Issue #42: a supervised device's activation-lock bypass code, escrowed sealed (made by the server before the
 * phone's activation lock is enabled, or read from the phone with ActivationLockBypassCode). Shown only as the
 * activation-lock password is.
 */
export const activationLockCodes = pgTable(
  'activation_lock_codes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    /** The human-readable bypass code (XXXXX-XXXXX-…), sealed. */
    codeSealed: text('code_sealed').notNull(),
    /** Where it came from: made by the server (SERVER) or read from the phone (DEVICE). */
    source: text('source', { enum: ['SERVER', 'DEVICE'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When Apple's device services confirmed the lock removed; the last failure otherwise. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('activation_lock_codes_device_idx').on(t.deviceId)],
)

/**
 * Issue #42: APNs certificate requests made in the console: the push key (sealed) and its CSR. The certificate Apple
 * answers is matched to the stored key when uploaded.
 */
export const apnsCertificateRequests = pgTable('apns_certificate_requests', {
  id: serial('id').primaryKey(),
  privateKeySealed: text('private_key_sealed').notNull(),
  csrPem: text('csr_pem').notNull(),
  /** SHA-256 of the public key (SubjectPublicKeyInfo DER), hex: how an uploaded certificate finds its request. */
  publicKeyHash: text('public_key_hash').notNull().unique('apns_certificate_requests_key_idx'),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/**
 * Background jobs (ARCHITECTURE: one way to run background work): one row per job name. A process runs a job only
 * while it holds the lease (leaseUntil in the future, leaseOwner its own), so each run happens once across every
 * server process; a process that dies lets its lease run out.
 */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
})
