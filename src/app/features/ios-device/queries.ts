import { queryOptions, useMutation } from '@tanstack/react-query'
import type { IosDeviceAddRequest, IosDeviceRegisterRequest, UpdateAppleDeviceInfoRequest } from '../../../shared/contract/my-device'
import type { UpdateRentUserInfoRequest } from '../../../shared/contract/huawei-device'
import { call } from '../../api/http'
import { api } from '../../api/routes'
import { deviceKeys, useDevicesChanged } from '../../components/device/queries'
import { iosFamily } from './family'
import { saveConfirmingBlacklist } from '../../components/device/blacklist-confirm'

/** The Apple area's own edits: add, register by serial, rent information and device information. */
export function useIosDeviceMutations() {
  const changed = useDevicesChanged(iosFamily)
  return {
    // A blacklisted device is saved only after the user confirms the warning (issue #15).
    add: useMutation({
      mutationFn: (req: IosDeviceAddRequest) => saveConfirmingBlacklist((confirmBlacklisted, opts) => call(api.myDevice.add, { ...req, confirmBlacklisted }, opts)),
      onSuccess: () => changed(),
    }),
    register: useMutation({
      mutationFn: (req: IosDeviceRegisterRequest) => saveConfirmingBlacklist((confirmBlacklisted, opts) => call(api.myDevice.register, { ...req, confirmBlacklisted }, opts)),
      onSuccess: () => changed(),
    }),
    updateRentUserInfo: useMutation({
      mutationFn: (req: UpdateRentUserInfoRequest) => call(api.myDevice.updateRentUserInfo, req),
      onSuccess: (_d, req) => changed(Number(req.deviceId)),
    }),
    updateAppleDeviceInfo: useMutation({
      mutationFn: (req: UpdateAppleDeviceInfoRequest) => call(api.myDevice.updateAppleDeviceInfo, req),
      onSuccess: (_d, req) => changed(Number(req.deviceId)),
    }),
  }
}

/** The applications the device last reported (GET /myDevice/listApp); refreshed with the device's tasks. */
export const installedAppsQuery = (deviceId: number) =>
  queryOptions({
    queryKey: [...deviceKeys.detail(iosFamily.platform, deviceId), 'apps'] as const,
    queryFn: () => call(api.myDevice.listApp, { deviceId }),
    meta: { persist: true },
  })
