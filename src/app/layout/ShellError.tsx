import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { errorMessages, uiText } from '../../shared/messages/common'
import { describeScreenError } from './screen-error'
import { PlainButton } from '../components/PlainButton'

/**
 * A screen that failed: say what happened in Chinese and offer what can help — trying again, or, when the screen's
 * code itself could not be fetched (a new version replaced it), reloading the page (plain markup: nothing to load).
 */
export function ShellError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const { message, reload } = describeScreenError(error)
  return (
    <div className="center-box" role="alert">
      <h2>{reload ? errorMessages.chunkLoadFailed : errorMessages.networkFailed}</h2>
      {reload ? null : <p>{message}</p>}
      <PlainButton
        color="primary"
        className="touch"
        onClick={() => {
          if (reload) {
            window.location.reload()
            return
          }
          reset()
          void router.invalidate()
        }}
      >
        {reload ? uiText.reloadPage : uiText.retry}
      </PlainButton>
    </div>
  )
}
