import { useNavigate } from '@tanstack/react-router'
import { HUAWEI_DEVICE_ID_PARAM, MI_DEVICE_ID_PARAM, huaweiArea, miArea } from './area'
import { DeviceDetail } from './DeviceDetail'
import { DeviceList } from './DeviceList'
import { huaweiDetailSearchSchema, miDeviceSearchSchema } from './queries'
import { useSearchState } from '../../components/use-search-state'

/** The screens of the Huawei and Mi areas (SPEC §2), composed from the list and the detail. */

/** /huawei/device (SPEC §2): the list always asks recycleStatus=false. */
export function HuaweiDeviceScreen() {
  const navigate = useNavigate()
  return (
    <DeviceList
      area={huaweiArea}
      recycle={false}
      onOpen={(d) => void navigate({ to: '/huawei/detail', search: { [HUAWEI_DEVICE_ID_PARAM]: d.id } as never })}
    />
  )
}

/** /huawei/recycle: the recycle bin (recycleStatus=true), devices can be taken back out. */
export function HuaweiRecycleScreen() {
  const navigate = useNavigate()
  return (
    <DeviceList
      area={huaweiArea}
      recycle
      onOpen={(d) => void navigate({ to: '/huawei/detail', search: { [HUAWEI_DEVICE_ID_PARAM]: d.id } as never })}
    />
  )
}

/** /huawei/detail?huawei-device-id= */
export function HuaweiDetailScreen() {
  const [search] = useSearchState(huaweiDetailSearchSchema)
  const navigate = useNavigate()
  return <DeviceDetail area={huaweiArea} deviceId={search[HUAWEI_DEVICE_ID_PARAM]} onBack={() => void navigate({ to: '/huawei/device' })} />
}

/** /mi/device: the Mi list, or one Mi device's detail when mi-device-id is set (the Mi area has no detail route). */
export function MiDeviceScreen() {
  const [search, setSearch] = useSearchState(miDeviceSearchSchema)
  const deviceId = search[MI_DEVICE_ID_PARAM]
  if (deviceId !== undefined) {
    return <DeviceDetail area={miArea} deviceId={deviceId} onBack={() => setSearch({ ...search, [MI_DEVICE_ID_PARAM]: undefined })} />
  }
  return <DeviceList area={miArea} recycle={false} onOpen={(d) => setSearch({ ...search, [MI_DEVICE_ID_PARAM]: d.id })} />
}

/** /mi/recycle */
export function MiRecycleScreen() {
  const navigate = useNavigate()
  return (
    <DeviceList
      area={miArea}
      recycle
      onOpen={(d) => void navigate({ to: '/mi/device', search: { [MI_DEVICE_ID_PARAM]: d.id } as never })}
    />
  )
}
