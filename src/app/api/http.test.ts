// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { call, RequestError, setUnauthorizedHandler } from './http'
import { dismiss, LONG_NOTICE_DURATION_MS, NOTICE_DURATION_MS, useNotice } from '../notify'
import { renderHook } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { RECONNECT_CHECK_MS, serverReached, setReconnectCheck } from './connectivity'

const GET_X = { base: 'main', method: 'GET', path: '/x' } as const
const POST_X = { base: 'main', method: 'POST', path: '/x' } as const
const PUT_X = { base: 'main', method: 'PUT', path: '/x' } as const

function respond(body: unknown, status = 200) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })))
}

function currentNotice() {
  return renderHook(() => useNotice()).result.current
}

beforeEach(() => {
  localStorage.clear()
  dismiss()
})
afterEach(() => vi.unstubAllGlobals())

describe('http client (SPEC §7, §8)', () => {
  it('sends the bearer token from mdm_token and unwraps data', async () => {
    localStorage.setItem('mdm_token', 'tok')
    respond({ code: 200, msg: 'success', data: { a: 1 } })
    await expect(call(GET_X, { current: 1, empty: '' })).resolves.toEqual({ a: 1 })
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/mdm/api/v1/x?current=1')
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok')
  })

  it('returns msg when a mutation succeeds with no data, and keeps a read\'s empty data', async () => {
    respond({ code: 200, msg: '删除成功', data: null })
    await expect(call(POST_X)).resolves.toBe('删除成功')
    respond({ code: 200, msg: '编辑成功' })
    await expect(call(PUT_X)).resolves.toBe('编辑成功')
    respond({ code: 200, msg: 'success', data: null })
    await expect(call(GET_X)).resolves.toBeNull()
    respond({ code: 200, msg: 'success', data: 0 })
    await expect(call(POST_X)).resolves.toBe(0)
  })

  it.each([
    ['envelope 401', { code: 401, msg: '登录已失效', data: null }, 200],
    ['HTTP 401', 'unauthorized', 401],
  ])('goes to /login silently on %s and forgets the token', async (_name, body, status) => {
    localStorage.setItem('mdm_token', 'tok')
    const handler = vi.fn()
    setUnauthorizedHandler(handler)
    respond(body, status)
    await expect(call(POST_X)).rejects.toBeInstanceOf(RequestError)
    expect(handler).toHaveBeenCalledOnce()
    expect(localStorage.getItem('mdm_token')).toBeNull()
    expect(currentNotice()).toBeNull()
  })

  it('warns with msg for other codes, titled 提示, for 3 seconds', async () => {
    vi.useFakeTimers()
    try {
      respond({ code: 400, msg: '用户名不能为空', data: null }, 400)
      await expect(call(POST_X)).rejects.toMatchObject({ code: 400, message: '用户名不能为空' })
      // SPEC §9: notifications last 3 seconds (registration success 20).
      expect(NOTICE_DURATION_MS).toBe(3000)
      expect(LONG_NOTICE_DURATION_MS).toBe(20_000)
      expect(currentNotice()).toMatchObject({ kind: 'warning', message: '用户名不能为空', durationMs: 3000 })
      vi.advanceTimersByTime(2999)
      expect(currentNotice()).not.toBeNull()
      vi.advanceTimersByTime(1)
      expect(currentNotice()).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('warns 网络连接失败 when the network fails, and marks the error as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    const err = (await call(GET_X).catch((e: unknown) => e)) as RequestError
    expect(err).toBeInstanceOf(RequestError)
    expect(err.isNetwork).toBe(true)
    expect(currentNotice()?.message).toBe('网络连接失败')
  })

  it('goes offline when a request fails for want of a network, whatever navigator.onLine says, and checks until the server answers', async () => {
    vi.useFakeTimers()
    try {
      // As after an answered request (an earlier test's failure may have left a check waiting).
      serverReached()
      const check = vi.fn(() => call(GET_X, {}, { silent: true }))
      setReconnectCheck(check)
      vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
      await call(GET_X).catch(() => undefined)
      expect(onlineManager.isOnline()).toBe(false)
      // Still no network: the check fails and is tried again, one at a time.
      await vi.advanceTimersByTimeAsync(RECONNECT_CHECK_MS)
      expect(check).toHaveBeenCalledTimes(1)
      expect(onlineManager.isOnline()).toBe(false)
      // The network is back: the next check is answered, and the app is online again; no more checks.
      respond({ code: 200, msg: 'success', data: {} })
      await vi.advanceTimersByTimeAsync(RECONNECT_CHECK_MS)
      expect(check).toHaveBeenCalledTimes(2)
      expect(onlineManager.isOnline()).toBe(true)
      await vi.advanceTimersByTimeAsync(3 * RECONNECT_CHECK_MS)
      expect(check).toHaveBeenCalledTimes(2)
    } finally {
      setReconnectCheck(async () => undefined)
      onlineManager.setOnline(true)
      vi.useRealTimers()
    }
  })

  it('treats result false as a failure and a body of "err" as an error', async () => {
    respond({ code: 200, msg: '操作失败', data: null, result: false })
    await expect(call(POST_X)).rejects.toMatchObject({ message: '操作失败' })
    respond('err')
    await expect(call(POST_X)).rejects.toBeInstanceOf(RequestError)
    expect(currentNotice()).toMatchObject({ kind: 'error' })
  })

  it('shows one notification at a time: a new one replaces the current one', async () => {
    respond({ code: 400, msg: '第一条', data: null })
    await call(POST_X).catch(() => undefined)
    respond({ code: 400, msg: '第二条', data: null })
    await call(POST_X).catch(() => undefined)
    expect(currentNotice()?.message).toBe('第二条')
  })

  it('stays silent when asked to', async () => {
    respond({ code: 400, msg: '静默', data: null })
    await expect(call(GET_X, undefined, { silent: true })).rejects.toBeInstanceOf(RequestError)
    expect(currentNotice()).toBeNull()
  })
})
