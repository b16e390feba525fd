import type { QueryClient } from '@tanstack/react-query'
import { prefetchDeviceDetail } from '../../components/device/queries'
import { parseSearch } from '../../components/search-params'
import { useSearchState } from '../../components/use-search-state'
import { huaweiArea } from './area'
import { HUAWEI_DEVICE_ID_PARAM } from './device-params'
import { DeviceDetail } from './DeviceDetail'
import { useDeviceNavigation } from '../../components/device/navigation'
import { huaweiDetailSearch } from './queries'

/** /huawei/detail?huawei-device-id= (SPEC §2): a screen of its own, so the device lists do not carry the detail. */
export function HuaweiDetailScreen() {
  const [search] = useSearchState(huaweiDetailSearch)
  const { backToList } = useDeviceNavigation(huaweiArea)
  return <DeviceDetail area={huaweiArea} deviceId={search[HUAWEI_DEVICE_ID_PARAM]} onBack={(recycled) => backToList(recycled)} />
}

/** The detail's request, started while the router checks authorities (src/app/screens.ts). */
export const prefetchDetail = (queryClient: QueryClient, search: Record<string, unknown>) =>
  prefetchDeviceDetail(queryClient, huaweiArea, parseSearch(huaweiDetailSearch, search)[HUAWEI_DEVICE_ID_PARAM])
