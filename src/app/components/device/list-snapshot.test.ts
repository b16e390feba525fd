// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOKEN_KEY, USER_KEY } from '../../api/token'
import { SNAPSHOT_KEY, SNAPSHOT_OVERLAY_ID } from '../../boot-snapshot'
import { CACHE_MAX_AGE_MS } from '../../persist'
import { forgetScrolling, scheduleListSnapshot, SNAPSHOT_CARDS, snapshotOf, STYLE_ATTRIBUTE, type BootSnapshot } from './list-snapshot'

const indexHtml = readFileSync(path.join(process.cwd(), 'index.html'), 'utf8')
/** The page's inline script that paints the saved list (index.html). */
const script = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).find((text) => text.includes(SNAPSHOT_KEY))!
const LIST = '/huawei/device?pageSize=100'

beforeEach(() => {
  localStorage.clear()
  document.head.innerHTML = ''
  // A test that failed while the page had no body (the head's run) leaves none for the next.
  if (!document.body) document.documentElement.appendChild(document.createElement('body'))
  document.body.innerHTML = ''
})

/** A list page as the app renders it: a header, cards with an inline style, and its stylesheets. */
function listPage(cards: number): BootSnapshot {
  history.replaceState(null, '', LIST)
  document.head.innerHTML = '<link rel="stylesheet" href="/assets/index-abc.css"><link rel="stylesheet" href="/assets/DeviceList-def.css">'
  document.body.innerHTML =
    '<div id="root"><header class="shell-header">设备列表</header><main>' +
    Array.from({ length: cards }, (_, i) => `<div class="device-card" style="--card-index: ${i}"><a>SN${i}</a></div>`).join('') +
    '</main></div>'
  return snapshotOf(document.getElementById('root')!, document, 'demo', Date.now())!
}

/** The app opened again at `url` with `stored` in localStorage, its script run once the body is there (the tests below also run it during the head). */
function openWith(stored: Record<string, string>, url: string, version = __APP_VERSION__): Document {
  localStorage.clear()
  for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v)
  history.replaceState(null, '', url)
  document.head.innerHTML = `<meta name="app-version" content="${version}">`
  document.body.innerHTML = '<div id="root"></div>'
  new Function(script)()
  return document
}

const saved = (cards = 20) => listPage(cards)
const signedIn = (snapshot: BootSnapshot, user = 'demo') => ({ [SNAPSHOT_KEY]: JSON.stringify(snapshot), [TOKEN_KEY]: 't', [USER_KEY]: user })
const LIST_URL = LIST

describe('the list painted before the app runs', () => {
  it('keeps the first cards, the stylesheets and the address; inline styles are set aside for the CSP', () => {
    const s = saved(20)
    expect(s.url).toBe('/huawei/device?pageSize=100')
    expect(s.styles).toEqual(['/assets/index-abc.css', '/assets/DeviceList-def.css'])
    expect(s.html.match(/class="device-card"/g)).toHaveLength(SNAPSHOT_CARDS)
    expect(s.html).toContain('设备列表')
    expect(s.html).not.toContain(' style=')
    expect(s.html).toContain(`${STYLE_ATTRIBUTE}="--card-index: 0"`)
  })

  it('is painted, inert and hidden from assistive technology, with its stylesheets linked and its inline styles back', () => {
    const doc = openWith(signedIn(saved(3)), LIST_URL)
    const overlay = doc.getElementById(SNAPSHOT_OVERLAY_ID)!
    expect(overlay).not.toBeNull()
    expect(overlay.getAttribute('aria-hidden')).toBe('true')
    expect(overlay.querySelectorAll('.device-card')).toHaveLength(3)
    expect((overlay.querySelector('.device-card') as HTMLElement).style.getPropertyValue('--card-index')).toBe('0')
    const links = [...doc.head.querySelectorAll('link[rel="stylesheet"]')]
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/assets/index-abc.css', '/assets/DeviceList-def.css'])
    // The app's own root is left alone for React.
    expect(doc.getElementById('root')!.innerHTML).toBe('')
  })

  it('finds the stylesheets the page links already and does not load them again', () => {
    localStorage.clear()
    for (const [k, v] of Object.entries(signedIn(saved(3)))) localStorage.setItem(k, v)
    history.replaceState(null, '', LIST_URL)
    // As vite links the app's stylesheet in the head (crossorigin), parsed before the body is.
    document.head.innerHTML = `<meta name="app-version" content="${__APP_VERSION__}"><link rel="stylesheet" crossorigin href="/assets/index-abc.css">`
    document.body.innerHTML = '<div id="root"></div>'
    new Function(script)()
    expect([...document.head.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href'))).toEqual(['/assets/index-abc.css', '/assets/DeviceList-def.css'])
    expect(document.getElementById(SNAPSHOT_OVERLAY_ID)).not.toBeNull()
  })

  it('is written into the head after the version it checks, before the stylesheets vite links at the head’s end (it must not wait for them)', () => {
    const head = indexHtml.slice(0, indexHtml.indexOf('</head>'))
    expect(head.indexOf(script)).toBeGreaterThan(head.indexOf('name="app-version"'))
    expect(head).not.toMatch(/<link rel="stylesheet"/)
  })

  it('opened while the head is parsed, goes into the body as soon as the parser makes it, linking only what the whole head lacks', async () => {
    localStorage.clear()
    for (const [k, v] of Object.entries(signedIn(saved(3)))) localStorage.setItem(k, v)
    history.replaceState(null, '', LIST_URL)
    document.head.innerHTML = `<meta name="app-version" content="${__APP_VERSION__}">`
    document.documentElement.removeChild(document.body)
    new Function(script)()
    expect(document.getElementById(SNAPSHOT_OVERLAY_ID)).toBeNull()
    // The parser goes on: vite's stylesheet at the head's end; the white space after </head>, which is no body yet.
    document.head.insertAdjacentHTML('beforeend', '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">')
    document.documentElement.appendChild(document.createTextNode('\n  '))
    await Promise.resolve()
    expect(document.getElementById(SNAPSHOT_OVERLAY_ID)).toBeNull()
    // Then the body.
    const body = document.createElement('body')
    body.innerHTML = '<div id="root"></div>'
    document.documentElement.appendChild(body)
    await Promise.resolve()
    expect(document.body.firstElementChild!.id).toBe(SNAPSHOT_OVERLAY_ID)
    expect(document.body.querySelectorAll('.device-card')).toHaveLength(3)
    expect([...document.head.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href'))).toEqual(['/assets/index-abc.css', '/assets/DeviceList-def.css'])
    // Once only: the observer has let go (a later change of the page paints no second list).
    document.documentElement.appendChild(document.createTextNode('\n'))
    await Promise.resolve()
    expect(document.querySelectorAll(`#${SNAPSHOT_OVERLAY_ID}`)).toHaveLength(1)
  })

  it('is not painted at another address, for another user, signed out, for another version, or when old', () => {
    const s = saved(3)
    const painted = (doc: Document) => doc.getElementById(SNAPSHOT_OVERLAY_ID) !== null
    expect(painted(openWith(signedIn(s), '/huawei/device?pageSize=100&current=2'))).toBe(false)
    expect(painted(openWith(signedIn(s), '/ios/device?pageSize=100'))).toBe(false)
    expect(painted(openWith({ ...signedIn(s), [USER_KEY]: 'demo-east' }, LIST_URL))).toBe(false)
    expect(painted(openWith({ [SNAPSHOT_KEY]: JSON.stringify(s), [USER_KEY]: 'demo' }, LIST_URL))).toBe(false)
    expect(painted(openWith(signedIn(s), LIST_URL, 'another-version'))).toBe(false)
    // As old as the persisted cache may be (persist.ts), and no older.
    expect(painted(openWith(signedIn({ ...s, savedAt: Date.now() - CACHE_MAX_AGE_MS - 60_000 }), LIST_URL))).toBe(false)
    expect(painted(openWith(signedIn({ ...s, savedAt: Date.now() - CACHE_MAX_AGE_MS + 60_000 }), LIST_URL))).toBe(true)
    expect(painted(openWith({ ...signedIn(s), [SNAPSHOT_KEY]: '{not json' }, LIST_URL))).toBe(false)
    // The control: the same snapshot is painted where it belongs.
    expect(painted(openWith(signedIn(s), LIST_URL))).toBe(true)
  })
})

describe('when the list is saved', () => {
  beforeEach(() => {
    vi.stubEnv('DEV', false)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] })
    forgetScrolling()
    listPage(20)
    localStorage.setItem(TOKEN_KEY, 't')
    localStorage.setItem(USER_KEY, 'demo')
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllEnvs()
  })
  const stored = () => localStorage.getItem(SNAPSHOT_KEY)

  it('saves two seconds after the list last changed, and not once the list has changed again', () => {
    scheduleListSnapshot()
    vi.advanceTimersByTime(1999)
    expect(stored()).toBeNull()
    vi.advanceTimersByTime(10)
    expect(JSON.parse(stored()!).url).toBe(LIST)

    localStorage.removeItem(SNAPSHOT_KEY)
    const cancel = scheduleListSnapshot()
    vi.advanceTimersByTime(1000)
    cancel()
    vi.advanceTimersByTime(5000)
    expect(stored()).toBeNull()
  })

  it('waits until the page has been still for half a second: a save during a scroll would cost it a frame', () => {
    scheduleListSnapshot()
    vi.advanceTimersByTime(1900)
    document.querySelector('main')!.dispatchEvent(new Event('scroll'))
    vi.advanceTimersByTime(300)
    expect(stored()).toBeNull()
    // Scrolling on: each scroll puts the save off again.
    window.dispatchEvent(new Event('scroll'))
    vi.advanceTimersByTime(450)
    expect(stored()).toBeNull()
    vi.advanceTimersByTime(100)
    expect(JSON.parse(stored()!).url).toBe(LIST)
  })
})
