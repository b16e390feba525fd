import type { InputHTMLAttributes, ReactNode } from 'react'
import { CloseCircleFill } from 'antd-mobile-icons'
import { uiText } from '../../../shared/messages/common'

/*
 * The login screen is the first paint of most sessions, so its list and inputs are plain markup wearing
 * antd-mobile's own class names (adm-list, adm-input: its stylesheet is in style.css, which every screen
 * loads) instead of the components, whose JavaScript (config provider, locale, input logic) cost /login
 * ~10 KB gzip. They look and behave as antd-mobile's List and Input (clearable) do; the button is PlainButton.
 */

export function LightList({ children }: { children: ReactNode }) {
  return (
    <div className="adm-list adm-list-default">
      <div className="adm-list-body">
        <div className="adm-list-body-inner">{children}</div>
      </div>
    </div>
  )
}

export function LightListItem({ prefix, extra, description, children }: { prefix?: ReactNode; extra?: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="adm-list-item">
      <div className="adm-list-item-content">
        {prefix ? <div className="adm-list-item-content-prefix">{prefix}</div> : null}
        <div className="adm-list-item-content-main">
          {children}
          {description ? <div className="adm-list-item-description">{description}</div> : null}
        </div>
        {extra ? <div className="adm-list-item-content-extra">{extra}</div> : null}
      </div>
    </div>
  )
}

type LightInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string
  onChange: (value: string) => void
  clearable?: boolean
}

export function LightInput({ value, onChange, clearable, ...native }: LightInputProps) {
  return (
    <div className="adm-input">
      <input {...native} className="adm-input-element" value={value} onChange={(e) => onChange(e.target.value)} />
      {clearable && value ? (
        <div className="adm-input-clear" role="button" aria-label={uiText.clearInput} onMouseDown={(e) => e.preventDefault()} onClick={() => onChange('')}>
          <CloseCircleFill />
        </div>
      ) : null}
    </div>
  )
}
