import { eq } from 'drizzle-orm'
import { ResultCode } from '../../../shared/contract/envelope'
import { isIrreversibleCommand } from '../../../shared/domain/irreversible-commands'
import { auditText } from '../../../shared/messages/audit'
import { secondaryPasswordText } from '../../../shared/messages/secondary-password'
import type { RateLimiter } from '../../auth/rate-limit'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { ApiError } from '../../http/errors'
import { requirePasswordInSession } from './password-check'
import { recordAudit, type AuditEntry } from './service'

/** The audit entry of a command sent to a device, of any family: the device's serial and the command's label. */
export function deviceCommandEntry(device: { id: number; companyId: number; serialNumber: string }, label: string) {
  return {
    action: 'device.command',
    targetKind: 'DEVICE',
    targetId: device.id,
    targetCompanyId: device.companyId,
    summary: auditText.device(device.serialNumber, label),
  } as const satisfies AuditEntry
}

/**
 * Issue #10, for every device family: a command that cannot be undone (irreversible-commands.ts) needs the account's
 * secondary password. An account that has none set is refused too (issue #43 item 2: the demo boss's default let an
 * erase through): the console leads its user to set one first. A refusal is recorded in the audit trail as `entry`,
 * and nothing is queued. Each password typed is one of the account's limited in-session checks (issue #41 item 4).
 */
export async function requireSecondaryPassword(
  s: { db: Db; limiter: RateLimiter },
  user: CurrentUser,
  command: string,
  secondaryPassword: string | undefined,
  entry: AuditEntry,
): Promise<void> {
  if (!isIrreversibleCommand(command)) return
  const [account] = await s.db.select({ hash: users.secondaryPasswordHash }).from(users).where(eq(users.id, user.id))
  if (!account?.hash) {
    await recordAudit(s.db, { ...entry, outcome: 'REFUSED', reason: secondaryPasswordText.notSet })
    throw new ApiError(ResultCode.secondaryPasswordRequired, secondaryPasswordText.notSet)
  }
  if (!secondaryPassword) {
    await recordAudit(s.db, { ...entry, outcome: 'REFUSED', reason: secondaryPasswordText.required })
    throw new ApiError(ResultCode.secondaryPasswordRequired, secondaryPasswordText.required)
  }
  await requirePasswordInSession(s, user.id, {
    password: secondaryPassword,
    hash: account.hash,
    entry,
    refusal: new ApiError(ResultCode.secondaryPasswordRequired, secondaryPasswordText.wrong),
  })
}
