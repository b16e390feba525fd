// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { call } from './http'
import { menuQuery, userInfoQuery, watchAccountVersion } from './user-center'

const LIST = { base: 'main', method: 'GET', path: '/x' } as const

/** Every request answers as the server does: an envelope, with the account's version in its header. */
function serverAt(version: string) {
  const asked: string[] = []
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    asked.push(url)
    const data = url.endsWith('/userCenter/info') ? { username: 'demo', version } : url.endsWith('/userCenter/menu') ? [] : { records: [] }
    return new Response(JSON.stringify({ code: 200, msg: 'success', data }), { headers: { 'X-Account-Version': version } })
  }))
  return asked
}

afterEach(() => vi.unstubAllGlobals())

describe('user info and menu (SPEC §2: once, then on the server’s word)', () => {
  it('are not refreshed by a timer', () => {
    expect(userInfoQuery().staleTime).toBe(Infinity)
    expect(menuQuery().staleTime).toBe(Infinity)
  })

  it('reload once when an answer names another account version than the held info’s, and not while it is the same', async () => {
    const queryClient = new QueryClient()
    watchAccountVersion(queryClient)
    let asked = serverAt('v1')
    await queryClient.fetchQuery(userInfoQuery())
    await queryClient.fetchQuery(menuQuery())
    // On screen, as the shell's side panel holds them.
    const watching = [new QueryObserver(queryClient, userInfoQuery()), new QueryObserver(queryClient, menuQuery())].map((o) => o.subscribe(() => undefined))
    asked.length = 0

    await call(LIST)
    await call(LIST)
    expect(asked).toEqual(['/mdm/api/v1/x', '/mdm/api/v1/x'])

    // A role changed elsewhere: the next answers say v2. Info and menu are asked for once, however many answers say it.
    asked = serverAt('v2')
    await Promise.all([call(LIST), call(LIST), call(LIST)])
    await vi.waitFor(() => expect(queryClient.getQueryData(userInfoQuery().queryKey)?.version).toBe('v2'))
    expect(asked.filter((url) => url.includes('/userCenter/')).sort()).toEqual(['/mdm/api/v1/userCenter/info', '/mdm/api/v1/userCenter/menu'])
    asked.length = 0
    await call(LIST)
    expect(asked).toEqual(['/mdm/api/v1/x'])
    for (const stop of watching) stop()
  })
})
