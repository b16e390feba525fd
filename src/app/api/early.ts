/**
 * The requests index.html starts while the page is still being parsed, before the app's scripts have arrived (its
 * early-requests script): the signed-in user's info (and on a tablet, where the menu is on screen from the start, the
 * menu), and a device list's first page or a device's detail.
 * On a phone's network that is one round trip less before the first screen has its data (issue #16).
 *
 * The app takes one of them in place of the request it is about to make, only when it is exactly that request (method,
 * address with its query, body) with the same token, within the start's first seconds, and only once: anything else
 * (another page size, a token changed since, a screen opened a minute later, anything after a change of the user's)
 * makes its own request. early.test.ts holds the page's addresses to the app's own.
 */
export interface EarlyRequests {
  token: string
  /** Date.now() when the page started them. */
  at: number
  /** By earlyKey. */
  requests: Record<string, Promise<Response>>
}

declare global {
  interface Window {
    __mdmEarly?: EarlyRequests
  }
}

/** After this, an answer started with the page is left alone (the app's own request is fresher); the page lets go of it. */
export const EARLY_TAKE_MS = 10_000

export function earlyKey(method: string, url: string, body: string | undefined): string {
  return `${method} ${url}${body === undefined ? '' : ` ${body}`}`
}

/** What the page started (index.html), if it started anything: there is no window in the server's tests. */
function pageRequests(): EarlyRequests | undefined {
  return typeof window === 'undefined' ? undefined : window.__mdmEarly
}

/** Lets go of an answer: its body is cancelled, not left unread (a request the browser would count as still open). */
function release(answer: Promise<Response>) {
  void answer.then((response) => response.body?.cancel()).catch(() => undefined)
}

/** The page's answer for this request, if it started exactly this one with this token; each is taken once. */
export function takeEarly(method: string, url: string, body: string | undefined, token: string | null): Promise<Response> | undefined {
  const early = pageRequests()
  if (!early || !token || early.token !== token) return undefined
  const key = earlyKey(method, url, body)
  const answer = early.requests[key]
  if (!answer) return undefined
  delete early.requests[key]
  if (Date.now() - early.at <= EARLY_TAKE_MS) return answer
  release(answer)
  return undefined
}

/**
 * Lets go of every answer not taken yet. The app calls it before a change of its own is sent: after a change, an
 * answer from before it is out of date (a screen whose restored data was still fresh had not taken it, and would take
 * it when it refreshes after the change).
 */
export function dropEarly(): void {
  const early = pageRequests()
  if (!early) return
  for (const key of Object.keys(early.requests)) {
    release(early.requests[key])
    delete early.requests[key]
  }
}
