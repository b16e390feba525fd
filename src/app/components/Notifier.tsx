import { CheckCircleFill, CloseCircleFill, ExclamationCircleFill, InformationCircleFill } from 'antd-mobile-icons'
import { errorMessages } from '../../shared/messages/common'
import { dismiss, useNotice, type NoticeKind } from '../notify'

const icons: Record<NoticeKind, typeof InformationCircleFill> = {
  success: CheckCircleFill,
  warning: ExclamationCircleFill,
  error: CloseCircleFill,
  info: InformationCircleFill,
}

/** Renders the one current notification (SPEC §8): title 提示, tap to dismiss. */
export function Notifier() {
  const notice = useNotice()
  if (!notice) return null
  const Icon = icons[notice.kind]
  return (
    <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' || notice.kind === 'warning' ? 'alert' : 'status'} onClick={() => dismiss(notice.id)} key={notice.id}>
      <Icon className="notice-icon" aria-hidden />
      <div>
        <div className="notice-title">{errorMessages.notifyTitle}</div>
        <div className="notice-message">{notice.message}</div>
      </div>
    </div>
  )
}
