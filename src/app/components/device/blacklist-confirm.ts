import { ResultCode } from '../../../shared/contract/envelope'
import { blacklistText } from '../../../shared/messages/biz'
import { uiText } from '../../../shared/messages/common'
import { RequestError } from '../../api/http'
import { notify } from '../../notify'
import { popups } from '../lazy-popups'

/**
 * Saves a new device, asking first when it is on the platform's blacklist (issue #15): the server answers
 * ResultCode.blacklisted with the kinds and reasons; the user confirms (the request is sent again with
 * confirmBlacklisted) or cancels (the dialog keeps what was typed). Any other failure is shown as usual.
 */
export async function saveConfirmingBlacklist<T>(send: (confirmBlacklisted: boolean, opts: { silent: boolean }) => Promise<T>): Promise<T> {
  try {
    return await send(false, { silent: true })
  } catch (err) {
    if (!(err instanceof RequestError) || err.code !== ResultCode.blacklisted) {
      if (err instanceof RequestError) notify.warning(err.message)
      throw err
    }
    const { Dialog } = await popups()
    const confirmed = await Dialog.confirm({ title: blacklistText.title, content: err.message, confirmText: blacklistText.confirmSave, cancelText: uiText.cancel })
    if (!confirmed) throw err
    return send(true, { silent: false })
  }
}
