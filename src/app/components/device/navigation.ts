import { useLocation, useNavigate, useRouter } from '@tanstack/react-router'
import type { RoutePath } from '../../../shared/messages/routes'
import type { DeviceFamily } from './family'

declare module '@tanstack/history' {
  interface HistoryState {
    /** The device list a detail was opened from: its entry is the one before the detail's in the history. */
    deviceListPath?: RoutePath
  }
}

/**
 * Between an area's lists and a device's detail. Opening a detail pushes a history entry (so the phone's back
 * button returns to the list), and 返回列表 goes back to that same entry, filters and page included, instead of
 * pushing the list again. A recycled device's list is the recycle bin, whichever list it was opened from.
 */
export function useDeviceNavigation(area: Pick<DeviceFamily, 'listPath' | 'recyclePath'>) {
  const navigate = useNavigate()
  const router = useRouter()
  const openedFrom = useLocation({ select: (l) => l.state.deviceListPath })

  /**
   * `to` is the detail's route and `search` its page parameters (the Mi area shows the detail on its list route,
   * the list's filters kept beside mi-device-id).
   */
  const openDetail = (from: RoutePath, to: RoutePath, search: Record<string, unknown>) =>
    void navigate({ to, search, state: (prev) => ({ ...prev, deviceListPath: from }) })

  /** `recycled` is undefined while the device is unknown (not loaded, or none chosen). */
  const backToList = (recycled: boolean | undefined, listSearch: Record<string, unknown> = {}) => {
    const target = recycled === undefined ? (openedFrom ?? area.listPath) : recycled ? area.recyclePath : area.listPath
    if (openedFrom === target) router.history.back()
    else void navigate({ to: target, search: target === area.listPath ? listSearch : {}, replace: true })
  }

  return { openDetail, backToList }
}
