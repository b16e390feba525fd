import { Button } from 'antd-mobile'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { uiText } from '../../shared/messages/common'
import { menuQuery, userInfoQuery } from '../api/user-center'
import { confirmAction } from '../components/dialogs'
import { Loading } from '../components/Loading'
import { logout } from './logout'
import { InstallOffer } from './InstallOffer'
import { NavMenu } from './NavMenu'
import { ThemeToggle } from './ThemeToggle'
import './shell-bars.css'

/** The menu, the signed-in user, the theme switch and logout: the tablet's side column and the phone's drawer. */
export function SidePanel({ onNavigate }: { onNavigate?: () => void }) {
  const queryClient = useQueryClient()
  const info = useQuery(userInfoQuery())
  const menu = useQuery(menuQuery())
  const confirmLogout = async () => {
    if (await confirmAction(uiText.logoutConfirm, uiText.logout)) await logout(queryClient)
  }
  return (
    <div className="side-panel">
      <div className="side-user">
        <div className="side-user-name">{info.data?.name || info.data?.username}</div>
        <div className="side-user-company">{info.data?.companyName ?? (info.data?.admin ? uiText.platformAdmin : '')}</div>
      </div>
      {menu.isPending ? (
        <Loading />
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
        <InstallOffer />
        <ThemeToggle />
        <Button block color="danger" fill="outline" onClick={confirmLogout}>
          {uiText.logout}
        </Button>
      </div>
    </div>
  )
}
