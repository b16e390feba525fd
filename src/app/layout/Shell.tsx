import { lazy, Suspense, useState } from 'react'
import { UnorderedListOutline } from 'antd-mobile-icons'
import { useQuery } from '@tanstack/react-query'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { uiText } from '../../shared/messages/common'
import { miDetailTitle, routeTitles, type RoutePath } from '../../shared/messages/routes'
import { routeTitleFor } from '../../shared/domain/routes'
import { useAuthorities } from '../components/use-authorities'
import { MI_DEVICE_ID_PARAM, miDetailSearch } from '../features/huawei-device/device-params'
import { parseSearch } from '../components/search-params'
import { unreadTopQuery } from '../api/unread-announcements'
import { Loading } from '../components/Loading'
import { BottomBar } from './BottomBar'
import { IcpFooter } from './IcpFooter'
import { WechatHint } from './InstallOffer'
import { OfflineBanner } from './OfflineBanner'
import { TABLET_MEDIA_QUERY, useMediaQuery } from './use-media-query'

// The menu (with its icons) loads when first shown: at once on tablets, on the first tap of 菜单 on phones.
const SidePanel = lazy(() => import('./SidePanel').then((m) => ({ default: m.SidePanel })))
const MenuDrawer = lazy(() => import('./MenuDrawer').then((m) => ({ default: m.MenuDrawer })))
// Issue #15: unread pinned announcements pop up after sign-in; their code loads after the shell, never before it.
const UnreadAnnouncements = lazy(() => import('../features/announcement/UnreadAnnouncements').then((m) => ({ default: m.UnreadAnnouncements })))

/** The signed-in frame: side menu on tablets, a drawer on phones, the current screen and the ICP footer. */
export function Shell() {
  const [drawerOpen, setDrawerOpen] = useState(false)
  // The drawer stays mounted once opened, so that it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false)
  // The same breakpoint as styles.css: tablets get the side menu, phones the drawer; only one is rendered.
  const tablet = useMediaQuery(TABLET_MEDIA_QUERY)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // /mi/device shows a device's detail when its address names one, read as the screen reads it.
  const miDetail = useRouterState({ select: (s) => s.location.pathname === '/mi/device' && parseSearch(miDetailSearch, s.location.search)[MI_DEVICE_ID_PARAM] !== undefined })
  const auth = useAuthorities()
  const title = miDetail ? miDetailTitle : pathname in routeTitles ? routeTitleFor(pathname as RoutePath, auth.has) : uiText.appShortName
  // The pop-up's code is fetched only when there is an unread pinned announcement to show.
  const hasUnread = (useQuery(unreadTopQuery()).data?.length ?? 0) > 0
  return (
    <div className="shell">
      {tablet ? (
        <aside className="shell-side">
          <Suspense fallback={<Loading />}>
            <SidePanel />
          </Suspense>
        </aside>
      ) : null}
      <div className="shell-main">
        <header className="shell-header">
          <button type="button" className="icon-button menu-button" aria-label={uiText.menu} onClick={() => (setDrawerOpen(true), setDrawerUsed(true))}>
            <UnorderedListOutline fontSize={22} />
          </button>
          <div className="shell-title">{title}</div>
        </header>
        <OfflineBanner />
        <WechatHint />
        <main className="shell-content">
          <Outlet />
        </main>
        <IcpFooter />
        {tablet ? null : <BottomBar />}
      </div>
      {hasUnread ? (
        <Suspense fallback={null}>
          <UnreadAnnouncements />
        </Suspense>
      ) : null}
      {tablet || !drawerUsed ? null : (
        <Suspense fallback={null}>
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </div>
  )
}
