import { Button, ErrorBlock, SpinLoading } from 'antd-mobile'
import { organizationText, uiText } from '../../shared/messages'

interface QueryStatusProps {
  isPending: boolean
  isError: boolean
  isEmpty: boolean
  onRetry: () => void
  emptyText?: string
}

/** Loading, failure and empty states of a list; renders nothing once there is something to show. */
export function QueryStatus({ isPending, isError, isEmpty, onRetry, emptyText = organizationText.common.empty }: QueryStatusProps) {
  if (isPending) {
    return (
      <div className="center-box" role="status">
        <SpinLoading aria-label={uiText.loading} />
        <span>{uiText.loading}</span>
      </div>
    )
  }
  if (isError) {
    return (
      <ErrorBlock status="default" title={organizationText.common.loadFailed} description="">
        <Button className="touch" onClick={onRetry}>
          {uiText.retry}
        </Button>
      </ErrorBlock>
    )
  }
  if (isEmpty) return <ErrorBlock status="empty" title={emptyText} description="" />
  return null
}
