import { useSyncExternalStore } from 'react'
import type { Workbox } from 'workbox-window'

/**
 * Service-worker registration and the update flow (issue #4): a new version waits until the user chooses
 * 刷新 in a non-blocking prompt, so nothing reloads under someone who is typing.
 */
let wb: Workbox | null = null
let started = false
let updateWaiting = false
const listeners = new Set<() => void>()

function setWaiting(value: boolean) {
  updateWaiting = value
  for (const l of listeners) l()
}

/** Registers after the first paint; workbox-window is loaded then, so it costs the first screen nothing. */
export async function registerServiceWorker(): Promise<void> {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return
  started = true
  try {
    const { Workbox } = await import('workbox-window')
    wb = new Workbox('/sw.js')
    wb.addEventListener('waiting', () => setWaiting(true))
    const reg = await wb.register()
    // Look for a new version when the app comes back to the foreground, as well as on each navigation.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void reg?.update().catch(() => undefined)
    })
  } catch (error) {
    // No service worker (blocked by the browser or a policy, or its script unreachable) costs the offline shell,
    // not the console: it keeps working online.
    console.warn('service worker not registered', error)
  }
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => updateWaiting,
    () => false,
  )
}

/** Activates the waiting version, then reloads once it controls the page — only on the user's request. */
export function applyUpdate(): void {
  if (!wb) return
  wb.addEventListener('controlling', () => window.location.reload())
  wb.messageSkipWaiting()
}

export function dismissUpdate(): void {
  setWaiting(false)
}
