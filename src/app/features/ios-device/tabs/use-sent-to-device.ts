import type { Route } from '../../../../shared/contract/routes'
import { deviceKeys } from '../../../components/device/queries'
import { useSentAndFollowed } from '../../../components/device/use-device-command'
import { iosFamily } from '../family'

/** A tab's own query key: under the device's detail, so a finished task refreshes it with the detail. */
export const tabKey = (deviceId: number, name: string) => [...deviceKeys.detail(iosFamily.platform, deviceId), name] as const

/** A tab's request that queues a task on the iPhone, followed as the command grid follows a command (useSentAndFollowed). */
export function useSentToDevice<Req>(route: Route<Req, { taskId: string }>, deviceId: number, label: string, done?: string) {
  return useSentAndFollowed(iosFamily, route, deviceId, label, done)
}
