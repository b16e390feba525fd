import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import type { AgentCommand } from '../../../shared/contract/agent'
import {
  finalTaskStatuses,
  type CommandResponse,
  type DeviceAddRequest,
  type DeviceMoveRequest,
  type DeviceRecord,
  type DeviceSearchParams,
  type DeviceSearchResponse,
  type EnrollmentTokenResponse,
  type MoveTargetsResponse,
  type TaskSearchResponse,
  type TaskStatusResponse,
  type UpdateRentUserInfoRequest,
} from '../../../shared/contract/huawei-device'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from '../../../shared/domain/paging'
import { api, HUAWEI_BASE } from '../../api/http'
import type { DeviceArea } from './area'
import { HUAWEI_DEVICE_ID_PARAM, MI_DEVICE_ID_PARAM } from './area'

const page = {
  current: z.coerce.number().int().min(FIRST_PAGE).catch(FIRST_PAGE),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE),
}
const filters = {
  serialNumber: z.string().optional().catch(undefined),
  renterName: z.string().optional().catch(undefined),
  connectionStatus: z.enum(['success', 'warning', 'error']).optional().catch(undefined),
}

/** URL search of the device lists: page, size and filters; bad values fall back to defaults (STYLE §4). */
export const deviceListSearchSchema = z.object({ ...page, ...filters })
export type DeviceListSearch = z.output<typeof deviceListSearchSchema>

/** The Mi list also carries the device whose detail it shows. */
export const miDeviceSearchSchema = deviceListSearchSchema.extend({
  [MI_DEVICE_ID_PARAM]: z.coerce.number().int().positive().optional().catch(undefined),
})

/** /huawei/detail?huawei-device-id= (SPEC §2). */
export const huaweiDetailSearchSchema = z.object({
  [HUAWEI_DEVICE_ID_PARAM]: z.coerce.number().int().positive().optional().catch(undefined),
})

/** Keys hold every argument, the platform included, so the two areas never share an entry (STYLE §3). */
export const deviceKeys = {
  all: ['huaweiDevices'] as const,
  lists: (platform: string) => [...deviceKeys.all, 'list', platform] as const,
  list: (platform: string, q: DeviceSearchParams) => [...deviceKeys.lists(platform), q] as const,
  details: (platform: string) => [...deviceKeys.all, 'detail', platform] as const,
  detail: (platform: string, id: number) => [...deviceKeys.details(platform), id] as const,
  taskLogs: (platform: string, id: number) => [...deviceKeys.all, 'tasks', platform, id] as const,
  tasks: (platform: string, id: number, paging: { current: number; pageSize: number }) => [...deviceKeys.taskLogs(platform, id), paging] as const,
  moveTargets: (platform: string) => [...deviceKeys.all, 'moveTargets', platform] as const,
}

const path = (area: DeviceArea, p: string) => `${area.api}${p}`
const huawei = { base: HUAWEI_BASE }

/** While tasks are pending, the detail and the task log refresh on their own until the device has answered. */
const PENDING_REFRESH_MS = 2500

export const deviceListQuery = (area: DeviceArea, q: DeviceSearchParams) =>
  queryOptions({
    queryKey: deviceKeys.list(area.platform, q),
    queryFn: () => api.get<DeviceSearchResponse>(path(area, '/device/search'), { ...q }, huawei),
    placeholderData: keepPreviousData,
    // Device lists are what field staff need offline; they hold no secrets.
    meta: { persist: true },
  })

export const deviceDetailQuery = (area: DeviceArea, id: number) =>
  queryOptions({
    queryKey: deviceKeys.detail(area.platform, id),
    queryFn: () => api.get<DeviceRecord>(path(area, '/device/detail'), { deviceId: id }, huawei),
    refetchInterval: (query) => (query.state.data?.pendingTaskCount ? PENDING_REFRESH_MS : false),
    meta: { persist: true },
  })

export const taskLogQuery = (area: DeviceArea, id: number, paging: { current: number; pageSize: number }) =>
  queryOptions({
    queryKey: deviceKeys.tasks(area.platform, id, paging),
    queryFn: () => api.get<TaskSearchResponse>(path(area, '/device/task/search'), { deviceId: id, ...paging }, huawei),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.pendingCount ? PENDING_REFRESH_MS : false),
    // The task log leaves secrets out (the server never repeats a lock passcode in it).
    meta: { persist: true },
  })

export const moveTargetsQuery = (area: DeviceArea) =>
  queryOptions({
    queryKey: deviceKeys.moveTargets(area.platform),
    queryFn: () => api.get<MoveTargetsResponse>(path(area, '/device/moveTargets'), undefined, huawei),
    staleTime: 60_000,
  })

export function useDeviceMutations(area: DeviceArea) {
  const queryClient = useQueryClient()
  const changed = (deviceId?: number) => {
    void queryClient.invalidateQueries({ queryKey: deviceKeys.lists(area.platform) })
    if (deviceId !== undefined) void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(area.platform, deviceId) })
  }
  return {
    add: useMutation({
      mutationFn: (req: DeviceAddRequest) => api.post<{ id: number }>(path(area, '/device/add'), req, huawei),
      onSuccess: () => changed(),
    }),
    updateRentUserInfo: useMutation({
      mutationFn: (req: UpdateRentUserInfoRequest) => api.put<null>(path(area, '/device/updateRentUserInfo'), req, huawei),
      onSuccess: (_d, req) => changed(Number(req.deviceId)),
    }),
    putInRecycle: useMutation({
      mutationFn: (deviceId: number) => api.post<null>(path(area, '/device/putInRecycle'), { deviceId }, huawei),
      onSuccess: (_d, id) => changed(id),
    }),
    takeOutRecycle: useMutation({
      mutationFn: (deviceId: number) => api.post<null>(path(area, '/device/takeOutRecycle'), { deviceId }, huawei),
      onSuccess: (_d, id) => changed(id),
    }),
    move: useMutation({
      mutationFn: (req: DeviceMoveRequest) => api.post<null>(path(area, '/device/move'), req, huawei),
      onSuccess: (_d, req) => changed(Number(req.deviceId)),
    }),
    enrollmentToken: useMutation({
      mutationFn: () => api.post<EnrollmentTokenResponse>(path(area, '/device/enrollmentToken'), {}, huawei),
    }),
  }
}

/** Queues a command; silent lets a bulk run report one summary instead of one notice per device. */
export function useCommandMutation(area: DeviceArea) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ name, deviceId, silent }: { name: AgentCommand; deviceId: number; silent?: boolean }) =>
      api.post<CommandResponse>(path(area, `/device/command/${name}`), { deviceId }, { ...huawei, silent }),
    onSuccess: (_d, { deviceId }) => {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.taskLogs(area.platform, deviceId) })
      void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(area.platform, deviceId) })
    },
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls GET /task/status until the task is final or `timeoutMs` passes. Used for getLockPasscode, whose answer
 * (a passcode) is shown once and never put into the query cache, so it is never persisted.
 */
export async function waitForTask(taskId: string, { timeoutMs = 45_000, intervalMs = 1500, signal }: { timeoutMs?: number; intervalMs?: number; signal?: AbortSignal } = {}): Promise<TaskStatusResponse | null> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && !signal?.aborted) {
    const task = await api.get<TaskStatusResponse>('/task/status', { taskId }, { ...huawei, signal })
    if (finalTaskStatuses.includes(task.status)) return task
    await sleep(intervalMs)
  }
  return null
}
