import { useEffect, useRef } from 'react'
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ResultCode } from '../../../shared/contract/envelope'
import { call, RequestError } from '../../api/http'
import { parseSearch } from '../search-params'
import type { CommandFamily, DeviceFamily, DeviceListParams, FamilyDevice } from './family'
import { deviceListSearch } from './list-search'

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
export function useDeviceTasksChanged(family: Pick<CommandFamily, 'platform'>) {
  const queryClient = useQueryClient()
  return (deviceId: number) => {
    void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(family.platform, deviceId) })
    void queryClient.invalidateQueries({ queryKey: deviceKeys.taskLogs(family.platform, deviceId) })
    void queryClient.invalidateQueries({ queryKey: deviceKeys.lists(family.platform) })
  }
}

/** While tasks are pending, lists, detail and task log refresh on their own until the device has answered. */
const PENDING_REFRESH_MS = 2500

/** A family's device list (or recycle bin, recycleStatus true), kept for offline use: it holds no secrets. */
export const deviceListQuery = <D extends FamilyDevice>(family: DeviceFamily<string, D>, q: DeviceListParams) =>
  queryOptions({
    queryKey: deviceKeys.list(family.platform, q),
    queryFn: () => call(family.api.search, q) as Promise<{ records: D[]; total: number; totalExact?: false }>,
    placeholderData: keepPreviousData,
    // A card shows 执行中 while its device has pending tasks, and the state they leave once they end (issue #11).
    refetchInterval: (query) => (query.state.data?.records.some((d) => d.pendingTaskCount > 0) ? PENDING_REFRESH_MS : false),
    meta: { persist: true },
  })

/**
 * Starts a screen's first request while the router still checks the user's authorities, instead of after (issue
 * #16), under the key the screen's own query has. Silently: a user without the authority is sent to /403 and must see
 * no refusal. A failure is left to the screen's own request, which repeats it (an errored query refetches when
 * observed) and reports it as usual.
 */
async function prefetchSilently<T>(queryClient: QueryClient, options: { queryKey: readonly unknown[] }, queryFn: () => Promise<T>) {
  await queryClient.prefetchQuery({ ...options, queryFn })
  if (queryClient.getQueryState(options.queryKey)?.status === 'error') void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true })
}

/** A device list's first request (DeviceList's key: the URL search plus recycleStatus). */
export function prefetchDeviceList<D extends FamilyDevice>(queryClient: QueryClient, family: DeviceFamily<string, D>, recycle: boolean, search: Record<string, unknown>) {
  const q: DeviceListParams = { ...parseSearch(deviceListSearch, search), recycleStatus: recycle }
  return prefetchSilently(queryClient, deviceListQuery(family, q), () => call(family.api.search, q, { silent: true }))
}

/** A device detail's first request (DeviceDetailShell's key). */
export function prefetchDeviceDetail<D extends FamilyDevice>(queryClient: QueryClient, family: DeviceFamily<string, D>, id: number | undefined) {
  if (id === undefined) return Promise.resolve()
  return prefetchSilently(queryClient, deviceDetailQuery(family, id), () => call(family.api.detail, { deviceId: id }, { silent: true }))
}

export const deviceDetailQuery = <D extends FamilyDevice>(family: DeviceFamily<string, D>, id: number) =>
  queryOptions({
    queryKey: deviceKeys.detail(family.platform, id),
    queryFn: () => call(family.api.detail, { deviceId: id }) as Promise<D>,
    refetchInterval: (query) => (query.state.data?.pendingTaskCount ? PENDING_REFRESH_MS : false),
    meta: { persist: true },
  })

/** Refreshes the lists of a family, and one device's detail, after a change. */
export function useDevicesChanged(family: Pick<DeviceFamily, 'platform'>) {
  const queryClient = useQueryClient()
  return (deviceId?: number) => {
    void queryClient.invalidateQueries({ queryKey: deviceKeys.lists(family.platform) })
    if (deviceId !== undefined) void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(family.platform, deviceId) })
  }
}

/**
 * After a device was transferred from its own detail: the lists are refreshed and the detail asked for again, silently.
 * A device that has left what the user may see (a staff member handing it back to the company) answers as missing:
 * `onGone` takes the user back to the list, instead of 设备不存在 over the device just moved and its live commands.
 * Not once the detail has gone (the user went back meanwhile); any other failure is left to the screen's own request,
 * which says what went wrong.
 */
export function useDeviceMoved<D extends FamilyDevice>(family: DeviceFamily<string, D>, onGone: () => void) {
  const queryClient = useQueryClient()
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => void (mounted.current = false)
  }, [])
  return async (deviceId: number) => {
    void queryClient.invalidateQueries({ queryKey: deviceKeys.lists(family.platform) })
    const query = deviceDetailQuery(family, deviceId)
    // A refresh already on its way (every few seconds while tasks are pending) may have left before the transfer: it is
    // not the answer to wait for.
    await queryClient.cancelQueries({ queryKey: query.queryKey, exact: true })
    try {
      await queryClient.fetchQuery({ ...query, queryFn: () => call(family.api.detail, { deviceId }, { silent: true }) as Promise<D>, staleTime: 0 })
    } catch (err) {
      if (!mounted.current) return
      if (err instanceof RequestError && err.code === ResultCode.notFound) onGone()
      else void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true })
    }
  }
}

/**
 * 淘汰 (into the recycle bin) or 移出回收站 for one device, without refreshing anything: a selection sends one per
 * device and refreshes the lists once at the end (useDevicesChanged), not once per device.
 */
export function setRecycled(family: Pick<DeviceFamily, 'api'>, deviceId: number, recycled: boolean) {
  return call(recycled ? family.api.putInRecycle : family.api.takeOutRecycle, { deviceId })
}

export interface CommandRequest {
  name: string
  deviceId: number
  params?: Record<string, unknown>
  /** A bulk run reports one summary instead of one refusal per device. */
  silent?: boolean
}

/** Queues a command; the answer is the task to follow. */
export function useCommandMutation(family: CommandFamily) {
  const changed = useDeviceTasksChanged(family)
  return useMutation({
    mutationFn: ({ name, deviceId, params, silent }: CommandRequest) =>
      call(family.api.command[name], { ...params, deviceId }, { silent }),
    onSuccess: (_d, { deviceId }) => changed(deviceId),
  })
}


/** A device's task log, newest first (SPEC §7 /device/task/search). */
export const taskLogQuery = (family: CommandFamily, id: number, paging: { current: number; pageSize: number }) =>
  queryOptions({
    queryKey: deviceKeys.tasks(family.platform, id, paging),
    queryFn: () => call(family.api.taskSearch, { deviceId: id, ...paging }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.pendingCount ? PENDING_REFRESH_MS : false),
    // The task log leaves secrets out (the server never repeats a lock passcode in it).
    meta: { persist: true },
  })
