/**
 * The signed-in session as the browser keeps it. SPEC §6: the token lives in localStorage under mdm_token;
 * mdm_user names the signed-in user so that the persisted cache is keyed by user (issue #4).
 */
export const TOKEN_KEY = 'mdm_token'
export const USER_KEY = 'mdm_user'

type Listener = (username: string | null) => void
const listeners = new Set<Listener>()

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function getToken(): string | null {
  return read(TOKEN_KEY)
}

/** The signed-in username, or null when signed out (a token without a name counts as signed out for the cache). */
export function getSessionUser(): string | null {
  return getToken() ? read(USER_KEY) : null
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function signIn(token: string, username: string): void {
  // Listeners run first: the previous user's cache is dropped before the new token is written, so a full
  // localStorage (the cache is its largest tenant) cannot refuse the token.
  for (const l of listeners) l(username)
  localStorage.setItem(TOKEN_KEY, token)
  localStorage.setItem(USER_KEY, username)
}

export function signOut(): void {
  try {
    localStorage.removeItem(TOKEN_KEY)
    localStorage.removeItem(USER_KEY)
  } finally {
    for (const l of listeners) l(null)
  }
}
