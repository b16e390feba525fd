import type { QueryClient } from '@tanstack/react-query'
import { call } from '../api/http'
import { signOut } from '../api/token'
import { api } from '../api/routes'

/** SPEC §4: logout removes the stored token and reloads; the server also revokes the session. */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await call(api.account.logout, {}, { silent: true })
  } catch {
    // Offline or already expired: the token is removed locally either way.
  }
  queryClient.clear()
  signOut()
  window.location.assign('/login')
}
