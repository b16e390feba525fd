import { QueryClient } from '@tanstack/react-query'
import { RequestError } from './api/http'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
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
