import { queryOptions, useMutation } from '@tanstack/react-query'
import type { DeviceMoveRequest, MoveTargetsResponse } from '../../shared/contract/huawei-device'
import { huaweiBasePrefix, type HuaweiTypePlatform } from '../../shared/domain/device-areas'
import { api, HUAWEI_BASE } from './http'

/**
 * Device transfer (SPEC §3: deviceId and targetCompanyId or targetStaffId), used by the device screens and by the
 * business page's per-company device list. Each caller refreshes its own lists through onMoved.
 */
const huawei = { base: HUAWEI_BASE }

export const deviceMoveKeys = {
  targets: (platform: HuaweiTypePlatform) => ['deviceMove', 'targets', platform] as const,
}

export const moveTargetsQuery = (platform: HuaweiTypePlatform) =>
  queryOptions({
    queryKey: deviceMoveKeys.targets(platform),
    queryFn: () => api.get<MoveTargetsResponse>(`${huaweiBasePrefix[platform]}/device/moveTargets`, undefined, huawei),
    staleTime: 60_000,
  })

export function useMoveDevice(platform: HuaweiTypePlatform, onMoved: (deviceId: number) => void) {
  return useMutation({
    mutationFn: (req: DeviceMoveRequest) => api.post<string>(`${huaweiBasePrefix[platform]}/device/move`, req, huawei),
    onSuccess: (_d, req) => onMoved(Number(req.deviceId)),
  })
}
