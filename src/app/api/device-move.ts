import { queryOptions, useMutation } from '@tanstack/react-query'
import type { DeviceMoveRequest } from '../../shared/contract/huawei-device'
import type { HuaweiTypePlatform } from '../../shared/domain/device-areas'
import { call } from './http'
import { api } from './routes'

/**
 * Device transfer (SPEC §3: deviceId and targetCompanyId or targetStaffId), used by the device screens and by the
 * business page's per-company device list. Each caller refreshes its own lists through onMoved.
 */

export const deviceMoveKeys = {
  targets: (platform: HuaweiTypePlatform) => ['deviceMove', 'targets', platform] as const,
}

export const moveTargetsQuery = (platform: HuaweiTypePlatform) =>
  queryOptions({
    queryKey: deviceMoveKeys.targets(platform),
    queryFn: () => call(platform === 'HUAWEI' ? api.huawei.moveTargets : api.mi.moveTargets),
    staleTime: 60_000,
  })

export function useMoveDevice(platform: HuaweiTypePlatform, onMoved: (deviceId: number) => unknown) {
  return useMutation({
    mutationFn: (req: DeviceMoveRequest) => call(platform === 'HUAWEI' ? api.huawei.move : api.mi.move, req),
    onSuccess: (_d, req) => onMoved(Number(req.deviceId)),
  })
}
