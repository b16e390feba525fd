import { lazy, Suspense } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { Navigate, Outlet, createRootRouteWithContext, createRoute, createRouter, redirect } from '@tanstack/react-router'
import { lazyScreen } from './lazy'
import { landingPath, mayOpen, routeOf, routeTable } from '../shared/domain/routes'
import { routeTitles, type RoutePath } from '../shared/messages/routes'
import { getToken } from './api/token'
import { screens } from './screens'
import { useNotice } from './notify'
import { LoginScreen } from './features/account/LoginScreen'
import { userInfoQuery } from './api/user-center'
import { ShellError } from './layout/ShellError'
import { UpdatePrompt } from './layout/UpdatePrompt'

interface RouterContext {
  queryClient: QueryClient
}

// The notification's code (with its icons) is fetched with the first notification, not with /login's first paint.
const Notifier = lazy(() => import('./components/Notifier').then((m) => ({ default: m.Notifier })))

function NoticeSlot() {
  return useNotice() ? (
    <Suspense fallback={null}>
      <Notifier />
    </Suspense>
  ) : null
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <NoticeSlot />
      <UpdatePrompt />
    </>
  ),
  // SPEC §2: unknown paths go to /404.
  notFoundComponent: () => <Navigate to="/404" replace />,
})

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  // A plain check rather than zod: the login screen is the first paint and carries no schema library.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: function Login() {
    const { redirect: to } = loginRoute.useSearch()
    return <LoginScreen redirect={to} />
  },
})

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  component: lazyScreen(() => import('./features/account/RegisterScreen'), 'RegisterScreen'),
})
/**
 * SPEC §2: only /login and /register are public; without a stored token any other path goes to /login. A screen of
 * the shell comes back to its own address after sign-in; /404 and /403 are no place to come back to.
 */
function requireToken(comeBackTo?: string) {
  if (!getToken()) throw redirect({ to: '/login', search: comeBackTo === undefined ? {} : { redirect: comeBackTo } })
}

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/404',
  beforeLoad: () => requireToken(),
  component: lazyScreen(() => import('./features/pages/StatusScreens'), 'NotFoundScreen'),
})
const forbiddenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/403',
  beforeLoad: () => requireToken(),
  component: lazyScreen(() => import('./features/pages/StatusScreens'), 'ForbiddenScreen'),
})
const PlaceholderScreen = lazyScreen(() => import('./features/pages/PlaceholderScreen'), 'PlaceholderScreen')

/** The titled page of a route whose screen a later issue builds; preloading it loads the placeholder's code. */
function placeholderFor(path: RoutePath) {
  return Object.assign(() => <PlaceholderScreen title={routeTitles[path]} />, { preload: PlaceholderScreen.preload })
}

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard' })
  },
})

/** Where the user lands (the dashboard once built; until then their first screen, src/shared/domain/routes.ts). */
async function landing(queryClient: QueryClient): Promise<RoutePath> {
  const info = await queryClient.ensureQueryData(userInfoQuery())
  return landingPath(info.authorityList)
}

const Shell = lazyScreen(() => import('./layout/Shell'), 'Shell')

/** Everything but the public screens: without a stored token, go to /login (SPEC §2). */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  beforeLoad: ({ location }) => {
    requireToken(location.href)
    // Fetch the shell's code while the page checks the user's authorities, not after.
    void Shell.preload?.()
  },
  component: Shell,
  errorComponent: ShellError,
})

/** The authorization wrapper: a page needs the authority its route-table entry names (the menu's too). */
function shellPage(path: RoutePath) {
  const route = routeOf[path]
  const component = screens[path]?.component ?? placeholderFor(path)
  return createRoute({
    getParentRoute: () => shellRoute,
    path,
    beforeLoad: async ({ context, search }) => {
      // The home screen (SPEC §2: / lands on /dashboard) until it is built sends the user to their first screen.
      if (path === '/dashboard' && !route.built) throw redirect({ to: await landing(context.queryClient), replace: true })
      // The screen's code and its first request start in parallel with the authority check below.
      void component.preload?.()
      void screens[path]?.prefetch?.(context.queryClient, search as Record<string, unknown>).catch(() => undefined)
      if (!route.authority) return
      const info = await context.queryClient.ensureQueryData(userInfoQuery())
      if (!mayOpen(route, info.authorityList)) throw redirect({ to: '/403' })
    },
    component,
  })
}

const shellPages = routeTable.map((r) => shellPage(r.path))

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  registerRoute,
  notFoundRoute,
  forbiddenRoute,
  shellRoute.addChildren(shellPages),
])

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
