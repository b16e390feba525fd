import { Button } from 'antd-mobile'
import { offlineText } from '../../shared/messages/common'
import { applyUpdate, dismissUpdate, useUpdateWaiting } from '../sw-update'

/** A non-blocking bar offering the new version; it never reloads by itself. */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting()
  if (!waiting) return null
  return (
    <div className="update-prompt" role="status">
      <span>{offlineText.updateAvailable}</span>
      <Button size="small" fill="none" onClick={dismissUpdate}>
        {offlineText.later}
      </Button>
      <Button size="small" color="primary" onClick={applyUpdate}>
        {offlineText.refresh}
      </Button>
    </div>
  )
}
