import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { companies, users } from './schema-base'

/**
 * The service agreement (合同, issue #15): one platform-wide text that the platform administrator sets. Every change
 * is a new version (rows are never updated), so an acceptance always names the exact text that was accepted.
 */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: serial('id').primaryKey(),
    content: text('content').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
)

/**
 * A top-level company's acceptance of one version, by its boss: the agreement is between the platform and the
 * top-level company (which owns the quota); its child companies read the same acceptance.
 */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    versionId: integer('version_id')
      .notNull()
      .references(() => agreementVersions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agreement_acceptances_company_version_idx').on(t.companyId, t.versionId), index('agreement_acceptances_company_idx').on(t.companyId, t.id)],
)
