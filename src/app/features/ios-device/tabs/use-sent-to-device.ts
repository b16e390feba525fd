import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Route } from '../../../../shared/contract/routes'
import { call } from '../../../api/http'
import { api } from '../../../api/routes'
import { deviceKeys, useDeviceTasksChanged } from '../../../components/device/queries'
import { taskFailureText, followTask } from '../../../components/device/task-follow'
import { FOLLOW_LIMIT_MS } from '../../../components/device/use-device-command'
import { notify } from '../../../notify'
import { deviceCommandText } from '../../../../shared/messages/devices'
import { iosFamily } from '../family'

/** A tab's own query key: under the device's detail, so a finished task refreshes it with the detail. */
export const tabKey = (deviceId: number, name: string) => [...deviceKeys.detail(iosFamily.platform, deviceId), name] as const

/**
 * Sends a tab's request that queues a task on the device (a profile, a wallpaper, an app install, a refresh), as the
 * command grid does (issue #11: queuing is not success): first that it was sent and waits for the device, then,
 * when the device answered, its success text (`done`, else the endpoint's SPEC §8 text) or the device's reason;
 * the tab, detail and task log are refreshed then. `label` names what was sent.
 */
export function useSentToDevice<Req>(route: Route<Req, { taskId: string }>, deviceId: number, label: string, done?: string) {
  const queryClient = useQueryClient()
  const tasksChanged = useDeviceTasksChanged(iosFamily)
  return useMutation({
    mutationFn: async (req: Req) => {
      const { taskId } = await (call as (r: Route<Req, { taskId: string }>, input: Req) => Promise<{ taskId: string }>)(route, req)
      notify.info(deviceCommandText.sent(label))
      tasksChanged(deviceId)
      const task = await followTask(queryClient, api.task.status, taskId, { limitMs: FOLLOW_LIMIT_MS })
      tasksChanged(deviceId)
      const failure = task && task.status !== 'DONE' ? taskFailureText(task) : null
      const success = done ?? route.success
      if (failure) notify.warning(failure)
      else if (task?.status === 'DONE' && success) notify.success(success)
      else if (!task) notify.info(deviceCommandText.stillWaiting(label))
      return task
    },
  })
}
