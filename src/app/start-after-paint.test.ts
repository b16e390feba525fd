// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startAfterPaint } from './start-after-paint'

const ENTRY = '/assets/index-abc.js'

/** The function as the page runs it: its source text, called with the entry (vite.config.ts: startAfterPaintPlugin). */
const runInPage = (fallbackMs?: number) => new Function(`(${startAfterPaint.toString()})(${JSON.stringify(ENTRY)}${fallbackMs === undefined ? '' : `, ${fallbackMs}`})`)()

const entryScripts = () => [...document.querySelectorAll('script')].filter((s) => s.getAttribute('src') === ENTRY)

/** A PerformanceObserver that reports what `paint` hands it, as the browser reports paint timings. */
let observers: { callback: PerformanceObserverCallback; options?: PerformanceObserverInit; disconnected: boolean }[] = []
class FakeObserver {
  static supportedEntryTypes = ['paint', 'navigation']
  record: (typeof observers)[number]
  constructor(callback: PerformanceObserverCallback) {
    this.record = { callback, disconnected: false }
    observers.push(this.record)
  }
  observe(options: PerformanceObserverInit) {
    this.record.options = options
  }
  disconnect() {
    this.record.disconnected = true
  }
}
const paint = (name: string) => {
  for (const o of observers.filter((x) => !x.disconnected)) {
    o.callback({ getEntriesByName: (n: string) => (n === name ? [{ name }] : []) } as unknown as PerformanceObserverEntryList, o as unknown as PerformanceObserver)
  }
}

let visibility: DocumentVisibilityState = 'visible'
beforeEach(() => {
  vi.useFakeTimers()
  observers = []
  visibility = 'visible'
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
  vi.stubGlobal('PerformanceObserver', FakeObserver)
  document.head.innerHTML = ''
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the app starts after the first paint (issue #16)', () => {
  it('adds the entry as a module script once the first contentful paint is reported, not before, and once only', () => {
    runInPage()
    expect(observers[0].options).toEqual({ type: 'paint', buffered: true })
    paint('first-paint')
    expect(entryScripts()).toHaveLength(0)
    paint('first-contentful-paint')
    const [script] = entryScripts()
    expect(script.type).toBe('module')
    expect(script.crossOrigin).toBe('anonymous')
    expect(observers[0].disconnected).toBe(true)
    // Neither the fallback nor the page being hidden afterwards starts it again.
    vi.advanceTimersByTime(1000)
    visibility = 'hidden'
    document.dispatchEvent(new Event('visibilitychange'))
    expect(entryScripts()).toHaveLength(1)
  })

  it('starts after the fallback wait when no paint is reported', () => {
    runInPage(500)
    vi.advanceTimersByTime(499)
    expect(entryScripts()).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(entryScripts()).toHaveLength(1)
  })

  it('starts at once in a page opened in the background, and when a waiting page is hidden', () => {
    visibility = 'hidden'
    runInPage()
    expect(entryScripts()).toHaveLength(1)

    document.head.innerHTML = ''
    visibility = 'visible'
    runInPage()
    expect(entryScripts()).toHaveLength(0)
    visibility = 'hidden'
    document.dispatchEvent(new Event('visibilitychange'))
    expect(entryScripts()).toHaveLength(1)
  })

  it('without paint timing, starts after the next frame', () => {
    vi.stubGlobal('PerformanceObserver', undefined)
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb))
    runInPage()
    expect(entryScripts()).toHaveLength(0)
    frames.shift()!(0)
    vi.advanceTimersByTime(0)
    expect(entryScripts()).toHaveLength(1)
  })

  it('is written without syntax younger than module scripts (it runs as the page’s own text)', () => {
    expect(startAfterPaint.toString()).not.toMatch(/\?\.|\?\?/)
  })
})
