import type { ReactNode } from 'react'
import { Button } from 'antd-mobile'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { copyText } from '../clipboard'
import { FormPopup } from '../FormPopup'
import './devices.css'

interface EnrollmentPopupProps {
  visible: boolean
  title: string
  /** What to do on the device with what is shown. */
  text: string
  /** The request that issues the one-time value (a token, a link): reset on close, so what it issued is forgotten. */
  issuer: { reset: () => void }
  onClose: () => void
  children: ReactNode
}

/**
 * A family's 设备接入 dialog. What the server issues for it is shown once, from the issuing mutation's answer: never
 * put into the query cache, so never persisted, and gone when the dialog closes.
 */
export function EnrollmentPopup({ visible, title, text, issuer, onClose, children }: EnrollmentPopupProps) {
  const close = () => {
    issuer.reset()
    onClose()
  }
  return (
    <FormPopup visible={visible} title={title} onClose={close}>
      <div className="enroll-box">
        <p className="form-hint" style={{ padding: 0, margin: 0 }}>
          {text}
        </p>
        {children}
      </div>
    </FormPopup>
  )
}

/** A value the user types or pastes on the device, under its label. */
export function EnrollmentValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <div>{label}</div>
      <div className="enroll-value secret-value" data-testid={testId}>
        {value}
      </div>
    </div>
  )
}

/** The issued value with its copy button; `children` stand between them (when it expires). */
export function IssuedValue({ label, value, testId, children }: { label: string; value: string; testId: string; children?: ReactNode }) {
  return (
    <div className="enroll-issued">
      <EnrollmentValue label={label} value={value} testId={testId} />
      {children}
      <Button block className="touch" onClick={() => void copyText(value)}>
        {t.copy}
      </Button>
    </div>
  )
}
