import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Route } from '../../../../shared/contract/routes'
import { call } from '../../../api/http'
import { api } from '../../../api/routes'
import { deviceKeys, useDeviceTasksChanged } from '../../../components/device/queries'
import { taskFailureText, followTask } from '../../../components/device/task-follow'
import { FOLLOW_LIMIT_MS } from '../../../components/device/use-device-command'
import { notify } from '../../../notify'
import { iosFamily } from '../family'

/** A tab's own query key: under the device's detail, so a finished task refreshes it with the detail. */
export const tabKey = (deviceId: number, name: string) => [...deviceKeys.detail(iosFamily.platform, deviceId), name] as const

/**
 * Sends a tab's request that queues a task on the device (a profile, a refresh): the endpoint's success text (SPEC
 * §8) once the server took it, then the task is followed, and when the device answered the tab, detail and task log
 * are refreshed; a failure says the device's reason. `done` is said when the device did it, if given.
 */
export function useSentToDevice<Req>(route: Route<Req, { taskId: string }>, deviceId: number, done?: string) {
  const queryClient = useQueryClient()
  const tasksChanged = useDeviceTasksChanged(iosFamily)
  return useMutation({
    mutationFn: async (req: Req) => {
      const { taskId } = await (call as (r: Route<Req, { taskId: string }>, input: Req) => Promise<{ taskId: string }>)(route, req)
      if (route.success) notify.success(route.success)
      tasksChanged(deviceId)
      const task = await followTask(queryClient, api.task.status, taskId, { limitMs: FOLLOW_LIMIT_MS })
      tasksChanged(deviceId)
      const failure = task && task.status !== 'DONE' ? taskFailureText(task) : null
      if (failure) notify.warning(failure)
      else if (task?.status === 'DONE' && done) notify.success(done)
      return task
    },
  })
}
