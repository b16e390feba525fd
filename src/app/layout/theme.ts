import { useCallback, useSyncExternalStore } from 'react'

/** SPEC §1: dark mode is on by default; the user's choice is remembered. */
export const THEME_KEY = 'mdm_theme'
export type ThemeMode = 'dark' | 'light'

const listeners = new Set<() => void>()

export function readTheme(): ThemeMode {
  try {
    return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark'
  } catch {
    return 'dark'
  }
}

/** antd-mobile reads its dark palette from this attribute on <html>. */
export function applyTheme(mode: ThemeMode) {
  document.documentElement.setAttribute('data-prefers-color-scheme', mode)
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', mode === 'dark' ? '#1a1a1a' : '#ffffff')
}

export function setTheme(mode: ThemeMode) {
  localStorage.setItem(THEME_KEY, mode)
  applyTheme(mode)
  for (const l of listeners) l()
}

export function useTheme(): [ThemeMode, () => void] {
  const mode = useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    readTheme,
    () => 'dark' as const,
  )
  const toggle = useCallback(() => setTheme(mode === 'dark' ? 'light' : 'dark'), [mode])
  return [mode, toggle]
}
