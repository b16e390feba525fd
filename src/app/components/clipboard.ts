import { uiText } from '../../shared/messages/common'
import { notify } from '../notify'

/** Copies a value the screen shows (an access key, an enrollment token); without clipboard access it says so. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    notify.success(uiText.copied)
  } catch {
    notify.warning(uiText.copyFailed)
  }
}
