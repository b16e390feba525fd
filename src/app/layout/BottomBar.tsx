import type { ReactNode } from 'react'
import { AppOutline, ScanCodeOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { deviceAreaAuthorities, type DeviceAreaPlatform } from '../../shared/domain/device-areas'
import type { RoutePath } from '../../shared/messages/routes'
import { scanText } from '../../shared/messages/scan'
import { shellText as t } from '../../shared/messages/shell'
import { useAuthorities } from '../components/use-authorities'
import './shell-bars.css'

/** The device lists in the order the bar offers them: the first the user may open is 设备's. */
const deviceLists: readonly [DeviceAreaPlatform, RoutePath][] = [
  ['HUAWEI', '/huawei/device'],
  ['IOS', '/ios/device'],
  ['MI', '/mi/device'],
]

/**
 * On a phone, the screens used most without the menu (issue #43 item 6): 首页, the device list (the one on screen, or
 * the first the user may open), 扫码 (a serial or IMEI barcode searched in that list) and 我的 (personal centre).
 */
export function BottomBar() {
  const navigate = useNavigate()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const auth = useAuthorities()
  const lists = deviceLists.filter(([platform]) => auth.has(deviceAreaAuthorities[platform].device)).map(([, path]) => path)
  const area = pathname.split('/')[1]
  const deviceList = lists.find((path) => path.split('/')[1] === area) ?? lists[0]
  const go = (to: RoutePath, search: Record<string, string> = {}) => void navigate({ to, search })
  const scan = async () => {
    if (!deviceList) return
    const { scanBarcode } = await import('../components/device/barcode-scanner')
    const serialNumber = await scanBarcode()
    if (serialNumber) go(deviceList, { serialNumber })
  }
  const item = (key: string, label: string, icon: ReactNode, active: boolean, onClick: () => void) => (
    <button key={key} type="button" className={active ? 'bottom-bar-item bottom-bar-active' : 'bottom-bar-item'} aria-current={active ? 'page' : undefined} onClick={onClick}>
      {icon}
      <span>{label}</span>
    </button>
  )
  return (
    <nav className="bottom-bar" aria-label={t.bottomBar}>
      {item('home', t.home, <AppOutline fontSize={22} />, pathname === '/dashboard', () => go('/dashboard'))}
      {deviceList ? item('devices', t.devices, <UnorderedListOutline fontSize={22} />, lists.includes(pathname as RoutePath), () => go(deviceList)) : null}
      {deviceList ? item('scan', scanText.scan, <ScanCodeOutline fontSize={22} />, false, () => void scan()) : null}
      {item('me', t.me, <UserOutline fontSize={22} />, pathname === '/center', () => go('/center'))}
    </nav>
  )
}
