/**
 * How the page starts the app (issue #16): the first paint — the splash, or the device list saved for an offline
 * start — does not wait for the app's scripts to run.
 *
 * The page used to load the entry as a module script, and a module script runs as soon as it has loaded: when the
 * scripts came quickly (from the service worker, or a fast network), Chromium evaluated the framework (~45–60 ms here,
 * ~200–240 ms at Lighthouse's 4× CPU) before it painted the splash or the saved list, meant to show while the app
 * starts. Now the build (vite.config.ts: startAfterPaintPlugin) links the entry as modulepreload, so that it is
 * fetched as early as before, and writes startAfterPaint into the page as an inline script at the end of the body,
 * in place of the module script. The stylesheet still holds the first paint back, so it has loaded when the app starts.
 *
 * It is serialized with Function.prototype.toString: it uses nothing from outside its own body, and no syntax younger
 * than the module scripts it loads (no `?.` or `??`: Chrome 66 runs modules, not those).
 */
export function startAfterPaint(entry: string, fallbackMs = 500): void {
  let started = false
  const start = () => {
    if (started) return
    started = true
    const script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = 'anonymous'
    script.src = entry
    document.head.appendChild(script)
  }
  // A page opened in the background paints nothing until it is shown: it starts at once, as one hidden later does.
  if (document.visibilityState === 'hidden') return start()
  document.addEventListener('visibilitychange', start, { once: true })
  // Should the paint's report never come (a browser without paint timing), the app starts after a short wait.
  setTimeout(start, fallbackMs)
  if (typeof PerformanceObserver === 'undefined' || !(PerformanceObserver.supportedEntryTypes || []).includes('paint')) {
    requestAnimationFrame(() => setTimeout(start, 0))
    return
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    start()
  })
  observer.observe({ type: 'paint', buffered: true })
}
