import { lazy, Suspense } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { prefetchDeviceList } from '../../components/device/queries'
import { Loading } from '../../components/Loading'
import { useSearchState } from '../../components/use-search-state'
import { huaweiArea, miArea } from './area'
import { HUAWEI_DEVICE_ID_PARAM, MI_DEVICE_ID_PARAM } from './device-params'
import { AreaDeviceList } from './AreaDeviceList'
import { useDeviceNavigation } from '../../components/device/navigation'
import { miDeviceSearch } from './queries'

/** The list screens of the Huawei and Mi areas (SPEC §2); the Huawei detail is its own screen (DeviceDetailScreen). */

/** The Mi area shows a device's detail in place; its code is fetched when a device is opened. */
const DeviceDetail = lazy(() => import('./DeviceDetail').then((m) => ({ default: m.DeviceDetail })))

/** /huawei/device (SPEC §2): the list always asks recycleStatus=false. */
export function HuaweiDeviceScreen() {
  const { openDetail } = useDeviceNavigation(huaweiArea)
  return <AreaDeviceList area={huaweiArea} recycle={false} onOpen={(d) => openDetail(huaweiArea.listPath, '/huawei/detail', { [HUAWEI_DEVICE_ID_PARAM]: d.id })} />
}

/** /huawei/recycle: the recycle bin (recycleStatus=true), devices can be taken back out. */
export function HuaweiRecycleScreen() {
  const { openDetail } = useDeviceNavigation(huaweiArea)
  return <AreaDeviceList area={huaweiArea} recycle onOpen={(d) => openDetail(huaweiArea.recyclePath, '/huawei/detail', { [HUAWEI_DEVICE_ID_PARAM]: d.id })} />
}

/** /mi/device: the Mi list, or one Mi device's detail when mi-device-id is set (the Mi area has no detail route). */
export function MiDeviceScreen() {
  const [search] = useSearchState(miDeviceSearch)
  const { openDetail, backToList } = useDeviceNavigation(miArea)
  const { [MI_DEVICE_ID_PARAM]: deviceId, ...listSearch } = search
  if (deviceId !== undefined) {
    return (
      <Suspense fallback={<Loading />}>
        <DeviceDetail area={miArea} deviceId={deviceId} onBack={(recycled) => backToList(recycled, listSearch)} />
      </Suspense>
    )
  }
  // A new history entry (not a replaced one), so the phone's back button returns to this list.
  return <AreaDeviceList area={miArea} recycle={false} onOpen={(d) => openDetail(miArea.listPath, miArea.listPath, { ...listSearch, [MI_DEVICE_ID_PARAM]: d.id })} />
}

/** /mi/recycle */
export function MiRecycleScreen() {
  const { openDetail } = useDeviceNavigation(miArea)
  return <AreaDeviceList area={miArea} recycle onOpen={(d) => openDetail(miArea.recyclePath, miArea.listPath, { [MI_DEVICE_ID_PARAM]: d.id })} />
}

/** Each list's request, started while the router checks authorities (src/app/screens.ts). */
export const prefetchList = {
  huaweiDevice: (queryClient: QueryClient, search: Record<string, unknown>) => prefetchDeviceList(queryClient, huaweiArea, false, search),
  huaweiRecycle: (queryClient: QueryClient, search: Record<string, unknown>) => prefetchDeviceList(queryClient, huaweiArea, true, search),
  // With mi-device-id the screen shows one device's detail, not the list.
  miDevice: async (queryClient: QueryClient, search: Record<string, unknown>) => {
    if (search[MI_DEVICE_ID_PARAM] === undefined) await prefetchDeviceList(queryClient, miArea, false, search)
  },
  miRecycle: (queryClient: QueryClient, search: Record<string, unknown>) => prefetchDeviceList(queryClient, miArea, true, search),
}
