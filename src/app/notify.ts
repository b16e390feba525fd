import { useSyncExternalStore } from 'react'

/**
 * SPEC §8 notifications: titled 提示, shown 3 seconds, one at a time (a new one replaces the current one).
 * A tiny store rather than antd-mobile's imperative Toast, which cannot carry a title.
 */
export type NoticeKind = 'success' | 'warning' | 'error' | 'info'

export interface Notice {
  id: number
  kind: NoticeKind
  message: string
  durationMs: number
}

export const NOTICE_DURATION_MS = 3000
/** SPEC §9: the registration success message stays 20 seconds. */
export const LONG_NOTICE_DURATION_MS = 20_000

let current: Notice | null = null
let timer: ReturnType<typeof setTimeout> | undefined
let nextId = 1
const listeners = new Set<() => void>()

function emit() {
  for (const l of listeners) l()
}

/** Shows a notice; answers its id, for dismiss(id) to take this one away and no other. */
function show(kind: NoticeKind, message: string, durationMs = NOTICE_DURATION_MS): number {
  clearTimeout(timer)
  current = { id: nextId++, kind, message, durationMs }
  const id = current.id
  timer = setTimeout(() => dismiss(id), durationMs)
  emit()
  return id
}

export function dismiss(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return
  current = null
  emit()
}

export const notify = {
  success: (message: string, durationMs?: number) => show('success', message, durationMs),
  warning: (message: string, durationMs?: number) => show('warning', message, durationMs),
  error: (message: string, durationMs?: number) => show('error', message, durationMs),
  info: (message: string, durationMs?: number) => show('info', message, durationMs),
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useNotice(): Notice | null {
  return useSyncExternalStore(subscribe, () => current, () => null)
}
