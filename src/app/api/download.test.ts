// @vitest-environment jsdom
import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dismiss, useNotice } from '../notify'
import { download, fileNameOf } from './download'

const exportRoute = { base: 'huawei', method: 'GET', path: '/device/export' } as const

function currentNotice() {
  return renderHook(() => useNotice()).result.current
}

let clicked: { href: string; download: string }[] = []
beforeEach(() => {
  localStorage.clear()
  dismiss()
  clicked = []
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:temporary-link'), revokeObjectURL: vi.fn() }))
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download })
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('download helper (SPEC §7)', () => {
  it('GETs with the token header and yields a temporary link saved under the server’s file name', async () => {
    localStorage.setItem('mdm_token', 'tok')
    const fetchMock = vi.fn(async () =>
      new Response(new Uint8Array([80, 75, 3, 4]), {
        status: 200,
        headers: { 'content-disposition': `attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('设备列表.xlsx')}` },
      }),
    )
    vi.stubGlobal('fetch', fetchMock)
    await expect(download(exportRoute, { recycleStatus: false, serialNumber: '' })).resolves.toBe('blob:temporary-link')
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/huawei/mdm/api/v1/device/export?recycleStatus=false')
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok')
    expect(clicked).toEqual([{ href: 'blob:temporary-link', download: '设备列表.xlsx' }])
  })

  it('shows the response text of any other status as a warning and yields empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 400, msg: '连接状态只能是success、warning、error之一', data: null }), { status: 400 })))
    await expect(download(exportRoute)).resolves.toBe('')
    expect(currentNotice()).toMatchObject({ kind: 'warning', message: '连接状态只能是success、warning、error之一' })
    vi.stubGlobal('fetch', vi.fn(async () => new Response('Bad Gateway', { status: 502 })))
    await expect(download(exportRoute)).resolves.toBe('')
    expect(currentNotice()).toMatchObject({ kind: 'warning', message: 'Bad Gateway' })
    expect(clicked).toEqual([])
  })

  it('signs out and goes to /login silently on HTTP 401 (SPEC §8)', async () => {
    localStorage.setItem('mdm_token', 'expired')
    localStorage.setItem('mdm_user', 'demo')
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 401, msg: '登录已失效，请重新登录', data: null }), { status: 401 })))
    await expect(download(exportRoute)).resolves.toBe('')
    expect(assign.mock.calls).toEqual([['/login']])
    expect(localStorage.getItem('mdm_token')).toBeNull()
    expect(localStorage.getItem('mdm_user')).toBeNull()
    expect(currentNotice()).toBeNull()
    expect(clicked).toEqual([])
  })

  it('yields empty on a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    await expect(download(exportRoute)).resolves.toBe('')
    expect(currentNotice()).toMatchObject({ kind: 'warning', message: '网络连接失败' })
  })

  it('reads RFC 5987 and plain file names', () => {
    expect(fileNameOf(`attachment; filename*=UTF-8''${encodeURIComponent('设备列表.xlsx')}`)).toBe('设备列表.xlsx')
    expect(fileNameOf('attachment; filename="list.xlsx"')).toBe('list.xlsx')
    expect(fileNameOf(null)).toBeUndefined()
  })
})
