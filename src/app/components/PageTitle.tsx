import type { ReactNode } from 'react'

/** A screen's heading row: title on the left, actions on the right; wraps on narrow phones. */
export function PageTitle({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div className="page-title">
      <h1>{title}</h1>
      {extra ? <div className="page-title-extra">{extra}</div> : null}
    </div>
  )
}
