import { queryOptions } from '@tanstack/react-query'
import { call } from './http'
import { api } from './routes'

/**
 * The pinned announcements this user has not read (SPEC §7 listNotReadTop), asked once per page load by the shell:
 * only when there is one does the shell fetch the pop-up's code (features/announcement/UnreadAnnouncements), so a
 * screen's first load carries none of it. Keyed under the announcement screens' ['announcement'].
 */
export const unreadTopQuery = () =>
  queryOptions({
    queryKey: ['announcement', 'unreadTop'] as const,
    queryFn: () => call(api.announcement.listNotReadTop, {}, { silent: true }),
    staleTime: Infinity,
    retry: false,
  })
