import type { ReactNode } from 'react'
import { Popup } from 'antd-mobile'
import { CloseOutline } from 'antd-mobile-icons'
import { uiText } from '../../shared/messages/common'
import './records.css'

interface FormPopupProps {
  visible: boolean
  title: string
  onClose: () => void
  children: ReactNode
}

/**
 * A sheet holding one form. It stays mounted while closed (destroyOnClose is off), so a failed submit or an
 * accidental close keeps what the user typed; the form resets itself only after a success.
 */
export function FormPopup({ visible, title, onClose, children }: FormPopupProps) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="form-popup" aria-label={title}>
      <div role="dialog" aria-label={title}>
        <div className="form-popup-head">
          <h2>{title}</h2>
          <button type="button" className="icon-button" aria-label={uiText.close} onClick={onClose}>
            <CloseOutline fontSize={20} />
          </button>
        </div>
        {children}
      </div>
    </Popup>
  )
}
