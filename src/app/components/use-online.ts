import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/** Whether the browser is online, as TanStack Query sees it (the same signal that pauses and refetches queries). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => onlineManager.subscribe(cb),
    () => onlineManager.isOnline(),
    () => true,
  )
}

/**
 * Offline, when a list's data was loaded (its dataUpdatedAt), so its cards say so instead of showing a status as if
 * live (issue #11); undefined online or before any data.
 */
export function useCachedAt(list: { data?: unknown; dataUpdatedAt: number }): number | undefined {
  const online = useOnline()
  return online || list.data === undefined ? undefined : list.dataUpdatedAt
}
