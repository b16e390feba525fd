import { onlineManager } from '@tanstack/react-query'

/** While requests fail for want of a network, how often one small request checks whether it is back. */
export const RECONNECT_CHECK_MS = 5_000

let check: () => Promise<unknown> = async () => undefined
let timer: ReturnType<typeof setTimeout> | undefined

/** The request that checks whether the server can be reached again (main.tsx installs a small public read). */
export function setReconnectCheck(fn: () => Promise<unknown>): void {
  check = fn
}

/** A request was answered: the app is online, and the checks stop. */
export function serverReached(): void {
  clearTimeout(timer)
  timer = undefined
  if (!onlineManager.isOnline()) onlineManager.setOnline(true)
}

/**
 * A request failed for want of a network: the app is offline (queries pause, the banner and the cards' cached tags
 * show), whatever navigator.onLine says — it says online on a Wi-Fi without internet, behind a captive portal, and
 * in a page reloaded while Chromium emulates no network. Until a request is answered again, one check runs every
 * RECONNECT_CHECK_MS (an `online` event, where the browser sends one, brings the queries back at once).
 */
export function networkFailed(): void {
  if (onlineManager.isOnline()) onlineManager.setOnline(false)
  if (timer !== undefined) return
  timer = setTimeout(() => {
    timer = undefined
    void check().catch(() => undefined)
  }, RECONNECT_CHECK_MS)
}
