import { useState } from 'react'
import { Button, Dialog, Popup, SpinLoading } from 'antd-mobile'
import { UnorderedListOutline } from 'antd-mobile-icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { routeTitles, uiText, type RoutePath } from '../../shared/messages'
import { menuQuery, userInfoQuery } from '../api/user-center'
import { IcpFooter } from './IcpFooter'
import { logout } from './logout'
import { NavMenu } from './NavMenu'
import { OfflineBanner } from './OfflineBanner'
import { ThemeToggle } from './ThemeToggle'

function SidePanel({ onNavigate }: { onNavigate?: () => void }) {
  const queryClient = useQueryClient()
  const info = useQuery(userInfoQuery())
  const menu = useQuery(menuQuery())
  const confirmLogout = async () => {
    const yes = await Dialog.confirm({ content: uiText.logoutConfirm, confirmText: uiText.logout, cancelText: uiText.cancel })
    if (yes) await logout(queryClient)
  }
  return (
    <div className="side-panel">
      <div className="side-user">
        <div className="side-user-name">{info.data?.name || info.data?.username}</div>
        <div className="side-user-company">{info.data?.companyName ?? (info.data?.admin ? '平台管理员' : '')}</div>
      </div>
      {menu.isPending ? (
        <div className="center-box">
          <SpinLoading aria-label={uiText.loading} />
        </div>
      ) : menu.isError ? (
        <div className="center-box">
          <p>{uiText.menuLoadFailed}</p>
          <Button size="small" onClick={() => void menu.refetch()}>
            {uiText.retry}
          </Button>
        </div>
      ) : (
        <NavMenu menu={menu.data} onNavigate={onNavigate} />
      )}
      <div className="side-actions">
        <ThemeToggle />
        <Button block color="danger" fill="outline" onClick={confirmLogout}>
          {uiText.logout}
        </Button>
      </div>
    </div>
  )
}

/** The signed-in frame: side menu on tablets, a drawer on phones, the current screen and the ICP footer. */
export function Shell() {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const title = routeTitles[pathname as RoutePath] ?? uiText.appShortName
  return (
    <div className="shell">
      <aside className="shell-side">
        <SidePanel />
      </aside>
      <div className="shell-main">
        <header className="shell-header">
          <button type="button" className="icon-button menu-button" aria-label={uiText.menu} onClick={() => setDrawerOpen(true)}>
            <UnorderedListOutline fontSize={22} />
          </button>
          <div className="shell-title">{title}</div>
        </header>
        <OfflineBanner />
        <main className="shell-content">
          <Outlet />
        </main>
        <IcpFooter />
      </div>
      <Popup visible={drawerOpen} position="left" onMaskClick={() => setDrawerOpen(false)} onClose={() => setDrawerOpen(false)} bodyClassName="drawer-body">
        <SidePanel onNavigate={() => setDrawerOpen(false)} />
      </Popup>
    </div>
  )
}
