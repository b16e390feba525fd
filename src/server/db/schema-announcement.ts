import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './schema-base'

/**
 * Announcements (issue #15) are platform-wide: the platform administrator writes them and every signed-in user of
 * every company reads the same ones, so they carry no company_id and need no tenant scope. `top` (置顶) marks an
 * announcement that pops up after sign-in until the user has seen it (GET /announcement/listNotReadTop).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Plain text: the console shows it as text, never as HTML. */
    content: text('content').notNull(),
    top: boolean('top').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_created_idx').on(t.createdAt, t.id)],
)

/**
 * Who has read which announcement, one row per user and announcement (read state is per user; a user is only ever
 * told about their own rows). Deleting an announcement deletes its reads.
 */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] }), index('announcement_reads_announcement_idx').on(t.announcementId)],
)
