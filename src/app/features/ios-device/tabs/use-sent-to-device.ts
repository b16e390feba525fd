import { useMutation } from '@tanstack/react-query'
import type { Route } from '../../../../shared/contract/routes'
import { call } from '../../../api/http'
import { deviceKeys, useDeviceTasksChanged } from '../../../components/device/queries'
import { useTaskFollower } from '../../../components/device/use-device-command'
import { iosFamily } from '../family'

/** A tab's own query key: under the device's detail, so a finished task refreshes it with the detail. */
export const tabKey = (deviceId: number, name: string) => [...deviceKeys.detail(iosFamily.platform, deviceId), name] as const

/**
 * Sends a tab's request that queues a task on the device (a profile, a wallpaper, an app install, a refresh) and
 * follows it exactly as the command grid follows a command (useTaskFollower): sent and waiting first, then its
 * success text (`done`, else the endpoint's SPEC §8 text) once the device did it, or the device's reason. `label`
 * names what was sent. The mutation stays pending until the task ended (or the follow-up gave up): its value is the task.
 */
export function useSentToDevice<Req>(route: Route<Req, { taskId: string }>, deviceId: number, label: string, done?: string) {
  const tasksChanged = useDeviceTasksChanged(iosFamily)
  const { sentAndFollowed } = useTaskFollower(iosFamily)
  return useMutation({
    mutationFn: async (req: Req) => {
      const { taskId } = await (call as (r: Route<Req, { taskId: string }>, input: Req) => Promise<{ taskId: string }>)(route, req)
      tasksChanged(deviceId)
      return sentAndFollowed({ label, doneText: done ?? route.success ?? label }, deviceId, taskId)
    },
  })
}
