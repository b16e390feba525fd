import type { ReactNode } from 'react'
import { useRouterState } from '@tanstack/react-router'
import { readOnlyTitles, routeTitles, type RoutePath } from '../../shared/messages/routes'

/**
 * A screen's heading row: title on the left, actions on the right; wraps on narrow phones. On a phone, a title the
 * shell's top bar already shows (the route's own, layout/Shell.tsx) is the page's heading for screen readers only:
 * seen twice, one under the other, it was the first thing a phone-size walk-through noticed on 首页, 公告管理 and
 * 员工管理. A tablet has no top bar (styles.css), and shows it.
 */
export function PageTitle({ title, extra }: { title: string; extra?: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const inTopBar = routeTitles[pathname as RoutePath] === title || readOnlyTitles[pathname as RoutePath] === title
  return (
    <div className={inTopBar ? 'page-title page-title-in-bar' : 'page-title'}>
      <h1>{title}</h1>
      {extra ? <div className="page-title-extra">{extra}</div> : null}
    </div>
  )
}
