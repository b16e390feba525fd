import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/http'
import type { DeviceFamily } from './family'

/** Keys hold every argument, the platform included, so two families never share an entry (STYLE §3). */
export const deviceKeys = {
  all: ['huaweiDevices'] as const,
  lists: (platform: string) => [...deviceKeys.all, 'list', platform] as const,
  list: (platform: string, q: object) => [...deviceKeys.lists(platform), q] as const,
  details: (platform: string) => [...deviceKeys.all, 'detail', platform] as const,
  detail: (platform: string, id: number) => [...deviceKeys.details(platform), id] as const,
  taskLogs: (platform: string, id: number) => [...deviceKeys.all, 'tasks', platform, id] as const,
  tasks: (platform: string, id: number, paging: { current: number; pageSize: number }) => [...deviceKeys.taskLogs(platform, id), paging] as const,
}

/** Refreshes what a device's tasks change: its detail, its task log and the family's lists (card tags). */
export function useDeviceTasksChanged(family: Pick<DeviceFamily, 'platform'>) {
  const queryClient = useQueryClient()
  return (deviceId: number) => {
    void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(family.platform, deviceId) })
    void queryClient.invalidateQueries({ queryKey: deviceKeys.taskLogs(family.platform, deviceId) })
    void queryClient.invalidateQueries({ queryKey: deviceKeys.lists(family.platform) })
  }
}

export interface CommandRequest {
  name: string
  deviceId: number
  params?: Record<string, unknown>
  /** A bulk run reports one summary instead of one refusal per device. */
  silent?: boolean
}

/** Queues a command; the answer is the task to follow. */
export function useCommandMutation(family: DeviceFamily) {
  const changed = useDeviceTasksChanged(family)
  return useMutation({
    mutationFn: ({ name, deviceId, params, silent }: CommandRequest) =>
      call(family.api.command[name], { ...params, deviceId }, { silent }),
    onSuccess: (_d, { deviceId }) => changed(deviceId),
  })
}

/** While tasks are pending, the task log refreshes on its own until the device has answered. */
const PENDING_REFRESH_MS = 2500

/** A device's task log, newest first (SPEC §7 /device/task/search). */
export const taskLogQuery = (family: DeviceFamily, id: number, paging: { current: number; pageSize: number }) =>
  queryOptions({
    queryKey: deviceKeys.tasks(family.platform, id, paging),
    queryFn: () => call(family.api.taskSearch, { deviceId: id, ...paging }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.pendingCount ? PENDING_REFRESH_MS : false),
    // The task log leaves secrets out (the server never repeats a lock passcode in it).
    meta: { persist: true },
  })
