/**
 * What a device list saves for the next start (boot-snapshot.ts): the page as markup, with its first cards and the
 * stylesheets it needs. Loaded with the lists, not with the app's entry.
 */
import { getSessionUser } from '../../api/token'
import { SNAPSHOT_KEY, SNAPSHOT_OVERLAY_ID } from '../../boot-snapshot'

/** Cards kept at most: more than a tablet's screen holds, as many as a list shows at first (useProgressiveCount). */
export const SNAPSHOT_CARDS = 12
/** A list's markup beyond this is not saved (localStorage is shared with the query cache). */
const SNAPSHOT_MAX_CHARS = 200_000
/** A list is saved this long after it last changed (status updates, paging). */
const SAVE_INTERVAL_MS = 2000
/** Where index.html's snapshot script finds an element's inline style: the CSP refuses style attributes in parsed markup. */
export const STYLE_ATTRIBUTE = 'data-snapshot-style'

export interface BootSnapshot {
  version: string
  user: string
  /** pathname + search of the list, exactly. */
  url: string
  savedAt: number
  /** The href of every stylesheet the page had. */
  styles: string[]
  background: string
  html: string
}

/**
 * The snapshot of the page in `root`: the cards that start within the first screen (at least one, at most
 * SNAPSHOT_CARDS; the rest would be copied, stored and laid out without ever being seen), inline styles moved aside.
 */
export function snapshotOf(root: Element, doc: Document, user: string, now = Date.now()): BootSnapshot | null {
  const view = doc.defaultView
  const screenBottom = view ? view.innerHeight - view.scrollY : Infinity
  const cards = [...root.querySelectorAll('.device-card')]
  // Cards come top to bottom: the first that starts below the screen ends the picture. (jsdom lays nothing out: every
  // top is 0, and the count alone limits.)
  let kept = 1
  while (kept < Math.min(cards.length, SNAPSHOT_CARDS) && cards[kept].getBoundingClientRect().top < screenBottom) kept++
  // Copied without the cards left out (not copied whole and then cut: a page of 100 cards took a long task to copy).
  const clone = copyWithout(root, new Set(cards.slice(kept)))
  clone.querySelectorAll('[style]').forEach((el) => {
    el.setAttribute(STYLE_ATTRIBUTE, el.getAttribute('style') ?? '')
    el.removeAttribute('style')
  })
  const html = clone.innerHTML
  if (html.length > SNAPSHOT_MAX_CHARS) return null
  return {
    version: __APP_VERSION__,
    user,
    url: (view?.location.pathname ?? '') + (view?.location.search ?? ''),
    savedAt: now,
    styles: [...doc.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href') ?? '').filter(Boolean),
    background: view ? view.getComputedStyle(doc.body).backgroundColor : '',
    html,
  }
}

/** A deep copy of `node` without the elements in `left`. */
function copyWithout(node: Element, left: ReadonlySet<Element>): Element {
  const copy = node.cloneNode(false) as Element
  for (const child of node.childNodes) {
    if (child.nodeType !== 1) copy.appendChild(child.cloneNode(true))
    else if (!left.has(child as Element)) copy.appendChild(copyWithout(child as Element, left))
  }
  return copy
}

/** Saves the list on screen now (nothing when signed out, while the painted one is still up, or with no card). */
function saveListSnapshot(): void {
  const user = getSessionUser()
  const root = document.getElementById('root')
  if (!user || !root || document.getElementById(SNAPSHOT_OVERLAY_ID) || !root.querySelector('.device-card')) return
  const snapshot = snapshotOf(root, document, user)
  try {
    if (snapshot) localStorage.setItem(SNAPSHOT_KEY, JSON.stringify(snapshot))
  } catch {
    // Storage full: the query cache matters more; the next open shows the splash.
  }
}

/** How long the page must have been still before the list is saved: a save is a long task on a slow phone. */
const STILL_MS = 500
let lastScrollAt = -Infinity
let followingScrolls = false

/** When the page last scrolled (any scroller: the capture phase sees them all); listened for once. */
function followScrolling(): void {
  if (followingScrolls) return
  followingScrolls = true
  window.addEventListener('scroll', () => (lastScrollAt = performance.now()), { capture: true, passive: true })
}

/** Forgets the last scroll (a test's clock starts again at zero). */
export function forgetScrolling(): void {
  lastScrollAt = -Infinity
}

/**
 * Saves the list SAVE_INTERVAL_MS after it last changed, when the browser is idle and the page has been still for
 * STILL_MS (copying the cards during a scroll would cost the scroll a frame). A device list calls this after each
 * render that shows its cards and calls the returned cancel when it changes again or goes (so a list left for another
 * screen within the interval is never saved as that screen).
 */
export function scheduleListSnapshot(): () => void {
  if (import.meta.env.DEV) return () => undefined
  followScrolling()
  let cancel: () => void = () => undefined
  const later = (ms: number) => {
    const timer = setTimeout(whenIdle, ms)
    cancel = () => clearTimeout(timer)
  }
  const save = () => {
    const stillFor = performance.now() - lastScrollAt
    if (stillFor < STILL_MS) later(STILL_MS - stillFor)
    else saveListSnapshot()
  }
  const whenIdle = () => {
    if (window.requestIdleCallback) {
      const handle = window.requestIdleCallback(save)
      cancel = () => window.cancelIdleCallback(handle)
    } else {
      // Safari has no idle callbacks.
      const handle = setTimeout(save)
      cancel = () => clearTimeout(handle)
    }
  }
  later(SAVE_INTERVAL_MS)
  return () => cancel()
}
