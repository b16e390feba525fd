import { queryOptions, useMutation } from '@tanstack/react-query'
import type { AnnouncementAddRequest, AnnouncementSearchQuery, AnnouncementUpdateRequest } from '../../../shared/contract/announcement'
import { ANNOUNCEMENT_TITLE_MAX } from '../../../shared/domain/announcement'
import { call } from '../../api/http'
import { pagedQuery, useInvalidate } from '../../api/queries'
import { api } from '../../api/routes'
import { pagingSearch, param } from '../../components/search-params'

/** The longest title filter AnnouncementSearchQuery accepts. */
export const announcementSearchMax = { title: ANNOUNCEMENT_TITLE_MAX } as const

/** /announcement's URL: page, size, the title filter, and `view`, the announcement open in the viewer (a link can open one). */
export const announcementSearch = {
  ...pagingSearch,
  title: param.textOfAtMost(announcementSearchMax.title),
  view: param.id,
}

export const announcementKeys = {
  all: ['announcement'] as const,
  list: (q: AnnouncementSearchQuery) => [...announcementKeys.all, 'list', q] as const,
  detail: (id: number) => [...announcementKeys.all, 'detail', id] as const,
}

// Announcements are public notices without secrets: the list and the texts read offline like the device lists.
export const announcementListQuery = (q: AnnouncementSearchQuery) => pagedQuery(announcementKeys.list(q), api.announcement.search, q, { persist: true })

export const announcementDetailQuery = (id: number) =>
  queryOptions({ queryKey: announcementKeys.detail(id), queryFn: () => call(api.announcement.detail, { id }), meta: { persist: true } })

export { unreadTopQuery } from '../../api/unread-announcements'

/** Marks an announcement read; the lists show it read afterwards. */
export function useMarkRead() {
  const invalidate = useInvalidate([...announcementKeys.all, 'list'])
  return useMutation({ mutationFn: (id: number) => call(api.announcement.read, { id }, { silent: true }), onSuccess: invalidate })
}

export function useAnnouncementMutations() {
  const invalidate = useInvalidate(announcementKeys.all)
  return {
    add: useMutation({ mutationFn: (req: AnnouncementAddRequest) => call(api.announcement.add, req), onSuccess: invalidate }),
    update: useMutation({ mutationFn: (req: AnnouncementUpdateRequest) => call(api.announcement.update, req), onSuccess: invalidate }),
    remove: useMutation({ mutationFn: (id: number) => call(api.announcement.remove, { id }), onSuccess: invalidate }),
  }
}
