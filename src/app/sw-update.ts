import { Workbox } from 'workbox-window'

/**
 * Registers the generated service worker (production builds only). The update prompt and the offline
 * behaviour are built on this by the PWA issue.
 */
export function registerServiceWorker(): Workbox | null {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null
  const wb = new Workbox('/sw.js')
  void wb.register()
  return wb
}
