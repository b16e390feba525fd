import { Button } from 'antd-mobile'
import { uiText } from '../../shared/messages/common'
import { screenText } from '../../shared/messages/screens'
import { Loading } from './Loading'
import { StateBlock } from './StateBlock'

interface QueryStatusProps {
  isPending: boolean
  isError: boolean
  isEmpty: boolean
  onRetry: () => void
  emptyText?: string
}

/** Loading, failure and empty states of a list; renders nothing once there is something to show. */
export function QueryStatus({ isPending, isError, isEmpty, onRetry, emptyText = screenText.empty }: QueryStatusProps) {
  if (isPending) return <Loading />
  if (isError) {
    return (
      <StateBlock kind="error" title={screenText.loadFailed}>
        <Button className="touch" onClick={onRetry}>
          {uiText.retry}
        </Button>
      </StateBlock>
    )
  }
  if (isEmpty) return <StateBlock kind="empty" title={emptyText} />
  return null
}
