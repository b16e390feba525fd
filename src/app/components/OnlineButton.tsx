import { Button, type ButtonProps } from 'antd-mobile'
import { offlineText } from '../../shared/messages/common'
import { notify } from '../notify'
import { useOnline } from './use-online'

/**
 * A button for a command or an edit: offline it looks disabled and, when tapped, says why instead of queueing
 * the action blindly (issue #4). Use it for everything that changes server state.
 */
export function OnlineButton({ onClick, disabled, ...rest }: ButtonProps) {
  const online = useOnline()
  return (
    <Button
      {...rest}
      disabled={disabled}
      aria-disabled={!online || disabled || undefined}
      className={[rest.className, online ? '' : 'offline-disabled'].filter(Boolean).join(' ')}
      onClick={(e) => {
        if (!online) {
          notify.warning(offlineText.actionDisabled)
          return
        }
        return onClick?.(e)
      }}
    />
  )
}
