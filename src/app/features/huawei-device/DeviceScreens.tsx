import { lazy, Suspense } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Loading } from '../../components/Loading'
import { useSearchState } from '../../components/use-search-state'
import { HUAWEI_DEVICE_ID_PARAM, MI_DEVICE_ID_PARAM, huaweiArea, miArea } from './area'
import { DeviceList } from './DeviceList'
import { miDeviceSearch } from './queries'

/** The list screens of the Huawei and Mi areas (SPEC §2); the Huawei detail is its own screen (DeviceDetailScreen). */

/** The Mi area shows a device's detail in place; its code is fetched when a device is opened. */
const DeviceDetail = lazy(() => import('./DeviceDetail').then((m) => ({ default: m.DeviceDetail })))

/** /huawei/device (SPEC §2): the list always asks recycleStatus=false. */
export function HuaweiDeviceScreen() {
  const navigate = useNavigate()
  return <DeviceList area={huaweiArea} recycle={false} onOpen={(d) => void navigate({ to: '/huawei/detail', search: { [HUAWEI_DEVICE_ID_PARAM]: d.id } })} />
}

/** /huawei/recycle: the recycle bin (recycleStatus=true), devices can be taken back out. */
export function HuaweiRecycleScreen() {
  const navigate = useNavigate()
  return <DeviceList area={huaweiArea} recycle onOpen={(d) => void navigate({ to: '/huawei/detail', search: { [HUAWEI_DEVICE_ID_PARAM]: d.id } })} />
}

/** /mi/device: the Mi list, or one Mi device's detail when mi-device-id is set (the Mi area has no detail route). */
export function MiDeviceScreen() {
  const [search, setSearch] = useSearchState(miDeviceSearch)
  const deviceId = search[MI_DEVICE_ID_PARAM]
  if (deviceId !== undefined) {
    return (
      <Suspense fallback={<Loading />}>
        <DeviceDetail area={miArea} deviceId={deviceId} onBack={() => setSearch({ ...search, [MI_DEVICE_ID_PARAM]: undefined })} />
      </Suspense>
    )
  }
  return <DeviceList area={miArea} recycle={false} onOpen={(d) => setSearch({ ...search, [MI_DEVICE_ID_PARAM]: d.id })} />
}

/** /mi/recycle */
export function MiRecycleScreen() {
  const navigate = useNavigate()
  return <DeviceList area={miArea} recycle onOpen={(d) => void navigate({ to: '/mi/device', search: { [MI_DEVICE_ID_PARAM]: d.id } })} />
}
