import { isIrreversibleCommand } from '../../src/shared/domain/irreversible-commands'
import type { Harness } from './harness'

/** The secondary password the helpers give an account that sends a command that cannot be undone. */
export const TEST_SECONDARY_PASSWORD = 'Second#2026'

/**
 * What the console sends beside a command (issue #43 item 2): nothing for one that can be undone; for one that cannot,
 * the account's secondary password, set first (as the console leads its user to) when the account has none. A test
 * that sends its own `secondaryPassword` (or none on purpose) calls the endpoint itself.
 */
export async function secondaryPasswordFor(h: Harness, token: string, command: string, loginPassword = 'Demo@2026'): Promise<{ secondaryPassword?: string }> {
  if (!isIrreversibleCommand(command)) return {}
  const security = await h.call('GET', '/userCenter/security', { token })
  if (security.body?.data?.secondaryPasswordSet !== true) {
    const set = await h.call('PUT', '/userCenter/updateSecondaryPassword', {
      token,
      json: { password: loginPassword, secondaryPassword: TEST_SECONDARY_PASSWORD, confirmSecondaryPassword: TEST_SECONDARY_PASSWORD },
    })
    if (set.body?.code !== 200) throw new Error(`secondary password not set: ${set.text}`)
  }
  return { secondaryPassword: TEST_SECONDARY_PASSWORD }
}
