import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider, onlineManager } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { call, setUnauthorizedHandler } from './api/http'
import { setReconnectCheck } from './api/connectivity'
import { api } from './api/routes'
import { createQueryClient } from './queryClient'
import { createAppRouter } from './router'
import { applyTheme, readTheme } from './layout/theme'
import { userCenterKeys } from './api/user-center'
import { startPersistence } from './persist'
import { dropBootSnapshot } from './boot-snapshot'
import { registerServiceWorker } from './sw-update'
import './styles.css'

applyTheme(readTheme())
// TanStack Query assumes online until an 'offline' event; an app opened with no network must know at once. Where
// navigator.onLine says online without a network, the first failed request says offline (api/connectivity.ts), and a
// small public read checks until the server answers again.
onlineManager.setOnline(navigator.onLine)
setReconnectCheck(() => call(api.account.appConfig, {}, { silent: true }))
const queryClient = createQueryClient()
const router = createAppRouter(queryClient)
// SPEC §8: a 401 goes to /login silently.
setUnauthorizedHandler(() => {
  queryClient.clear()
  void router.navigate({ to: '/login', replace: true })
})

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
// SPEC §2: user info and menu load once per start; a restored copy shows at once and is refreshed behind it.
void queryClient.invalidateQueries({ queryKey: userCenterKeys.all })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)

// The service worker and workbox-window wait until the first screen is up and the main thread is idle.
const whenIdle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 2000))
window.addEventListener('load', () => whenIdle(() => void registerServiceWorker()))
if (document.readyState === 'complete') whenIdle(() => void registerServiceWorker())
