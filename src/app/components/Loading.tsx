import { uiText } from '../../shared/messages/common'

/**
 * A spinner drawn and turned by CSS alone: it costs the main thread nothing while it spins, unlike antd-mobile's
 * SpinLoading, which animates through react-spring on every frame (issue #4: a list's first paint is a spinner).
 */
export function Spinner({ size = 24 }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden />
}

/** 加载中… with a spinner, announced to assistive technology. */
export function Loading({ label = true }: { label?: boolean }) {
  return (
    <div className="center-box" role="status" aria-label={label ? undefined : uiText.loading}>
      <Spinner />
      {label ? <span>{uiText.loading}</span> : null}
    </div>
  )
}
