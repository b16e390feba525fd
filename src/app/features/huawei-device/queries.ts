import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { DeviceAddRequest, DeviceSearchParams, UpdateRentUserInfoRequest } from '../../../shared/contract/huawei-device'
import { call } from '../../api/http'
import { deviceKeys } from '../../components/device/queries'
import { pagingSearch, param, type SearchOf } from '../../components/search-params'
import type { DeviceArea } from './area'
import { HUAWEI_DEVICE_ID_PARAM, MI_DEVICE_ID_PARAM } from './device-params'

/**
 * The longest filters the server accepts (DeviceSearchQuery: serialNumber 64, renterName 32; search-limits.test.ts
 * holds the two together). The search fields stop there, and a longer one in a link is cut rather than sent to be
 * refused, which would leave the list a full-page failure.
 */
export const searchMaxLength = { serialNumber: 64, renterName: 32 } as const

/** URL search of the device lists: page, size and filters; bad values fall back to defaults (STYLE §4). */
export const deviceListSearch = {
  ...pagingSearch,
  serialNumber: param.textOfAtMost(searchMaxLength.serialNumber),
  renterName: param.textOfAtMost(searchMaxLength.renterName),
  connectionStatus: param.oneOf(['success', 'warning', 'error'] as const),
}
export type DeviceListSearch = SearchOf<typeof deviceListSearch>

/** The Mi list also carries the device whose detail it shows. */
export const miDeviceSearch = { ...deviceListSearch, [MI_DEVICE_ID_PARAM]: param.id }

/** /huawei/detail?huawei-device-id= (SPEC §2). */
export const huaweiDetailSearch = { [HUAWEI_DEVICE_ID_PARAM]: param.id }


/** While tasks are pending, the detail and the task log refresh on their own until the device has answered. */
const PENDING_REFRESH_MS = 2500

export const deviceListQuery = (area: DeviceArea, q: DeviceSearchParams) =>
  queryOptions({
    queryKey: deviceKeys.list(area.platform, q),
    queryFn: () => call(area.api.search, q),
    placeholderData: keepPreviousData,
    // A card shows 执行中 while its device has pending tasks, and the state they leave once they end (issue #11).
    refetchInterval: (query) => (query.state.data?.records.some((d) => d.pendingTaskCount > 0) ? PENDING_REFRESH_MS : false),
    // Device lists are what field staff need offline; they hold no secrets.
    meta: { persist: true },
  })

export const deviceDetailQuery = (area: DeviceArea, id: number) =>
  queryOptions({
    queryKey: deviceKeys.detail(area.platform, id),
    queryFn: () => call(area.api.detail, { deviceId: id }),
    refetchInterval: (query) => (query.state.data?.pendingTaskCount ? PENDING_REFRESH_MS : false),
    meta: { persist: true },
  })


/** Refreshes the lists of an area, and one device's detail, after a change. */
export function useDevicesChanged(area: DeviceArea) {
  const queryClient = useQueryClient()
  return (deviceId?: number) => {
    void queryClient.invalidateQueries({ queryKey: deviceKeys.lists(area.platform) })
    if (deviceId !== undefined) void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(area.platform, deviceId) })
  }
}

/**
 * 淘汰 (into the recycle bin) or 移出回收站 for one device, without refreshing anything: a selection sends one per
 * device and refreshes the lists once at the end (useDevicesChanged), not once per device.
 */
export function setRecycled(area: DeviceArea, deviceId: number, recycled: boolean) {
  return call(recycled ? area.api.putInRecycle : area.api.takeOutRecycle, { deviceId })
}

export function useDeviceMutations(area: DeviceArea) {
  const changed = useDevicesChanged(area)
  return {
    add: useMutation({
      mutationFn: (req: DeviceAddRequest) => call(area.api.add, req),
      onSuccess: () => changed(),
    }),
    updateRentUserInfo: useMutation({
      mutationFn: (req: UpdateRentUserInfoRequest) => call(area.api.updateRentUserInfo, req),
      onSuccess: (_d, req) => changed(Number(req.deviceId)),
    }),
    putInRecycle: useMutation({
      mutationFn: (deviceId: number) => setRecycled(area, deviceId, true),
      onSuccess: (_d, id) => changed(id),
    }),
    takeOutRecycle: useMutation({
      mutationFn: (deviceId: number) => setRecycled(area, deviceId, false),
      onSuccess: (_d, id) => changed(id),
    }),
    enrollmentToken: useMutation({
      mutationFn: () => call(area.api.enrollmentToken),
    }),
  }
}
