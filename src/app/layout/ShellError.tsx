import { Button, ErrorBlock } from 'antd-mobile'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { errorMessages, uiText } from '../../shared/messages'

/** A screen that failed to load: say what happened and offer to try again. */
export function ShellError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <ErrorBlock status="disconnected" title={errorMessages.networkFailed} description={error instanceof Error ? error.message : undefined}>
      <Button
        color="primary"
        onClick={() => {
          reset()
          void router.invalidate()
        }}
      >
        {uiText.retry}
      </Button>
    </ErrorBlock>
  )
}
