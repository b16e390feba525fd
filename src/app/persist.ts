import type { Query, QueryClient } from '@tanstack/react-query'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { persistQueryClientRestore, persistQueryClientSave, removeOldestQuery } from '@tanstack/react-query-persist-client'
import { getSessionUser, onSessionChange } from './api/token'
import { forgetBootSnapshot } from './boot-snapshot'

export const CACHE_KEY = 'mdm_cache'
/** Cached data older than this is not restored. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 3600_000

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * Persist this query to localStorage for offline reading. Only safe, useful data: device lists and details,
       * dashboard, announcements, the menu. Never secrets (access-key secrets, passcodes, activation-lock or
       * reset passwords) and never the captcha.
       */
      persist?: boolean
    }
  }
}

/**
 * Fields never written to localStorage, whatever query holds them: defence in depth behind meta.persist. A cached
 * list read offline shows them masked; the next online fetch brings the real values back.
 */
export const REDACTED_FIELDS: ReadonlySet<string> = new Set([
  'renterIdCard',
  'accessSecret',
  'password',
  'newPassword',
  'passcode',
  'lockPasscode',
  'activationLockPassword',
  'secondaryPassword',
])
export const REDACTED = '******'

/** A deep copy of `data` with every REDACTED_FIELDS value replaced. */
export function redact(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(redact)
  if (data && typeof data === 'object') {
    return Object.fromEntries(
      Object.entries(data).map(([k, v]) => [k, REDACTED_FIELDS.has(k) && v !== null && v !== '' ? REDACTED : redact(v)]),
    )
  }
  return data
}

/**
 * redact, once per data object: a write dehydrates every persisted query, and most of them have not changed since
 * the previous write (1,000 cached devices took ~70 ms to copy again on each one).
 */
const redactedData = new WeakMap<object, unknown>()
function redactOnce(data: unknown): unknown {
  if (!data || typeof data !== 'object') return redact(data)
  if (!redactedData.has(data)) redactedData.set(data, redact(data))
  return redactedData.get(data)
}

/** Writes at most this often. */
const WRITE_INTERVAL_MS = 1000

/** The buster ties the cache to the app version and the signed-in user: either changing discards it. */
export function cacheBuster(username: string): string {
  return `${__APP_VERSION__}:${username}`
}

/**
 * Persists the allow-listed queries (meta.persist) for the signed-in user; re-keys on sign-in, removes the
 * cache on sign-out. Returns a promise that settles once the cache is restored, so the first render shows it.
 */
export function startPersistence(queryClient: QueryClient, storage: Storage = window.localStorage): Promise<void> {
  // A write that lands after sign-out (the persister throttles) must not bring the cache back.
  const guarded: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
    getItem: (k) => storage.getItem(k),
    removeItem: (k) => storage.removeItem(k),
    setItem: (k, v) => {
      if (getSessionUser()) storage.setItem(k, v)
    },
  }
  const persister = createSyncStoragePersister({
    storage: guarded,
    key: CACHE_KEY,
    // The throttling is done below, before dehydrating: the persister writes what it is given at once.
    throttleTime: 0,
    // When localStorage is full, drop the oldest query and try again; the app keeps working either way.
    retry: removeOldestQuery,
  })
  let unsubscribe: () => void = () => undefined

  const follow = (username: string | null): Promise<void> => {
    unsubscribe()
    unsubscribe = () => undefined
    if (!username) {
      void persister.removeClient()
      return Promise.resolve()
    }
    const options = {
      queryClient,
      persister,
      buster: cacheBuster(username),
      maxAge: CACHE_MAX_AGE_MS,
      dehydrateOptions: {
        shouldDehydrateQuery: (q: Query) => q.meta?.persist === true && q.state.status === 'success',
        serializeData: redactOnce,
      },
    }
    // Issue #16: persistQueryClient dehydrates the whole cache on every one of its events (each fetch makes several),
    // 70 ms each with 1,000 cached devices at 1× CPU; here it is dehydrated once per write, at most once a second.
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const save = () => {
      timer = undefined
      if (!stopped) void persistQueryClientSave(options)
    }
    const onEvent = (event: { type: string }) => {
      if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') timer ??= setTimeout(save, WRITE_INTERVAL_MS)
    }
    let unsubscribeCaches: () => void = () => undefined
    unsubscribe = () => {
      stopped = true
      clearTimeout(timer)
      unsubscribeCaches()
    }
    return persistQueryClientRestore(options)
      .catch(() => undefined)
      .then(() => {
        if (stopped) return
        const fromQueries = queryClient.getQueryCache().subscribe(onEvent)
        const fromMutations = queryClient.getMutationCache().subscribe(onEvent)
        unsubscribeCaches = () => (fromQueries(), fromMutations())
      })
  }

  onSessionChange((username) => {
    // The painted list goes with the cache it was drawn from (boot-snapshot.ts).
    forgetBootSnapshot(storage)
    if (username) void persister.removeClient()
    void follow(username)
  })
  return follow(getSessionUser())
}
