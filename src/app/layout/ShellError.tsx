import { Button } from 'antd-mobile'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { errorMessages, uiText } from '../../shared/messages'

/** A screen that failed to load: say what happened and offer to try again (plain markup: no illustration to load). */
export function ShellError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <div className="center-box" role="alert">
      <h2>{errorMessages.networkFailed}</h2>
      {error instanceof Error ? <p>{error.message}</p> : null}
      <Button
        color="primary"
        onClick={() => {
          reset()
          void router.invalidate()
        }}
      >
        {uiText.retry}
      </Button>
    </div>
  )
}
