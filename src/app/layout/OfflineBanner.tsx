import { useQueryClient } from '@tanstack/react-query'
import { formatDate } from '../../shared/domain/format'
import { offlineText } from '../../shared/messages/common'
import { useOnline } from '../components/use-online'

/** Offline: say that what is shown is cached, and since when (the newest data the screen holds). */
export function OfflineBanner() {
  const online = useOnline()
  const queryClient = useQueryClient()
  if (online) return null
  const newest = Math.max(0, ...queryClient.getQueryCache().getAll().map((q) => q.state.dataUpdatedAt))
  return (
    <div className="offline-banner" role="status">
      {newest ? offlineText.banner(formatDate(newest, 'MM-dd hh:mm')) : offlineText.bannerNoTime}
    </div>
  )
}
