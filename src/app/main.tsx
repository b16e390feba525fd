import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider, onlineManager } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { call, setUnauthorizedHandler } from './api/http'
import { setReconnectCheck } from './api/connectivity'
import { api } from './api/routes'
import { createQueryClient } from './queryClient'
import { createAppRouter } from './router'
import { applyTheme, readTheme } from './layout/theme'
import { userCenterKeys, watchAccountVersion } from './api/user-center'
import { startPersistence } from './persist'
import { dropBootSnapshot } from './boot-snapshot'
import { registerServiceWorker } from './sw-update'
import { watchPasteCuts } from './paste-limit'
import { notify } from './notify'
import { uiText } from '../shared/messages/common'
import './styles.css'

/**
 * Gives the main thread back between the start's steps, so that no step holds it long enough to delay a tap (on a
 * slow phone the modules' evaluation, the router's set-up, its first load and React's first render are each tens of
 * milliseconds; run back to back they were one task of half a second).
 */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

applyTheme(readTheme())
watchPasteCuts(document, (kept) => notify.warning(uiText.pasteCut(kept)))
// TanStack Query assumes online until an 'offline' event; an app opened with no network must know at once. Where
// navigator.onLine says online without a network, the first failed request says offline (api/connectivity.ts), and a
// small public read checks until the server answers again.
onlineManager.setOnline(navigator.onLine)
setReconnectCheck(() => call(api.account.appConfig, {}, { silent: true }))
const queryClient = createQueryClient()
await yieldToMain()
const router = createAppRouter(queryClient)
// SPEC §8: a 401 goes to /login silently.
setUnauthorizedHandler(() => {
  queryClient.clear()
  void router.navigate({ to: '/login', replace: true })
})

// The service worker and workbox-window wait until the first screen is up and the main thread is idle (the page's
// load event can come before a screen that waits for its data). A start whose first screen never comes (its route
// waiting for a network that is not there) still registers. 'onRendered' at the first render is TanStack's
// acknowledgement of a location already loaded (its Transitioner, not a documented promise): should an upgrade stop
// sending it, the worker registers after 10 s instead, and nothing else changes.
const whenIdle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 2000))
const stopWaitingForScreen = router.subscribe('onRendered', () => {
  stopWaitingForScreen()
  whenIdle(() => void registerServiceWorker())
})
setTimeout(() => void registerServiceWorker(), 10_000)

// The device list painted before the app ran (boot-snapshot.ts) is taken away by that list once it is up, or as soon
// as the app shows anything else (a sign-in that has expired, a tap on the menu).
const startPath = window.location.pathname
const stopWatchingStart = router.subscribe('onResolved', ({ toLocation }) => {
  if (toLocation.pathname === startPath) return
  dropBootSnapshot()
  stopWatchingStart()
})

// Restore the signed-in user's cached data before the first render, so an offline start shows it at once.
await startPersistence(queryClient)
// SPEC §2: user info and menu load once when a token exists: once per start, a restored copy showing at once while it
// is refreshed behind it (index.html has already asked for it). After that no timer: an answer that names another
// account version than the held info's reloads both (watchAccountVersion).
void queryClient.invalidateQueries({ queryKey: userCenterKeys.all })
watchAccountVersion(queryClient)

// The first route is resolved before React renders it: one render of the screen, where rendering at once rendered a
// pending page, then the screen again synchronously once the router had loaded it (TanStack's Transitioner).
await yieldToMain()
await router.load().catch(console.error)
await yieldToMain()
const root = createRoot(document.getElementById('root')!)
// A transition lets React render in slices, giving the main thread back every few milliseconds.
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
)

