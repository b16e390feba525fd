// Paints the device list the user last saw before the app's scripts have run (src/app/boot-snapshot.ts saves it):
// only at the same address, for the same signed-in user, with the same version of the app and within the persisted
// cache's age. The app removes it once its own screen is up; if the app never comes, it goes after 10 s. A file, not an
// inline script: the Content-Security-Policy allows scripts from this origin only. Keys: boot-snapshot.ts, api/token.ts.
;(function () {
  var MAX_AGE_MS = 7 * 24 * 3600 * 1000
  var snapshot
  try {
    var raw = localStorage.getItem('mdm_snapshot')
    if (!raw) return
    snapshot = JSON.parse(raw)
    var version = document.querySelector('meta[name="app-version"]')
    var fresh = Date.now() - snapshot.savedAt < MAX_AGE_MS && snapshot.savedAt <= Date.now()
    var sameUser = localStorage.getItem('mdm_token') && localStorage.getItem('mdm_user') === snapshot.user
    if (!version || version.content !== snapshot.version || !fresh || !sameUser) return
    if (snapshot.url !== location.pathname + location.search) return
  } catch {
    return
  }
  // The list's stylesheets, before the first paint (render-blocking: this script runs in the head). The app's own
  // loading finds them there and does not load them again.
  for (var i = 0; i < snapshot.styles.length; i++) {
    var href = snapshot.styles[i]
    if (document.querySelector('link[rel="stylesheet"][href="' + href.replace(/"/g, '') + '"]')) continue
    var link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.setAttribute('blocking', 'render')
    document.head.appendChild(link)
  }
  var overlay = document.createElement('div')
  overlay.id = 'boot-snapshot'
  overlay.setAttribute('aria-hidden', 'true')
  overlay.inert = true
  overlay.innerHTML = snapshot.html
  if (snapshot.background) overlay.style.background = snapshot.background
  var styled = overlay.querySelectorAll('[data-snapshot-style]')
  for (var j = 0; j < styled.length; j++) styled[j].style.cssText = styled[j].getAttribute('data-snapshot-style')
  // In the page as soon as it has a body, before anything is painted (observer callbacks run before rendering).
  var place = function () {
    if (!document.body) return false
    document.body.insertBefore(overlay, document.body.firstChild)
    setTimeout(function () { overlay.remove() }, 10000)
    return true
  }
  if (!place()) {
    var observer = new MutationObserver(function () {
      if (place()) observer.disconnect()
    })
    observer.observe(document.documentElement, { childList: true })
  }
})()
