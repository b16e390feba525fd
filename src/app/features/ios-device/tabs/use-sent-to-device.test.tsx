// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '../../../notify'
import { useSentToDevice } from './use-sent-to-device'

/** The server as the tab sees it: the request queues a task, whose status answers come one per poll. */
const server = vi.hoisted(() => ({ posts: [] as unknown[], answers: [] as { status: string; errorMessage: string | null }[] }))
vi.mock('../../../api/http', () => ({
  call: vi.fn(async (route: { method: string }, input: unknown) => {
    if (route.method !== 'GET') {
      server.posts.push(input)
      return { taskId: 't1' }
    }
    const answer = server.answers.length > 1 ? server.answers.shift()! : server.answers[0]
    return { taskId: 't1', deviceId: 7, type: 'InstallProfile', result: null, createdAt: '', sentAt: null, finishedAt: null, createdByName: null, ...answer }
  }),
}))

const route = { base: 'main', method: 'PUT', path: '/device/restriction/installProfile', success: '保存策略成功' } as const

let queryClient: QueryClient
let notices: [string, string][]

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  server.posts = []
  notices = []
  for (const kind of ['success', 'warning', 'info', 'error'] as const) vi.spyOn(notify, kind).mockImplementation((m: string) => (notices.push([kind, m]), 0))
})

afterEach(() => {
  cleanup()
  queryClient.clear()
  vi.restoreAllMocks()
})

function renderSend(done?: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  return renderHook(() => useSentToDevice<{ deviceId: number }>(route, 7, '保存策略', done), { wrapper })
}

describe('useSentToDevice (a detail tab’s send, followed like a command)', () => {
  it('says it was sent, and the SPEC §8 text only once the device did it', async () => {
    server.answers = [{ status: 'QUEUED', errorMessage: null }, { status: 'DONE', errorMessage: null }]
    const { result } = renderSend()
    const task = await act(() => result.current.mutateAsync({ deviceId: 7 }))
    expect(server.posts).toEqual([{ deviceId: 7 }])
    expect(task?.status).toBe('DONE')
    expect(notices).toEqual([
      ['info', '“保存策略”已发送，等待设备执行'],
      ['success', '保存策略成功'],
    ])
  })

  it('gives the device’s reason, never the success text, when the device refused', async () => {
    server.answers = [{ status: 'ERROR', errorMessage: 'MDM profile rejected' }]
    const { result } = renderSend('立即应用成功')
    await act(() => result.current.mutateAsync({ deviceId: 7 }))
    expect(notices).toEqual([
      ['info', '“保存策略”已发送，等待设备执行'],
      ['warning', '保存策略失败：设备返回：MDM profile rejected'],
    ])
  })
})
