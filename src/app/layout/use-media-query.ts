import { useSyncExternalStore } from 'react'

/**
 * Where the console is laid out for a tablet: the side menu instead of the drawer (Shell), as styles.css's
 * (min-width: 768px) rules. index.html's early-requests script asks for the menu at start under the same query.
 */
export const TABLET_MEDIA_QUERY = '(min-width: 768px)'

/** Whether a CSS media query matches, following changes (rotation, split screen). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** From a tablet's width (820 px, an iPad Air held upright) up, device lists are a table (issue #43 item 7). */
export const DEVICE_TABLE_MEDIA_QUERY = '(min-width: 820px)'
