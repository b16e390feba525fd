import { QueryClient } from '@tanstack/react-query'
import { RequestError } from './api/http'
import { CACHE_MAX_AGE_MS } from './persist'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // What is persisted for offline use is what the cache holds: a query dropped from memory (by default 5 minutes
        // after its screen was left) vanished from the saved copy at its next write, so a list not opened for 5 minutes
        // was gone when the phone went offline. Kept as long as the saved copy lasts; queries holding a secret say 0.
        gcTime: CACHE_MAX_AGE_MS,
        // A refused request (4xx) will not succeed on retry; a network failure might.
        retry: (count, err) => count < 2 && err instanceof RequestError && err.isNetwork,
        refetchOnWindowFocus: false,
        // Whatever is on screen was read before the connection dropped: refresh it as soon as it returns.
        refetchOnReconnect: 'always',
      },
      // Offline, a command must fail at once and say so, never wait in a queue to fire later (issue #4).
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}
