// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { huaweiArea } from '../../features/huawei-device/area'
import { notify } from '../../notify'
import { deviceDetailQuery, deviceKeys, useDeviceMoved } from './queries'

const envelope = (body: unknown) => new Response(JSON.stringify(body))
const missing = { code: 404, msg: '设备不存在', data: null }
const stillThere = { code: 200, msg: 'success', data: { id: 8, serialNumber: 'HW08', companyId: 2, staffId: null } }

/** The detail's answer after the transfer, as the server gives it. */
function answer(body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => envelope(body)))
}

/** Answers `first` after a while (a request that left before the transfer), then `then` at once. */
function slowThen(first: unknown, then: unknown) {
  const fetch = vi.fn(async () => envelope(then))
  fetch.mockImplementationOnce(() => new Promise((resolve) => setTimeout(() => resolve(envelope(first)), 50)))
  vi.stubGlobal('fetch', fetch)
}

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(deviceKeys.detail('HUAWEI', 8), { id: 8, serialNumber: 'HW08', companyId: 1, staffId: 5 })
  queryClient.setQueryData(deviceKeys.list('HUAWEI', { current: 1 }), { records: [], total: 0 })
  const onGone = vi.fn()
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  const { result, unmount } = renderHook(() => useDeviceMoved(huaweiArea, onGone), { wrapper })
  return { queryClient, onGone, moved: result.current, unmount }
}

const shown = { warning: vi.spyOn(notify, 'warning'), error: vi.spyOn(notify, 'error') }
beforeEach(() => localStorage.setItem('mdm_token', 'tok'))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.clearAllMocks()
  localStorage.clear()
})

describe('a device transferred from its own detail', () => {
  it('that the user can no longer see goes back to the list, without 设备不存在 over it', async () => {
    answer(missing)
    const { onGone, moved, queryClient } = setup()
    await moved(8)
    expect(onGone).toHaveBeenCalledTimes(1)
    expect(shown.warning).not.toHaveBeenCalled()
    expect(shown.error).not.toHaveBeenCalled()
    expect(queryClient.getQueryState(deviceKeys.list('HUAWEI', { current: 1 }))?.isInvalidated).toBe(true)
  })

  it('that the user still sees stays, showing where it is now', async () => {
    answer(stillThere)
    const { onGone, moved, queryClient } = setup()
    await moved(8)
    expect(onGone).not.toHaveBeenCalled()
    expect(queryClient.getQueryData(deviceKeys.detail('HUAWEI', 8))).toMatchObject({ companyId: 2, staffId: null })
    expect(queryClient.getQueryState(deviceKeys.list('HUAWEI', { current: 1 }))?.isInvalidated).toBe(true)
  })

  it('is not told by a refresh that left before the transfer', async () => {
    // The detail refreshes every few seconds while tasks are pending: one is on its way, with the device as it was.
    slowThen({ ...stillThere, data: { ...stillThere.data, companyId: 1, staffId: 5 } }, missing)
    const { onGone, moved, queryClient } = setup()
    void queryClient.fetchQuery({ ...deviceDetailQuery(huaweiArea, 8), staleTime: 0 }).catch(() => undefined)
    await moved(8)
    expect(onGone).toHaveBeenCalledTimes(1)
  })

  it('stays when the detail could not be asked for, and leaves the failure to the screen’s own request', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    const { onGone, moved, queryClient } = setup()
    await moved(8)
    expect(onGone).not.toHaveBeenCalled()
    expect(shown.warning).not.toHaveBeenCalled()
    expect(queryClient.getQueryState(deviceKeys.detail('HUAWEI', 8))?.isInvalidated).toBe(true)
  })

  it('does nothing once the detail is gone (the user went back meanwhile)', async () => {
    slowThen(missing, missing)
    const { onGone, moved, unmount, queryClient } = setup()
    // The app's client outlives the screen (only the detail goes): held here, as the app's provider holds it.
    queryClient.mount()
    const moving = moved(8)
    unmount()
    await moving
    expect(onGone).not.toHaveBeenCalled()
  })
})
