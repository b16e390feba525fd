// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { huaweiArea } from '../../features/huawei-device/area'
import { notify } from '../../notify'
import { deviceKeys, useDeviceMoved } from './queries'

/** The detail's answer after the transfer, as the server gives it. */
function answer(body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body))))
}

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(deviceKeys.detail('HUAWEI', 8), { id: 8, serialNumber: 'HW08', companyId: 1, staffId: 5 })
  queryClient.setQueryData(deviceKeys.list('HUAWEI', { current: 1 }), { records: [], total: 0 })
  const onGone = vi.fn()
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  const { result } = renderHook(() => useDeviceMoved(huaweiArea, onGone), { wrapper })
  return { queryClient, onGone, moved: result.current }
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
    answer({ code: 404, msg: '设备不存在', data: null })
    const { onGone, moved, queryClient } = setup()
    await moved(8)
    expect(onGone).toHaveBeenCalledTimes(1)
    expect(shown.warning).not.toHaveBeenCalled()
    expect(shown.error).not.toHaveBeenCalled()
    expect(queryClient.getQueryState(deviceKeys.list('HUAWEI', { current: 1 }))?.isInvalidated).toBe(true)
  })

  it('that the user still sees stays, showing where it is now', async () => {
    answer({ code: 200, msg: 'success', data: { id: 8, serialNumber: 'HW08', companyId: 2, staffId: null } })
    const { onGone, moved, queryClient } = setup()
    await moved(8)
    expect(onGone).not.toHaveBeenCalled()
    expect(queryClient.getQueryData(deviceKeys.detail('HUAWEI', 8))).toMatchObject({ companyId: 2, staffId: null })
    expect(queryClient.getQueryState(deviceKeys.list('HUAWEI', { current: 1 }))?.isInvalidated).toBe(true)
  })

  it('stays when the detail could not be asked for: the device may well still be there', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    const { onGone, moved } = setup()
    await moved(8)
    expect(onGone).not.toHaveBeenCalled()
  })
})
