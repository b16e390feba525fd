import { offlineText } from '../../shared/messages/common'
import { applyUpdate, dismissUpdate, useUpdateWaiting } from '../sw-update'
import { PlainButton } from '../components/PlainButton'

/** A non-blocking bar offering the new version; it never reloads by itself. */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting()
  if (!waiting) return null
  return (
    <div className="update-prompt" role="status">
      <span>{offlineText.updateAvailable}</span>
      <PlainButton size="small" fill="none" onClick={dismissUpdate}>
        {offlineText.later}
      </PlainButton>
      <PlainButton size="small" color="primary" onClick={applyUpdate}>
        {offlineText.refresh}
      </PlainButton>
    </div>
  )
}
