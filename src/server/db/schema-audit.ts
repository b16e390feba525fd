import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './schema-base'

/**
 * Fixed-window counters of the rate limiter (src/server/auth/rate-limit.ts), e.g. failed sign-ins per account and
 * per client address. In the database, so every server process counts the same attempts.
 */
export const rateLimits = pgTable('rate_limits', {
  /** The rule and its subject, e.g. `login:account:demo` or `login:address:203.0.113.9`. */
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
  /** The last attempt taken: a rule with growing delays allows the next one only so long after it. */
  lastHitAt: timestamp('last_hit_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The addresses an account has signed in from (issue #41): an address the owner used is spared the account-wide delays
 * that guesses from other addresses bring on, so that nobody can lock the owner out by guessing its password.
 */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
)
export const auditOutcomes = ['SUCCESS', 'REFUSED'] as const
export type AuditOutcome = (typeof auditOutcomes)[number]

/**
 * The audit trail (issue #10): who did what, when, from where, with what outcome. Append-only: no endpoint changes
 * or deletes a row, and a trigger (migration 0007) refuses UPDATE and DELETE in the database itself. No foreign keys:
 * an entry outlives the account, company or device it names (hence the username snapshot). Never holds a secret.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    /** The username as it was (for a failed sign-in, the username tried). */
    actorUsername: text('actor_username').notNull().default(''),
    /** ADMIN, BOSS, COMPANY, STAFF; ANONYMOUS for a sign-in with an unknown username; DEVICE for a phone's enrollment. */
    actorKind: text('actor_kind').notNull(),
    /** The actor's company (null for the administrator and the anonymous). */
    companyId: integer('company_id'),
    /** The company of what was acted on, when it is not the actor's (the administrator's, or a boss's on a child). */
    targetCompanyId: integer('target_company_id'),
    clientIp: text('client_ip').notNull().default(''),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    summary: text('summary').notNull().default(''),
    outcome: text('outcome', { enum: auditOutcomes }).notNull(),
    reason: text('reason').notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_company_idx').on(t.companyId, t.id),
    index('audit_log_target_company_idx').on(t.targetCompanyId, t.id),
  ],
)
