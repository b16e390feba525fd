import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core'

/* The tables every area's schema refers to. The area files (schema-*.ts) import from here, never from schema.ts,
   which only gathers them all. */

/**
 * Companies form a two-level tree: a top-level (boss) company and its child companies.
 * Every row of tenant data carries company_id (ARCHITECTURE: tenancy).
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    available: boolean('available').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('companies_parent_idx').on(t.parentId),
    // Siblings under one parent have distinct names. Top-level companies are separate tenants: two may share a name
    // (a boss renaming its company must not learn that another tenant holds a name); the administrator, who sees them
    // all, is still told of a duplicate when creating one (assertCompanyNameFree).
    unique('companies_sibling_name_key').on(t.parentId, t.name),
  ],
)

/** ADMIN: platform administrator; BOSS: top-level company account; COMPANY: child company account; STAFF. */
export const userKinds = ['ADMIN', 'BOSS', 'COMPANY', 'STAFF'] as const
export type UserKind = (typeof userKinds)[number]

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    name: text('name').notNull(),
    roleType: text('role_type', { enum: ['COMPANY', 'STAFF'] }).notNull(),
    /** Authority codes of the authority tree (src/shared/domain/authorities.ts). */
    authorities: jsonb('authorities').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('roles_company_idx').on(t.companyId)],
)

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Null only for the platform administrator. */
    companyId: integer('company_id').references(() => companies.id),
    username: text('username').notNull(),
    kind: text('kind', { enum: userKinds }).notNull(),
    name: text('name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    secondaryPasswordHash: text('secondary_password_hash'),
    roleId: integer('role_id').references(() => roles.id),
    available: boolean('available').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_idx').on(t.username), index('users_company_idx').on(t.companyId)],
)

/** Sessions hold only the SHA-256 of the bearer token; the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
)

/**
 * The captchas already answered, by nonce, until they would have expired (single use). A captcha itself is its sealed
 * id (auth/captcha.ts): drawing one writes nothing. `answer` is no longer written (left empty).
 */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

export const registrationStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const

export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: registrationStatuses }).notNull().default('PENDING'),
    /** Where the application came from: public registration is limited per address (empty when unknown). */
    clientIp: text('client_ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('registrations_username_idx').on(t.username),
    index('registrations_client_ip_idx').on(t.clientIp, t.createdAt),
    // One pending application per username, even when two arrive at the same moment.
    uniqueIndex('registrations_pending_username_idx').on(t.username).where(sql`${t.status} = 'PENDING'`),
  ],
)

/** Device families; Mi devices share the Huawei agent protocol and quota. */
export const platforms = ['IOS', 'HUAWEI', 'MI'] as const
export type Platform = (typeof platforms)[number]
/** Quota is kept per account type: Apple devices, and Huawei-type (Huawei and Mi) devices. */
export const quotaTypes = ['IOS', 'HUAWEI'] as const
export type QuotaType = (typeof quotaTypes)[number]

/** A company's quota account of one type; Huawei service is "opened" by creating its account (POST /account/create). */
export const quotaAccounts = pgTable(
  'quota_accounts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    quotaType: text('quota_type', { enum: quotaTypes }).notNull(),
    remainingQuantity: integer('remaining_quantity').notNull().default(0),
    totalConsumedQuantity: integer('total_consumed_quantity').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('quota_accounts_company_type_idx').on(t.companyId, t.quotaType)],
)

export const quotaRecordKinds = ['GRANT', 'TRANSFER_IN', 'TRANSFER_OUT', 'CONSUME', 'REFUND'] as const

/** Every change of a quota account: consumption by a device, transfers between boss and child, grants. */
export const quotaRecords = pgTable(
  'quota_records',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    quotaType: text('quota_type', { enum: quotaTypes }).notNull(),
    kind: text('kind', { enum: quotaRecordKinds }).notNull(),
    /** Signed change of remainingQuantity. */
    quantity: integer('quantity').notNull(),
    remainingAfter: integer('remaining_after').notNull(),
    deviceId: integer('device_id'),
    serialNumber: text('serial_number'),
    counterpartCompanyId: integer('counterpart_company_id'),
    operatorUserId: integer('operator_user_id'),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quota_records_company_idx').on(t.companyId, t.quotaType, t.createdAt)],
)

/** Codes sent by SMS for changing a phone number; only a hash is stored. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_codes_user_idx').on(t.userId, t.createdAt)],
)

/**
 * Access keys of the open API. The secret must be kept to verify HMAC signatures; "delete" clears it (SPEC §4),
 * which disables the key.
 */
export const accessKeys = pgTable(
  'access_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    userId: integer('user_id').notNull().references(() => users.id),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    accessKey: text('access_key').notNull(),
    accessSecret: text('access_secret'),
    ipWhiteList: text('ip_white_list').notNull().default(''),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  // One key per company (SPEC §3): two creates at the same moment must not leave a second, undeletable key.
  (t) => [uniqueIndex('access_keys_key_idx').on(t.accessKey), uniqueIndex('access_keys_company_idx').on(t.companyId)],
)

/** Nonces seen by the open API, kept for the timestamp window so that a replayed request is refused. */
export const apiNonces = pgTable(
  'api_nonces',
  {
    accessKey: text('access_key').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_nonces_key_nonce_idx').on(t.accessKey, t.nonce)],
)

/** Enrollment tokens: a device presents its company's token once to enroll and receives its own credential. */
export const enrollmentTokens = pgTable(
  'enrollment_tokens',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    tokenHash: text('token_hash').notNull(),
    platform: text('platform', { enum: platforms }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('enrollment_tokens_hash_idx').on(t.tokenHash)],
)

/** The width of devices.contact_bucket: a device polling every 30 s moves an indexed column once in 20 polls. */
export const CONTACT_BUCKET = '10 minutes'

/**
 * A time compared with last contact: a Date, or a placeholder whose value is the time as ISO 8601 text (a statement built
 * once per shape, db/shaped.ts).
 */
export type ContactTime = Date | Placeholder

/** The contact bucket a time falls in, as devices.contact_bucket computes it. */
export const contactBucketOf = (at: ContactTime) =>
  sql`date_bin(${sql.raw(`'${CONTACT_BUCKET}'`)}, ${at instanceof Date ? at.toISOString() : at}::timestamptz, timestamptz '1970-01-01 00:00:00+00')`

/**
 * devices.last_communication_time compared with `at`, the same bound first on its contact bucket: the range
 * devices_contact_bucket_idx finds, which the exact time then rechecks. Never-contacted devices match no comparison.
 */
export function lastContact(op: '<' | '<=' | '>' | '>=', at: ContactTime): SQL {
  const onBucket = op.startsWith('<') ? '<=' : '>='
  return sql`(${devices.contactBucket} ${sql.raw(onBucket)} ${contactBucketOf(at)} and ${devices.lastCommunicationTime} ${sql.raw(op)} ${at})`
}

/**
 * Devices whose last contact is after `after` and before `before` (either may be left out), as disjoint parts: the
 * buckets wholly inside the range, decided by contact_bucket alone (index-only in devices_contact_bucket_idx), and the
 * bucket of each bound, decided by the exact time (about 1/144 of a day's devices each). Their OR is the range with a
 * selectivity the planner estimates right (the bucket's range and the exact time's are not multiplied together), and
 * their counts add up to its count without reading the table's rows for the whole buckets.
 */
export function contactParts(after?: { op: '>' | '>='; at: ContactTime }, before?: { op: '<' | '<='; at: ContactTime }): SQL[] {
  const [bucket, last] = [devices.contactBucket, devices.lastCommunicationTime]
  const [low, high] = [after && contactBucketOf(after.at), before && contactBucketOf(before.at)]
  const exact = [after && sql`${last} ${sql.raw(after.op)} ${after.at}`, before && sql`${last} ${sql.raw(before.op)} ${before.at}`]
  const whole = [low && sql`${bucket} > ${low}`, high && sql`${bucket} < ${high}`].filter((c) => c !== undefined)
  return [
    sql.join(whole.length ? whole : [sql`${bucket} is not null`], sql` and `),
    ...(low ? [sql.join([sql`${bucket} = ${low}`, ...exact.filter((c) => c !== undefined)], sql` and `)] : []),
    // The upper bound's bucket, unless it is the lower bound's too (then that part holds it already).
    ...(high ? [sql.join([sql`${bucket} = ${high}`, ...(low ? [sql`${high} <> ${low}`] : []), ...exact.filter((c) => c !== undefined)], sql` and `)] : []),
  ].map((part) => sql`(${part})`)
}

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    /** The staff member the device is assigned to (staff see only their devices). */
    staffId: integer('staff_id').references(() => users.id),
    platform: text('platform', { enum: platforms }).notNull(),
    serialNumber: text('serial_number').notNull(),
    imei: text('imei').notNull().default(''),
    model: text('model').notNull().default(''),
    name: text('name').notNull().default(''),
    osVersion: text('os_version').notNull().default(''),
    lastCommunicationTime: timestamp('last_communication_time', { withTimezone: true }),
    /**
     * Issue #16: last_communication_time to the CONTACT_BUCKET below, kept by PostgreSQL. Indexed instead of the exact
     * time (devices_contact_bucket_idx), so that a poll, which moves the exact time every 30 s, changes no indexed
     * column except once per bucket: the other polls are HOT updates (no index entries). Queries find their range on
     * the bucket (contactBucketOf) and recheck the exact time.
     */
    contactBucket: timestamp('contact_bucket', { withTimezone: true }).generatedAlwaysAs(
      sql.raw(`date_bin('${CONTACT_BUCKET}', last_communication_time, timestamptz '1970-01-01 00:00:00+00')`),
    ),
    recycleStatus: boolean('recycle_status').notNull().default(false),
    renterName: text('renter_name').notNull().default(''),
    renterPhone: text('renter_phone').notNull().default(''),
    renterIdCard: text('renter_id_card').notNull().default(''),
    rentRemark: text('rent_remark').notNull().default(''),
    /** The console's own note on the device (Apple: updateAppleDeviceInfo); rentRemark is the renter's. */
    remark: text('remark').notNull().default(''),
    /** What the device last reported of itself (locked, running app, lost mode, location, apps …). */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** SHA-256 of the device's own credential, issued at enrollment. */
    credentialHash: text('credential_hash'),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // docs/serials.md: a serial is claimed within its own company only, registered or enrolled: what a phone says of
    // itself proves nothing, so no tenant can block (or learn of) another's serials by registering or enrolling first.
    uniqueIndex('devices_company_serial_idx').on(t.companyId, t.platform, t.serialNumber),
    index('devices_company_idx').on(t.companyId, t.platform, t.recycleStatus),
    uniqueIndex('devices_credential_idx').on(t.credentialHash),
    // Issue #16: every device list reads newest first within a platform and bin. Walking this index in order finds
    // a page (read backwards: newest first) without sorting the tenant's devices (600 ms → < 1 ms at 1M); company_id at its end lets the scope be
    // checked in the index alone, so a deep page skips index entries (index-only scan), not table rows.
    index('devices_list_order_idx').on(t.platform, t.recycleStatus, t.createdAt, t.id, t.companyId),
    // Issue #16: "serial number contains" (ILIKE '%…%') is served by trigrams (pg_trgm on both engines) instead of
    // reading every device of the tenant.
    index('devices_serial_trgm_idx').using('gin', t.serialNumber.op('gin_trgm_ops')),
    // Issue #16: "renter name contains". Names are mostly two or three Chinese characters, too short for trigrams (and
    // pg_trgm skips CJK under the C locale), so the index holds each name's characters and character pairs
    // (mdm_grams, migration 0015) and a search asks for all the pairs of what was typed (mdm_search_grams); ILIKE then
    // confirms the order. 263 ms → see bench/results.md at 1M. Each gram is prefixed with the device's platform
    // (mdm_platform_grams, migration 0021): a search is always of one platform, so the index finds only that
    // platform's candidates, each of which is a table row to read (at 1M: 2,500 → 834 rows read, 19 → 7 ms).
    index('devices_renter_name_grams_idx').using('gin', sql`mdm_platform_grams(${t.platform}, ${t.renterName})`),
    // Issue #16: "renter phone contains": digits are trigram characters, so pg_trgm serves it as it does serials.
    index('devices_renter_phone_trgm_idx').using('gin', t.renterPhone.op('gin_trgm_ops')),
    // Issue #43: a scanned IMEI finds its phone (the lists' search: devices.imei exactly), and an added device's IMEI is
    // checked within its company. Led by the IMEI, not by platform or company as the list indexes are: those are walked
    // in order over a tenant's rows, this one is looked up by one value that names one phone; company_id after it keeps
    // the add's check and the scope in the index.
    index('devices_imei_idx').on(t.imei, t.companyId),
    // Not expressible here, created in migration 0015: the statistics object devices_list_stats (mcv, dependencies)
    // on (company_id, platform, recycle_status), so that the planner's estimate of a list's scope — which a total
    // beyond twice the exact-count limit answers with (db/paging.ts) — knows that a company's devices are not spread
    // evenly over platforms.
    // Issue #16, the dashboard (docs/dashboard.md): devices in use by last contact (to the bucket), most recent first.
    // The 离线 table's first page is read in this order from the 24-hour boundary on (398 ms of sorting at 1M before;
    // within a bucket the rows are sorted by the exact time), and the panel counts only the devices heard from within
    // 24 hours here (offline = in use − those); the device lists' connection-status filter finds its range here too.
    // Company, family and assignee are in the index so that the scope is checked in it. On contact_bucket, not on
    // last_communication_time: an index on the exact time made every poll a non-HOT update that inserted into every
    // index of `devices` (three GIN among them), 2.3–2.8 ms of PostgreSQL per poll instead of 1.0–1.2 (pgbench, 10k
    // devices, 4 clients).
    index('devices_contact_bucket_idx')
      .on(t.contactBucket.desc().nullsLast(), t.id.desc(), t.companyId, t.platform, t.staffId)
      .where(sql`${t.recycleStatus} = false`),
  ],
)

/** A device row: also what the agent protocol's guard puts on the request (an authenticated device). */
export type DeviceRow = typeof devices.$inferSelect

export const taskStatuses = ['QUEUED', 'SENT', 'DONE', 'ERROR', 'TIMEOUT'] as const
export type TaskStatus = (typeof taskStatuses)[number]

/**
 * The command queue (ARCHITECTURE: commands and tasks). A console command writes a task; the device claims it
 * (FOR UPDATE SKIP LOCKED), executes it and reports; only the report changes the device's state.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    taskId: text('task_id').notNull(),
    deviceId: integer('device_id').notNull().references(() => devices.id),
    companyId: integer('company_id').notNull().references(() => companies.id),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    status: text('status', { enum: taskStatuses }).notNull().default('QUEUED'),
    result: jsonb('result').$type<Record<string, unknown> | null>(),
    errorMessage: text('error_message'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Apple: the device last answered NotNow at this time; the task went back to QUEUED (still waiting, not failed). */
    deferredAt: timestamp('deferred_at', { withTimezone: true }),
    /**
     * Apple: when the command went out carrying the device's UnlockToken (ClearPasscode). Issue #41: it goes out once;
     * the same task delivered again (after NotNow, or a replayed NotNow and Idle) goes without it.
     */
    unlockTokenSentAt: timestamp('unlock_token_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tasks_task_id_idx').on(t.taskId),
    // Issue #16: the live queue only. Claiming, expiring and the pending counts read QUEUED and SENT tasks; finished
    // ones (the vast majority, forever growing) are not in this index, so claiming costs the same after 10M of them.
    index('tasks_live_idx').on(t.deviceId, t.status, t.createdAt).where(sql`${t.status} in ('QUEUED', 'SENT')`),
    // A device's task log, newest first, paged without sorting its whole history.
    index('tasks_device_log_idx').on(t.deviceId, t.createdAt, t.id),
    index('tasks_company_idx').on(t.companyId, t.createdAt),
    // The dashboard's abmOut (docs/dashboard.md): completed release commands only, a few rows among millions, so
    // "was this device released" and the released-per-day series read this small index, not each device's history.
    // Its types are RELEASE_TASK_TYPES of modules/workspace/service.ts.
    index('tasks_release_idx').on(t.deviceId, t.finishedAt).where(sql`${t.status} = 'DONE' and ${t.type} in ('disownDevice', 'removeProfile', 'exitControl')`),
  ],
)
