import { uiText } from '../../shared/messages/common'
import { screenText } from '../../shared/messages/screens'
import { popups } from './lazy-popups'

/** Asks before a delete or a reset; resolves true when confirmed. */
export async function confirmAction(content: string, confirmText: string = uiText.confirm): Promise<boolean> {
  const { Dialog } = await popups()
  return Dialog.confirm({ content, confirmText, cancelText: uiText.cancel })
}

/** SPEC §8: the new password is shown in a dialog titled 重置成功 (once; it is not stored anywhere). */
export async function showNewPassword(account: string, password: string): Promise<void> {
  const { Dialog } = await popups()
  return Dialog.alert({
    title: screenText.resetPasswordDone,
    content: (
      <div className="reset-result">
        <p>{screenText.newPasswordOf(account)}</p>
        <p className="secret-value" style={{ fontSize: 20, textAlign: 'center' }} data-testid="new-password">
          {password}
        </p>
        <p style={{ color: 'var(--app-text-secondary)', fontSize: 13 }}>{screenText.newPasswordHint}</p>
      </div>
    ),
    confirmText: screenText.newPasswordNoted,
  })
}

/**
 * Resets an account's password (a company's or a staff member's): asks first, naming the account, then shows the
 * new password once. A refused reset shows the server's message and nothing else.
 */
export async function resetPassword({ question, account, reset }: { question: string; account: string; reset: () => Promise<{ password: string }> }): Promise<void> {
  if (!(await confirmAction(question, screenText.resetPassword))) return
  let password: string
  try {
    ;({ password } = await reset())
  } catch {
    return // the server's message is shown
  }
  await showNewPassword(account, password)
}
