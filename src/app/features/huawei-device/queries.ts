import { useMutation } from '@tanstack/react-query'
import type { DeviceAddRequest, UpdateRentUserInfoRequest } from '../../../shared/contract/huawei-device'
import { call } from '../../api/http'
import { deviceListSearch } from '../../components/device/list-search'
import { useDevicesChanged } from '../../components/device/queries'
import { saveConfirmingBlacklist } from '../../components/device/blacklist-confirm'
import { param } from '../../components/search-params'
import type { DeviceArea } from './area'
import { HUAWEI_DEVICE_ID_PARAM, miDetailSearch } from './device-params'

/** The Mi list also carries the device whose detail it shows. */
export const miDeviceSearch = { ...deviceListSearch, ...miDetailSearch }

/** /huawei/detail?huawei-device-id= (SPEC §2). */
export const huaweiDetailSearch = { [HUAWEI_DEVICE_ID_PARAM]: param.id }

/** The Huawei and Mi areas' own edits: add, rent information, and an agent enrollment token. */
export function useDeviceMutations(area: DeviceArea) {
  const changed = useDevicesChanged(area)
  return {
    add: useMutation({
      // A blacklisted device is saved only after the user confirms the warning (issue #15).
      mutationFn: (req: DeviceAddRequest) => saveConfirmingBlacklist((confirmBlacklisted, opts) => call(area.api.add, { ...req, confirmBlacklisted }, opts)),
      onSuccess: () => changed(),
    }),
    updateRentUserInfo: useMutation({
      mutationFn: (req: UpdateRentUserInfoRequest) => call(area.api.updateRentUserInfo, req),
      onSuccess: (_d, req) => changed(Number(req.deviceId)),
    }),
    enrollmentToken: useMutation({
      mutationFn: () => call(area.api.enrollmentToken),
    }),
  }
}
