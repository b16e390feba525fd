// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { QueryClient } from '@tanstack/react-query'
import { defaultParseSearch } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screens } from '../screens'
import type { RoutePath } from '../../shared/messages/routes'
import { call } from './http'
import { earlyKey, EARLY_TAKE_MS, takeEarly, type EarlyRequests } from './early'
import { menuQuery, userInfoQuery } from './user-center'
import { TABLET_MEDIA_QUERY } from '../layout/use-media-query'

const TOKEN = 'tok-1'

/** The requests index.html's early-requests script starts at this address, as earlyKey names them. */
function pageRequests(href: string, { token = TOKEN as string | null, onLine = true, width = PHONE_WIDTH } = {}) {
  const html = readFileSync('index.html', 'utf8')
  const script = /<script id="early-requests">([\s\S]*?)<\/script>/.exec(html)?.[1]
  if (!script) throw new Error('index.html has no early-requests script')
  // The page's own window, apart from the test's (jsdom's): what the script leaves there is returned.
  const pageWindow: { __mdmEarly?: EarlyRequests } = {}
  const sent: { key: string; headers: Record<string, string> }[] = []
  const timers: { ms: number; run: () => void }[] = []
  runInNewContext(script, {
    window: Object.assign(pageWindow, { matchMedia: (query: string) => ({ matches: query === TABLET_MEDIA_QUERY && width >= TABLET_FROM }) }),
    setTimeout: (run: () => void, ms: number) => timers.push({ ms, run }),
    location: new URL(href, 'https://console.example'),
    navigator: { onLine },
    localStorage: { getItem: (key: string) => (key === 'mdm_token' ? token : null) },
    URLSearchParams,
    Date,
    fetch: (url: string, init: RequestInit) => {
      sent.push({ key: earlyKey(init.method ?? 'GET', url, init.body as string | undefined), headers: init.headers as Record<string, string> })
      return Promise.resolve(new Response('{}'))
    },
  })
  return { sent, early: pageWindow.__mdmEarly, timers }
}

const PHONE_WIDTH = 390
const TABLET_WIDTH = 820
/** The width from which the console is laid out for a tablet (its menu on screen from the start). */
const TABLET_FROM = Number(/^\(min-width: (\d+)px\)$/.exec(TABLET_MEDIA_QUERY)?.[1])

/**
 * The requests the app makes first at this address: the user's info (the router's authority check), on a tablet the
 * menu (the Shell's side panel, on screen from the start), and the screen's prefetch.
 */
async function appRequests(href: string, width = PHONE_WIDTH): Promise<string[]> {
  const made: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      made.push(earlyKey(init.method ?? 'GET', url, init.body as string | undefined))
      return new Response(JSON.stringify({ code: 200, msg: 'success', data: { records: [], total: 0 } }))
    }),
  )
  const url = new URL(href, 'https://console.example')
  const queryClient = new QueryClient()
  await queryClient.fetchQuery(userInfoQuery())
  if (width >= TABLET_FROM) await queryClient.fetchQuery(menuQuery())
  await screens[url.pathname as RoutePath]?.prefetch?.(queryClient, defaultParseSearch(url.search))
  return made
}

beforeEach(() => localStorage.setItem('mdm_token', TOKEN))
afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  delete window.__mdmEarly
})

describe("index.html's early requests (issue #16)", () => {
  it.each([
    ...['/huawei/device', '/huawei/recycle', '/mi/device', '/mi/recycle', '/ios/device', '/ios/recycle'],
    ...['/huawei/detail?huawei-device-id=8', '/huawei/detail?huawei-device-id=123456789', '/ios/detail?device-id=8', '/ios/detail?device-id=123456789', '/dashboard', '/user/staff'],
  ].flatMap((href) => [[href, PHONE_WIDTH] as const, [href, TABLET_WIDTH] as const]))('are exactly the app’s first requests at %s, %i px wide', async (href, width) => {
    const app = await appRequests(href, width)
    expect(pageRequests(href, { width }).sent.map((r) => r.key).sort()).toEqual(app.sort())
  })

  it('ask for the menu on a tablet only, where it is on screen from the start', async () => {
    expect(PHONE_WIDTH).toBeLessThan(TABLET_FROM)
    expect(TABLET_WIDTH).toBeGreaterThanOrEqual(TABLET_FROM)
    const menu = 'GET /mdm/api/v1/userCenter/menu'
    expect(pageRequests('/huawei/device', { width: TABLET_WIDTH }).sent.map((r) => r.key)).toContain(menu)
    expect(pageRequests('/huawei/device', { width: PHONE_WIDTH }).sent.map((r) => r.key)).not.toContain(menu)
  })

  it.each([
    '/huawei/device?current=2',
    '/huawei/device?serialNumber=HW01',
    '/mi/device?mi-device-id=8',
    '/huawei/detail?huawei-device-id=0',
    '/huawei/detail?huawei-device-id=08',
    '/huawei/detail?huawei-device-id=1234567890',
    '/huawei/detail?huawei-device-id=8&current=2',
    '/ios/detail?device-id=08',
    '/ios/detail',
  ])('at %s are only requests the app makes too (the user’s info)', async (href) => {
    const app = await appRequests(href)
    const page = pageRequests(href).sent.map((r) => r.key)
    expect(page).toEqual(['POST /mdm/api/v1/userCenter/info {}'])
    for (const key of page) expect(app).toContain(key)
  })

  it('carry the token, and the JSON type of the one with a body', () => {
    const { sent, early } = pageRequests('/huawei/device')
    for (const { headers } of sent) expect(headers.Authorization).toBe(`Bearer ${TOKEN}`)
    expect(sent.find((r) => r.key.startsWith('POST'))?.headers['Content-Type']).toBe('application/json')
    expect(sent.find((r) => r.key.startsWith('GET'))?.headers['Content-Type']).toBeUndefined()
    expect(early?.token).toBe(TOKEN)
    expect(Object.keys(early?.requests ?? {}).sort()).toEqual(sent.map((r) => r.key).sort())
  })

  it('let go of the answers the app has not taken once it would no longer take them', async () => {
    const { early, timers } = pageRequests('/huawei/device')
    expect(timers.map((t) => t.ms)).toEqual([EARLY_TAKE_MS])
    window.__mdmEarly = early
    const taken = takeEarly('GET', '/huawei/mdm/api/v1/device/search?current=1&pageSize=10&recycleStatus=false', undefined, TOKEN)
    const left = Object.values(early!.requests)
    expect(left).toHaveLength(1)
    timers[0].run()
    expect(early!.requests).toEqual({})
    // The answer left is cancelled, not left unread; the one taken is the app's to read.
    await expect(left[0].then((r) => r.bodyUsed)).resolves.toBe(true)
    await expect((await taken!).text()).resolves.toBe('{}')
  })

  it.each([
    ['signed out', '/huawei/device', { token: null }],
    ['offline', '/huawei/device', { onLine: false }],
    ['on the sign-in page', '/login', {}],
    ['on the registration page', '/register', {}],
  ])('start nothing %s', (_case, href, options) => {
    const { sent, early } = pageRequests(href, options)
    expect(sent).toEqual([])
    expect(early).toBeUndefined()
  })
})

describe('the app taking an early request (early.ts)', () => {
  const SEARCH = '/huawei/mdm/api/v1/device/search?current=1&pageSize=10&recycleStatus=false'
  const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'success', data }))
  const startedAt = (at: number, answer: Promise<Response>) => {
    window.__mdmEarly = { token: TOKEN, at, requests: { [earlyKey('GET', SEARCH, undefined)]: answer } }
  }
  const search = { base: 'huawei', method: 'GET', path: '/device/search' } as const
  const params = { current: 1, pageSize: 10, recycleStatus: false }

  it('takes the page’s answer for exactly its request, once', async () => {
    startedAt(Date.now(), Promise.resolve(envelope({ records: [], total: 7 })))
    vi.stubGlobal('fetch', vi.fn(async () => envelope({ records: [], total: 1 })))
    await expect(call(search, params)).resolves.toEqual({ records: [], total: 7 })
    expect(fetch).not.toHaveBeenCalled()
    // The second time is the app's own request.
    await expect(call(search, params)).resolves.toEqual({ records: [], total: 1 })
    expect(fetch).toHaveBeenCalledOnce()
  })

  it('makes its own request for another address, another token, or after the first seconds', async () => {
    const answer = Promise.resolve(envelope({ records: [], total: 7 }))
    startedAt(Date.now(), answer)
    expect(takeEarly('GET', SEARCH.replace('pageSize=10', 'pageSize=20'), undefined, TOKEN)).toBeUndefined()
    expect(takeEarly('POST', SEARCH, undefined, TOKEN)).toBeUndefined()
    expect(takeEarly('GET', SEARCH, undefined, 'another-token')).toBeUndefined()
    expect(takeEarly('GET', SEARCH, undefined, null)).toBeUndefined()
    startedAt(Date.now() - EARLY_TAKE_MS - 1, answer)
    expect(takeEarly('GET', SEARCH, undefined, TOKEN)).toBeUndefined()
    // Left alone, and gone: not taken later either.
    startedAt(Date.now(), answer)
    expect(takeEarly('GET', SEARCH, undefined, TOKEN)).toBe(answer)
    expect(takeEarly('GET', SEARCH, undefined, TOKEN)).toBeUndefined()
  })

  it('lets go of every answer not taken yet once the app sends a change of its own', async () => {
    const info = Promise.resolve(envelope({ username: 'demo' }))
    const list = Promise.resolve(envelope({ records: [], total: 7 }))
    window.__mdmEarly = { token: TOKEN, at: Date.now(), requests: { [earlyKey('POST', '/mdm/api/v1/userCenter/info', '{}')]: info, [earlyKey('GET', SEARCH, undefined)]: list } }
    vi.stubGlobal('fetch', vi.fn(async () => envelope(null)))
    // The page's own read by POST is taken, and changes nothing.
    await expect(call({ base: 'main', method: 'POST', path: '/userCenter/info' })).resolves.toEqual({ username: 'demo' })
    expect(Object.keys(window.__mdmEarly.requests)).toHaveLength(1)
    // A change (a device recycled, say): the list answered before it is out of date, and let go.
    await call({ base: 'huawei', method: 'POST', path: '/device/recycle' }, { ids: [1] })
    expect(window.__mdmEarly.requests).toEqual({})
    await expect(list.then((r) => r.bodyUsed)).resolves.toBe(true)
    await call(search, params)
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('lets go of an answer asked for too late', async () => {
    const answer = Promise.resolve(envelope({ records: [], total: 7 }))
    startedAt(Date.now() - EARLY_TAKE_MS - 1, answer)
    expect(takeEarly('GET', SEARCH, undefined, TOKEN)).toBeUndefined()
    expect(window.__mdmEarly?.requests).toEqual({})
    await expect(answer.then((r) => r.bodyUsed)).resolves.toBe(true)
  })

  it('reports a page’s request that failed as its own network failure', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'))
    failed.catch(() => undefined)
    startedAt(Date.now(), failed)
    vi.stubGlobal('fetch', vi.fn())
    await expect(call(search, params, { silent: true })).rejects.toMatchObject({ code: 0 })
    expect(fetch).not.toHaveBeenCalled()
  })
})
