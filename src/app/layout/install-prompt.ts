import { useSyncExternalStore } from 'react'

/** Chromium's install offer (not in TypeScript's DOM types): prompt() shows the browser's own dialog, once. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let offered: InstallPromptEvent | null = null
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())

// Kept from the page's start: the browser fires it once, possibly before any screen is drawn (issue #43 item 8).
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    offered = event as InstallPromptEvent
    changed()
  })
  window.addEventListener('appinstalled', () => {
    offered = null
    changed()
  })
}

/** The browser's install offer while it stands, else null. */
export function useInstallPrompt(): InstallPromptEvent | null {
  return useSyncExternalStore(
    (onChange) => (listeners.add(onChange), () => listeners.delete(onChange)),
    () => offered,
    () => null,
  )
}

/** Shows the browser's install dialog; the offer is spent whatever the answer. */
export async function install(): Promise<void> {
  const event = offered
  if (!event) return
  offered = null
  changed()
  await event.prompt()
  await event.userChoice.catch(() => undefined)
}

/** Where the console runs, as far as installing goes: from the user agent and the display mode. */
export function installContext(ua = navigator.userAgent): 'installed' | 'wechat' | 'ios-safari' | 'other' {
  if (window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone) return 'installed'
  if (/MicroMessenger/i.test(ua)) return 'wechat'
  // Safari on an iPhone or iPad (other iOS browsers name themselves: CriOS, FxiOS, EdgiOS …) installs through 分享.
  if (/iPhone|iPad|iPod/.test(ua) && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|MicroMessenger/.test(ua)) return 'ios-safari'
  return 'other'
}
