import { Suspense } from 'react'
import { Popup } from 'antd-mobile'
import { Loading } from '../components/Loading'
import { SidePanel } from './SidePanel'

/** The phones' menu drawer (its own chunk: antd-mobile's Popup carries react-spring, fetched on the first tap of 菜单). */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Popup visible={open} position="left" onMaskClick={onClose} onClose={onClose} bodyClassName="drawer-body">
      <Suspense fallback={<Loading />}>
        <SidePanel onNavigate={onClose} />
      </Suspense>
    </Popup>
  )
}
