import { Input } from 'antd-mobile'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { isIrreversibleCommand } from '../../shared/domain/irreversible-commands'
import { secondaryPasswordText as t } from '../../shared/messages/secondary-password'
import { call } from '../api/http'
import { api } from '../api/routes'
import { popups } from './lazy-popups'

/** GET /userCenter/security: the personal centre's account facts, among them whether a secondary password is set. */
export const securityQuery = () =>
  queryOptions({ queryKey: ['personalCenter', 'security'] as const, queryFn: () => call(api.personalCenter.security) })

/** Asks for the secondary password; resolves with it, or null when the user cancels. */
export async function askSecondaryPassword(): Promise<string | null> {
  const { Dialog } = await popups()
  return new Promise((resolve) => {
    let value = ''
    let settled = false
    const finish = (result: string | null) => {
      if (settled) return
      settled = true
      resolve(result)
      handler.close()
    }
    // Confirming with nothing typed keeps the dialog open: an empty password could only be refused.
    const confirm = () => {
      if (value) finish(value)
    }
    const handler = Dialog.show({
      title: t.title,
      content: (
        <div>
          <p style={{ marginTop: 0 }}>{t.content}</p>
          <Input type="password" autoFocus placeholder={t.placeholder} aria-label={t.placeholder} maxLength={128} onChange={(v) => (value = v)} onEnterPress={confirm} />
        </div>
      ),
      closeOnMaskClick: true,
      onClose: () => finish(null),
      actions: [
        [
          { key: 'cancel', text: t.cancel, onClick: () => finish(null) },
          { key: 'confirm', text: t.confirm, bold: true, onClick: confirm },
        ],
      ],
    })
  })
}

/**
 * What a device command's body needs besides deviceId (issue #10): nothing for a command that can be undone or an
 * account without a secondary password; `{ secondaryPassword }` once the user typed it; null when the user cancelled
 * (send nothing). The server checks it; this only spares the user a refused first attempt.
 */
export async function secondaryPasswordFor(queryClient: QueryClient, command: string): Promise<{ secondaryPassword?: string } | null> {
  if (!isIrreversibleCommand(command)) return {}
  const security = await queryClient.fetchQuery({ ...securityQuery(), staleTime: 0 })
  if (!security.secondaryPasswordSet) return {}
  const secondaryPassword = await askSecondaryPassword()
  return secondaryPassword ? { secondaryPassword } : null
}
