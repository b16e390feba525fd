import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

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
  (t) => [index('companies_parent_idx').on(t.parentId)],
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

/** Captchas live in the database so that any server process can check them (stateless servers). */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('registrations_username_idx').on(t.username)],
)
