import { z } from 'zod'
import { pagedResponse, pagingQuerySchema } from '../domain/paging'
import { announcementMessages } from '../messages/announcement'
import { access, endpoint, noData, noRequest } from './endpoint'
import { filterText, flexibleBoolean, idSchema } from './id'
import { ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_LIST_MAX, ANNOUNCEMENT_TITLE_MAX } from '../domain/announcement'

/** Limits: src/shared/domain/announcement.ts. */
const title = z.string().trim().min(1).max(ANNOUNCEMENT_TITLE_MAX)
const content = z.string().trim().min(1).max(ANNOUNCEMENT_CONTENT_MAX)

/** GET /announcement/search: newest first, optionally by a title substring. */
export const AnnouncementSearchQuery = pagingQuerySchema.extend({ title: filterText(ANNOUNCEMENT_TITLE_MAX) })
export type AnnouncementSearchQuery = z.input<typeof AnnouncementSearchQuery>

export const AnnouncementIdQuery = z.object({ id: idSchema })
export type AnnouncementIdQuery = z.input<typeof AnnouncementIdQuery>

/** GET /announcement/list: the latest `size` announcements (the dashboard's list). */
export const AnnouncementListQuery = z.object({
  size: z.preprocess((v) => (typeof v === 'string' && /^\d{1,3}$/.test(v.trim()) ? Number(v) : v === '' ? undefined : v), z.number().int().min(1).max(ANNOUNCEMENT_LIST_MAX).default(5)),
})
export type AnnouncementListQuery = z.input<typeof AnnouncementListQuery>

/** POST /announcement/add. */
export const AnnouncementAddRequest = z.object({ title, content, top: flexibleBoolean.default(false) })
export type AnnouncementAddRequest = z.input<typeof AnnouncementAddRequest>

/** PUT /announcement/update: the whole announcement again; the readers' read state stays. */
export const AnnouncementUpdateRequest = AnnouncementAddRequest.extend({ id: idSchema })
export type AnnouncementUpdateRequest = z.input<typeof AnnouncementUpdateRequest>

/** An announcement in a list: `summary` is the start of its content; `read` is the asking user's own read state. */
export const AnnouncementSummary = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  top: z.boolean(),
  read: z.boolean(),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AnnouncementSummary = z.infer<typeof AnnouncementSummary>

/** SPEC §3 Announcement: id and content, with the asking user's read state and when they read it. */
export const AnnouncementDetail = AnnouncementSummary.omit({ summary: true }).extend({ content: z.string(), readAt: z.string().nullable() })
export type AnnouncementDetail = z.infer<typeof AnnouncementDetail>

export const AnnouncementSearchResponse = pagedResponse(AnnouncementSummary)
export type AnnouncementSearchResponse = z.infer<typeof AnnouncementSearchResponse>

const signedIn = access.signedIn
const manage = access.authority('announcement:manage')

/**
 * SPEC §7 announcements. They are platform-wide (schema-announcement.ts): every signed-in user reads them — the
 * dashboard, which everyone opens, lists them, and the pinned ones pop up after sign-in — and only the platform
 * administrator (announcement:manage) writes them. Read state is per user.
 */
export const announcementEndpoints = {
  search: endpoint({ base: 'main', method: 'GET', path: '/announcement/search', access: signedIn, request: AnnouncementSearchQuery, response: AnnouncementSearchResponse }),
  detail: endpoint({ base: 'main', method: 'GET', path: '/announcement/detail', access: signedIn, request: AnnouncementIdQuery, response: AnnouncementDetail }),
  /** The latest announcements, newest first (the dashboard's list). */
  list: endpoint({ base: 'main', method: 'GET', path: '/announcement/list', access: signedIn, request: AnnouncementListQuery, response: z.array(AnnouncementSummary) }),
  /** Pinned announcements the user has not read yet, oldest first: what pops up after sign-in. */
  listNotReadTop: endpoint({ base: 'main', method: 'GET', path: '/announcement/listNotReadTop', access: signedIn, request: noRequest, response: z.array(AnnouncementDetail) }),
  add: endpoint({ base: 'main', method: 'POST', path: '/announcement/add', access: manage, request: AnnouncementAddRequest, response: AnnouncementDetail, success: announcementMessages.added }),
  update: endpoint({ base: 'main', method: 'PUT', path: '/announcement/update', access: manage, request: AnnouncementUpdateRequest, response: AnnouncementDetail, success: announcementMessages.updated }),
  remove: endpoint({ base: 'main', method: 'POST', path: '/announcement/delete', access: manage, request: AnnouncementIdQuery, response: noData, success: announcementMessages.deleted }),
  /** Marks the announcement read for the asking user (idempotent: the first reading time is kept). */
  read: endpoint({ base: 'main', method: 'POST', path: '/announcement/read', access: signedIn, request: AnnouncementIdQuery, response: noData }),
}
