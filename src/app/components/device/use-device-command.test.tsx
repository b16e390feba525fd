// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TaskStatus } from '../../../shared/contract/huawei-device'
import { notify } from '../../notify'
import type { CommandFamily, CommandSubject } from './family'
import { deviceKeys } from './queries'
import { useDeviceCommand, useSentAndFollowed } from './use-device-command'

/** The server as the hooks see it: queued commands (or a detail tab's requests) and the statuses each task answers, one per poll. */
const server = vi.hoisted(() => ({
  posts: [] as { path: string; body: unknown }[],
  refuse: new Set<number>(),
  statuses: new Map<string, { status: string; errorMessage: string | null }[]>(),
  next: [] as { status: string; errorMessage: string | null }[][],
}))

vi.mock('../../api/http', () => ({
  call: vi.fn(async (route: { method: string; path: string }, input: { deviceId: number; taskId: string }) => {
    if (route.method !== 'GET') {
      const body = input
      if (server.refuse.has(body.deviceId)) throw new Error('refused')
      server.posts.push({ path: route.path, body })
      const taskId = `t${server.posts.length}`
      server.statuses.set(taskId, server.next.shift() ?? [{ status: 'DONE', errorMessage: null }])
      return { taskId }
    }
    {
      const { taskId } = input
      const answers = server.statuses.get(taskId)!
      const answer = answers.length > 1 ? answers.shift()! : answers[0]
      return { taskId, deviceId: 1, type: 'lockScreen', result: null, createdAt: '', sentAt: null, finishedAt: null, createdByName: null, ...answer }
    }
  }),
}))

const confirmAction = vi.hoisted(() => vi.fn(async (_text: string, _confirm?: string) => true))
vi.mock('../dialogs', () => ({ confirmAction }))

/** The account's secondary password as the user answers it (issue #10): {} when none is asked, null on cancel. */
const reauth = vi.hoisted(() => ({ answer: {} as { secondaryPassword?: string } | null, asked: [] as string[] }))
vi.mock('../secondary-password', () => ({
  secondaryPasswordFor: vi.fn(async (_client: unknown, command: string) => (reauth.asked.push(command), reauth.answer)),
}))

/** The one confirmation of a command that cannot be undone (issue #43 item 2), as the user answers it: null cancels. */
const guard = vi.hoisted(() => ({ password: null as string | null, asked: [] as { title: string; text: string; confirmText: string }[] }))
vi.mock('./irreversible-confirm', () => ({
  confirmIrreversible: vi.fn(async (_client: unknown, what: { title: string; text: string; confirmText: string; send: (p: string) => Promise<void> }) => {
    guard.asked.push({ title: what.title, text: what.text, confirmText: what.confirmText })
    if (guard.password === null) return false
    await what.send(guard.password)
    return true
  }),
}))

const family: CommandFamily<'lockScreen' | 'shutdown' | 'restoreSettings'> = {
  platform: 'HUAWEI',
  api: {
    command: {
      lockScreen: { base: 'huawei', method: 'POST', path: '/device/command/lockScreen' },
      shutdown: { base: 'huawei', method: 'POST', path: '/device/command/shutdown' },
      restoreSettings: { base: 'huawei', method: 'POST', path: '/device/command/restoreSettings' },
    },
    taskSearch: { base: 'huawei', method: 'GET', path: '/device/task/search' },
    taskStatus: { base: 'huawei', method: 'GET', path: '/task/status' },
  },
  commands: [
    { name: 'lockScreen', label: '锁屏', doneText: '锁屏成功', bulk: true, quick: true },
    { name: 'shutdown', label: '关机', doneText: '关机成功', destructive: true, confirm: (d) => ({ text: `关机 ${d}？` }) },
    { name: 'restoreSettings', label: '恢复出厂设置', doneText: '恢复出厂设置成功', destructive: true, confirm: (d) => ({ text: `清除 ${d}？` }) },
  ],
}

const makeDevice = (overrides: Partial<CommandSubject> = {}): CommandSubject => ({
  id: 1,
  serialNumber: 'SN1',
  lastCommunicationTime: new Date().toISOString(),
  ...overrides,
})

const status = (s: TaskStatus, errorMessage: string | null = null) => ({ status: s, errorMessage })

let queryClient: QueryClient
let notices: [string, string][]

function renderCommands() {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  return renderHook(() => useDeviceCommand(family), { wrapper })
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  server.posts = []
  server.refuse.clear()
  server.statuses.clear()
  server.next = []
  reauth.answer = {}
  reauth.asked = []
  guard.password = null
  guard.asked = []
  confirmAction.mockClear()
  confirmAction.mockImplementation(async () => true)
  notices = []
  for (const kind of ['success', 'warning', 'info', 'error'] as const) vi.spyOn(notify, kind).mockImplementation((m: string) => (notices.push([kind, m]), 0))
})

afterEach(() => {
  cleanup()
  queryClient.clear()
  vi.restoreAllMocks()
})

/** Waits for the next polls (every 2 s) until `check` holds. */
const until = (check: () => void) => waitFor(check, { timeout: 6000, interval: 100 })

describe('useDeviceCommand', () => {
  it('says the command was sent, and 锁屏成功 only once the device reported it, then refreshes the device', async () => {
    server.next.push([status('QUEUED'), status('SENT'), status('DONE')])
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    const { result } = renderCommands()
    await act(() => result.current.run('lockScreen', makeDevice()))
    expect(server.posts).toEqual([{ path: '/device/command/lockScreen', body: { deviceId: 1 } }])
    expect(notices[0]).toEqual(['info', '“锁屏”已发送，等待设备执行'])
    expect(notices.some(([, m]) => m === '锁屏成功')).toBe(true)
    expect(notices.at(-1)).toEqual(['success', '锁屏成功'])
    // Once sent (pending tag) and once ended (the new state): detail and lists.
    expect(invalidate.mock.calls.filter(([f]) => JSON.stringify(f?.queryKey) === JSON.stringify(deviceKeys.detail('HUAWEI', 1)))).toHaveLength(2)
    expect(invalidate.mock.calls.some(([f]) => JSON.stringify(f?.queryKey) === JSON.stringify(deviceKeys.lists('HUAWEI')))).toBe(true)
  })

  it('gives the device’s reason when the command failed', async () => {
    server.next.push([status('ERROR', 'screen busy')])
    const { result } = renderCommands()
    await act(() => result.current.run('lockScreen', makeDevice()))
    expect(notices).toEqual([
      ['info', '“锁屏”已发送，等待设备执行'],
      ['warning', '锁屏失败：设备返回：screen busy'],
    ])
  })

  it('says the command timed out, with the server’s sentence', async () => {
    server.next.push([status('QUEUED'), status('TIMEOUT', '设备长时间未连接，任务已过期')])
    const { result } = renderCommands()
    const running = result.current.run('lockScreen', makeDevice())
    await until(() => expect(notices).toHaveLength(2))
    await running
    expect(notices[1]).toEqual(['warning', '锁屏超时：设备长时间未连接，任务已过期'])
  })

  it('warns before sending to a device away for over 24 hours, and sends nothing when declined', async () => {
    confirmAction.mockImplementation(async () => false)
    const { result } = renderCommands()
    await act(() => result.current.run('lockScreen', makeDevice({ lastCommunicationTime: new Date(Date.now() - 30 * 3600_000).toISOString() })))
    expect(confirmAction.mock.calls[0][0]).toBe('设备 SN1 已超过 24 小时未连接，“锁屏”将在设备重新连接后执行。是否继续？')
    expect(server.posts).toEqual([])
    expect(notices).toEqual([])
  })

  it('asks once for a destructive command, naming the device, and sends nothing when declined', async () => {
    confirmAction.mockImplementation(async () => false)
    const { result } = renderCommands()
    await act(() => result.current.run('shutdown', makeDevice()))
    expect(confirmAction.mock.calls).toEqual([['关机 SN1？', '关机']])
    expect(server.posts).toEqual([])
  })

  it('sends a bulk command after one confirmation naming the devices, then sums up how it ended', async () => {
    const devices = [1, 2, 3, 4, 5].map((id) => makeDevice({ id, serialNumber: `SN${id}`, lastCommunicationTime: id === 5 ? null : new Date().toISOString() }))
    server.refuse.add(4)
    server.next.push([status('DONE')], [status('SENT'), status('DONE')], [status('ERROR', 'x')], [status('TIMEOUT', '已过期')])
    const { result } = renderCommands()
    let failed: number[] = []
    await act(async () => {
      failed = await result.current.runBulk('lockScreen', devices)
    })
    expect(confirmAction.mock.calls[0][0]).toBe('确定要对 SN1、SN2、SN3 等 5 台设备执行“锁屏”吗？其中 1 台超过 24 小时未连接或尚未接入，指令将在设备连接后执行。')
    expect(failed).toEqual([4])
    expect(notices[0]).toEqual(['warning', '“锁屏”已发送到 4 台设备，1 台发送失败'])
    await until(() => expect(notices).toHaveLength(2))
    expect(notices[1]).toEqual(['warning', '“锁屏”：2 台成功，2 台失败或超时'])
  })

  it('sends a command that cannot be undone from its one confirmation, red button naming it and the device, with the password typed; nothing when cancelled', async () => {
    const { result } = renderCommands()
    guard.password = 'Second@2026'
    await act(() => result.current.run('restoreSettings', makeDevice()))
    expect(guard.asked).toEqual([{ title: '恢复出厂设置', text: '清除 SN1？', confirmText: '恢复出厂设置 SN1' }])
    expect(confirmAction).not.toHaveBeenCalled()
    expect(server.posts).toEqual([{ path: '/device/command/restoreSettings', body: { deviceId: 1, secondaryPassword: 'Second@2026' } }])
    guard.password = null
    await act(() => result.current.run('restoreSettings', makeDevice()))
    expect(server.posts).toHaveLength(1)
    // A destructive command that can be undone (shutdown) is confirmed as before and asks for no password.
    await act(() => result.current.run('shutdown', makeDevice()))
    expect(guard.asked).toHaveLength(2)
    expect(server.posts[1]).toEqual({ path: '/device/command/shutdown', body: { deviceId: 1 } })
  })

  it('says nothing more once the screen is left', async () => {
    // Done at the second poll, 2 s on: a follow-up still running would say so.
    server.next.push([status('QUEUED'), status('DONE')])
    const { result, unmount } = renderCommands()
    const running = result.current.run('lockScreen', makeDevice())
    await until(() => expect(notices).toHaveLength(1))
    unmount()
    await running
    await new Promise((r) => setTimeout(r, 2500))
    expect(notices).toEqual([['info', '“锁屏”已发送，等待设备执行']])
  })
})

describe('useSentAndFollowed (a detail tab’s send, followed like a command)', () => {
  const route = { base: 'main', method: 'PUT', path: '/device/restriction/installProfile', success: '保存策略成功' } as const

  function renderSend(done?: string) {
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    return renderHook(() => useSentAndFollowed<{ deviceId: number }>(family, route, 7, '保存策略', done), { wrapper })
  }

  it('says it was sent, and the SPEC §8 text only once the device did it', async () => {
    server.next.push([status('QUEUED'), status('DONE')])
    const { result } = renderSend()
    const task = await act(() => result.current.mutateAsync({ deviceId: 7 }))
    expect(server.posts).toEqual([{ path: route.path, body: { deviceId: 7 } }])
    expect(task?.status).toBe('DONE')
    expect(notices).toEqual([
      ['info', '“保存策略”已发送，等待设备执行'],
      ['success', '保存策略成功'],
    ])
  })

  it('gives the device’s reason, never the success text, when the device refused', async () => {
    server.next.push([status('ERROR', 'MDM profile rejected')])
    const { result } = renderSend('立即应用成功')
    await act(() => result.current.mutateAsync({ deviceId: 7 }))
    expect(notices).toEqual([
      ['info', '“保存策略”已发送，等待设备执行'],
      ['warning', '保存策略失败：设备返回：MDM profile rejected'],
    ])
  })
})
