import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import { ANNOUNCEMENT_POPUP_MAX, ANNOUNCEMENT_SUMMARY_LENGTH } from '../../../shared/domain/announcement'
import {
  type AnnouncementDetail,
  type AnnouncementSearchResponse,
  type AnnouncementSummary,
} from '../../../shared/contract/announcement'
import { announcementMessages as m } from '../../../shared/messages/announcement'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { likePattern } from '../../db/like'
import { paged } from '../../db/paging'
import { announcementReads, announcements, users } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { iso } from '../../http/iso'
import { recordAudit } from '../audit/service'

interface AnnouncementInput {
  title: string
  content: string
  top: boolean
}

/**
 * Announcements (SPEC §7, issue #15): platform-wide, written by the platform administrator, read by every signed-in
 * user. Read state is kept per user in announcement_reads, and every query joins only the asking user's own rows,
 * so no answer can tell one user anything about another's reading.
 */
export class AnnouncementService {
  constructor(private readonly db: Db) {}

  /** The announcement's columns with the asking user's read time (null: unread). */
  private select(user: CurrentUser) {
    return this.db
      .select({
        id: announcements.id,
        title: announcements.title,
        content: announcements.content,
        top: announcements.top,
        createdAt: announcements.createdAt,
        updatedAt: announcements.updatedAt,
        authorName: users.name,
        authorUsername: users.username,
        // Issue #43: an author has read what they wrote, however it was added (the demo's seed writes no read row).
        readAt: sql<Date | null>`coalesce(${announcementReads.readAt}, case when ${announcements.createdBy} = ${user.id} then ${announcements.createdAt} end)`.mapWith(announcementReads.readAt),
      })
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.createdBy))
      .leftJoin(announcementReads, and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, user.id)))
  }

  async search(user: CurrentUser, q: { current: number; pageSize: number; title?: string }): Promise<AnnouncementSearchResponse> {
    const where: SQL | undefined = q.title ? ilike(announcements.title, likePattern(q.title)) : undefined
    return paged(this.db, announcements, where, q, async ({ limit, offset }) => {
      const rows = await this.select(user).where(where).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(limit).offset(offset)
      return rows.map(toSummary)
    })
  }

  /** The latest announcements, newest first. */
  async list(user: CurrentUser, size: number): Promise<AnnouncementSummary[]> {
    const rows = await this.select(user).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(size)
    return rows.map(toSummary)
  }

  async detail(user: CurrentUser, id: number): Promise<AnnouncementDetail> {
    const [row] = await this.select(user).where(eq(announcements.id, id))
    if (!row) throw ApiError.notFound(m.notFound)
    return toDetail(row)
  }

  /** Pinned announcements the user has not read, oldest first, so they pop up in the order they were published. */
  async listNotReadTop(user: CurrentUser): Promise<AnnouncementDetail[]> {
    const rows = await this.select(user)
      .where(and(eq(announcements.top, true), isNull(announcementReads.userId), or(isNull(announcements.createdBy), ne(announcements.createdBy, user.id))))
      .orderBy(asc(announcements.createdAt), asc(announcements.id))
      .limit(ANNOUNCEMENT_POPUP_MAX)
    return rows.map(toDetail)
  }

  /** Marks it read for this user; reading it again keeps the first time. */
  async read(user: CurrentUser, id: number): Promise<void> {
    const [exists] = await this.db.select({ id: announcements.id }).from(announcements).where(eq(announcements.id, id))
    if (!exists) throw ApiError.notFound(m.notFound)
    await this.db.insert(announcementReads).values({ announcementId: id, userId: user.id }).onConflictDoNothing()
  }

  async add(user: CurrentUser, req: AnnouncementInput): Promise<AnnouncementDetail> {
    const [row] = await this.db
      .insert(announcements)
      .values({ title: req.title, content: req.content, top: req.top, createdBy: user.id })
      .returning({ id: announcements.id })
    // The author has read what they wrote: their own pinned announcement does not pop up for them.
    await this.db.insert(announcementReads).values({ announcementId: row.id, userId: user.id })
    await recordAudit(this.db, { action: 'announcement.add', targetKind: 'ANNOUNCEMENT', targetId: row.id, summary: req.title })
    return this.detail(user, row.id)
  }

  /**
   * Replaces title, content and pinning. Who has read it stays read: an edit is a correction, and a pinned
   * announcement popping up again for everyone after a typo fix would be noise.
   */
  async update(user: CurrentUser, req: AnnouncementInput & { id: number }): Promise<AnnouncementDetail> {
    const [row] = await this.db
      .update(announcements)
      .set({ title: req.title, content: req.content, top: req.top, updatedAt: sql`now()` })
      .where(eq(announcements.id, req.id))
      .returning({ id: announcements.id })
    if (!row) throw ApiError.notFound(m.notFound)
    await recordAudit(this.db, { action: 'announcement.update', targetKind: 'ANNOUNCEMENT', targetId: row.id, summary: req.title })
    return this.detail(user, row.id)
  }

  async remove(id: number): Promise<void> {
    const [row] = await this.db.delete(announcements).where(eq(announcements.id, id)).returning({ title: announcements.title })
    if (!row) throw ApiError.notFound(m.notFound)
    await recordAudit(this.db, { action: 'announcement.delete', targetKind: 'ANNOUNCEMENT', targetId: id, summary: row.title })
  }
}

type Row = {
  id: number
  title: string
  content: string
  top: boolean
  createdAt: Date
  updatedAt: Date
  authorName: string | null
  authorUsername: string | null
  readAt: Date | null
}

function authorOf(row: Row): string {
  return row.authorName || row.authorUsername || ''
}

/** The start of the content on one line, cut at a whole character (never half a surrogate pair). */
export function summaryOf(content: string): string {
  const oneLine = content.replace(/\s+/g, ' ').trim()
  const chars = Array.from(oneLine)
  return chars.length > ANNOUNCEMENT_SUMMARY_LENGTH ? `${chars.slice(0, ANNOUNCEMENT_SUMMARY_LENGTH).join('')}…` : oneLine
}

/** What the list and the detail both show of an announcement. */
function commonFields(row: Row) {
  return {
    id: row.id,
    title: row.title,
    top: row.top,
    read: row.readAt !== null,
    authorName: authorOf(row),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }
}

function toSummary(row: Row): AnnouncementSummary {
  return { ...commonFields(row), summary: summaryOf(row.content) }
}

function toDetail(row: Row): AnnouncementDetail {
  return { ...commonFields(row), content: row.content, readAt: iso(row.readAt) }
}
