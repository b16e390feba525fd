import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { contextStorage } from 'hono/context-storage'
import { createMiddleware } from 'hono/factory'
import { serveStatic } from '@hono/node-server/serve-static'
import { ResultCode } from '../shared/contract/envelope'
import { apiBases, type ApiBase } from '../shared/contract/endpoint'
import { errorMessages } from '../shared/messages/common'
import { huaweiDeviceText } from '../shared/messages/devices'
import { serverMessages } from '../shared/messages/server'
import type { AppEnv, Services } from './context'
import { access } from './auth/guard'
import { ApiError, isDatabaseUnavailable } from './http/errors'
import { immutableAssets } from './http/assets'
import { contentSecurityPolicy, pagePolicy } from './http/csp'
import { fail } from './http/envelope'
import { boundedBody } from './http/body-limit'
import { mountRoutes, type Guards, type Route } from './http/endpoints'
import { accountRoutes } from './modules/account/routes'
import { huaweiDeviceRoutes, miDeviceRoutes } from './modules/huawei-device/routes'
import { taskRoutes } from './modules/task/routes'
import { agentRoutes, deviceCredential } from './protocol/agent/routes'
import { roleRoutes } from './modules/role/routes'
import { companyRoutes } from './modules/company/routes'
import { staffRoutes } from './modules/staff/routes'
import { quotaRoutes } from './modules/quota/routes'
import { registrationRoutes } from './modules/registration/routes'
import { personalCenterRoutes } from './modules/personal-center/routes'
import { accessRoutes } from './modules/access/routes'
import { openApiRoutes } from './openapi/routes'
import { openAuthority, signedRequest } from './openapi/auth'
import { auditRoutes } from './modules/audit/routes'
import { describeServerError } from './http/log-error'
import { healthRoutes, type Readiness } from './http/health'
import { metricsRoutes } from './http/metrics-route'
import { requestScopeMiddleware } from './http/request-scope'
import { log, logError } from './log'
import { appleMdmRoutes } from './protocol/apple/routes'
import { APPLE_MDM_BASE, CHECKIN_PATH, SERVER_PATH } from './protocol/apple/profile'
import { myDeviceExtraRoutes, myDeviceRoutes } from './modules/my-device/routes'
import { iosDetailRoutes } from './modules/ios-detail/routes'
import { commonPhraseRoutes } from './modules/common-phrases/routes'
import { iosAppRoutes } from './modules/ios-apps/routes'
import { iosWallpaperRoutes } from './modules/ios-wallpaper/routes'
import { certificateRoutes } from './modules/certificate/routes'
import { announcementRoutes } from './modules/announcement/routes'
import { contractRoutes } from './modules/contract/routes'
import { workspaceRoutes } from './modules/workspace/routes'
import { renewRoutes } from './modules/renew/routes'
import { lifecycleRoutes } from './modules/lifecycle/routes'
import { fleetRoutes } from './modules/fleet/routes'
import { blacklistRoutes } from './modules/blacklist/routes'
import { abmRoutes } from './modules/abm/routes'

export { createServices } from './services'
export const MAIN_BASE = apiBases.main
export const HUAWEI_BASE = apiBases.huawei

/** Every route of the endpoint table with its handler (src/shared/contract/endpoints.ts). */
export const allRoutes: Route[] = [
  ...accountRoutes,
  ...personalCenterRoutes,
  ...roleRoutes,
  ...companyRoutes,
  ...staffRoutes,
  ...quotaRoutes,
  ...registrationRoutes,
  ...accessRoutes,
  ...auditRoutes,
  ...taskRoutes,
  ...huaweiDeviceRoutes,
  ...miDeviceRoutes,
  ...openApiRoutes,
  ...agentRoutes,
  ...myDeviceRoutes,
  ...myDeviceExtraRoutes,
  ...iosDetailRoutes,
  ...commonPhraseRoutes,
  ...iosAppRoutes,
  ...iosWallpaperRoutes,
  ...certificateRoutes,
  ...announcementRoutes,
  ...contractRoutes,
  ...workspaceRoutes,
  ...renewRoutes,
  ...lifecycleRoutes,
  ...blacklistRoutes,
  ...abmRoutes,
  ...fleetRoutes,
]

const consoleGuards: Guards = {
  public: access.public,
  signedIn: access.signedIn,
  authority: (anyOf) => access.anyAuthority(...anyOf),
}

/** Every open-API request is signed first (that signs in the key's owner); then authorities as in the console. */
const openGuards: Guards = { public: access.public, signedIn: access.public, authority: openAuthority }

const agentGuards: Guards = { ...consoleGuards, device: deviceCredential }

const guardsOf: Record<ApiBase, Guards> = { main: consoleGuards, huawei: consoleGuards, open: openGuards, agent: agentGuards }

/** The largest request body any API takes (a larger one is answered 请求体过大). */
const MAX_BODY_BYTES = 2 * 1024 * 1024
/** Every API's body limit, the endpoint table's and the device protocols' alike. */
const limitedBody = boundedBody(MAX_BODY_BYTES, (c) => fail(c, ApiError.badRequest(serverMessages.bodyTooLarge)))

/** A device protocol outside the endpoint table: the services, and the same body limit as every API. */
function protocolBase(services: Services, routes: Hono<AppEnv>): Hono<AppEnv> {
  const base = new Hono<AppEnv>()
  base.use('*', async (c, next) => {
    c.set('services', services)
    // A device's commands and answers (an UnlockToken among them) are kept by no proxy or cache (issue #41 item 13).
    c.header('Cache-Control', 'no-store')
    await next()
  })
  base.use('*', limitedBody)
  return base.route('/', routes)
}

function apiBase(services: Services, base: ApiBase): Hono<AppEnv> {
  const api = new Hono<AppEnv>()
  api.use('*', async (c, next) => {
    c.set('services', services)
    // Every API answer may carry personal data or secrets (renters' ID numbers, lock passcodes, access secrets):
    // no browser or proxy keeps a copy. Set before the answer is built, which then carries it (upFront).
    c.header('Cache-Control', 'no-store')
    await next()
  })
  api.use('*', limitedBody)
  if (base === 'open') api.use('*', signedRequest)
  mountRoutes(api, allRoutes.filter((r) => r.endpoint.base === base), guardsOf[base])
  // A device command the table does not name says which, not only that the path is unknown.
  api.post('*', (c) => {
    const name = /\/device\/command\/([^/]+)$/.exec(c.req.path)?.[1]
    return fail(c, new ApiError(ResultCode.notFound, name === undefined ? errorMessages.apiNotFound : huaweiDeviceText.commandUnknown(decodeURIComponent(name))))
  })
  // SPEC §8: unknown API paths answer with the envelope, never the console's HTML.
  api.all('*', (c) => fail(c, new ApiError(ResultCode.notFound, errorMessages.apiNotFound)))
  return api
}

/** The headers a middleware sets (Hono's secureHeaders), recorded on an empty answer. */
async function headersSetBy(middleware: MiddlewareHandler<AppEnv>): Promise<[string, string][]> {
  const headers = new Headers()
  await middleware({ res: { headers } } as unknown as Context<AppEnv>, async () => {})
  return [...headers.entries()]
}

/**
 * A middleware that sets the same headers on every answer (Hono's secureHeaders), made to set them before the answer is
 * built: a header set on an answer already built makes a copy of it (issue #16: ~0.2 ms of a search's ~4). The headers
 * are those the middleware itself sets, recorded once.
 */
function upFront(middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  let recorded: Promise<[string, string][]> | undefined
  return async (c, next) => {
    for (const [name, value] of await (recorded ??= headersSetBy(middleware))) c.header(name, value)
    await next()
  }
}

/** The Content-Security-Policy header of `directives`, spelled by secureHeaders as on every other answer. */
async function policyHeader(directives: ReturnType<typeof contentSecurityPolicy>): Promise<string> {
  const headers = await headersSetBy(secureHeaders({ contentSecurityPolicy: directives }))
  return headers.find(([name]) => name === 'content-security-policy')![1]
}

/** Composes the whole server: both API bases, then the built console with its single-page fallback. */
export function createApp(services: Services, readiness: Readiness = { draining: false }): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  // Issue #44: every request has an id (X-Request-Id, and in each of its log lines) and is timed by its endpoint's name.
  const otherNames = { [APPLE_MDM_BASE + CHECKIN_PATH]: 'apple.checkin', [APPLE_MDM_BASE + SERVER_PATH]: 'apple.connect', '/healthz': 'healthz', '/readyz': 'readyz', '/metrics': 'metrics' }
  app.use('*', requestScopeMiddleware({ otherNames, trustProxy: services.config.trustProxy }))
  // For the balancer and the scraper, before everything else: no session, no audit context, no console.
  app.route('/', healthRoutes(services.db, readiness))
  app.route('/', metricsRoutes(services.db, services.config.metricsToken))
  // The audit trail reads the actor and client address of the request it records (modules/audit/service.ts).
  app.use('*', contextStorage())
  const policy = contentSecurityPolicy(services.config.map.tileUrl)
  app.use('*', upFront(secureHeaders({ crossOriginEmbedderPolicy: false, contentSecurityPolicy: policy })))
  app.onError((err, c) => {
    if (err instanceof ApiError) return fail(c, err)
    // The database briefly unreachable (restart, failover, network): a clear 503; the pool reconnects by itself.
    if (isDatabaseUnavailable(err)) {
      log.error(serverMessages.databaseUnavailable, { method: c.req.method, path: c.req.path, cause: describeServerError(err).split('\n')[0] })
      return fail(c, new ApiError(ResultCode.serviceUnavailable, serverMessages.databaseUnavailable))
    }
    // Never the error object itself: a failed query's error holds the query's parameters (password hashes …).
    logError(errorMessages.serverError, err, { method: c.req.method, path: c.req.path })
    return fail(c, new ApiError(ResultCode.serverError, errorMessages.serverError))
  })

  for (const base of Object.keys(apiBases) as ApiBase[]) app.route(apiBases[base], apiBase(services, base))
  // Apple MDM's device side speaks property lists, not the envelope: its own routes (src/server/protocol/apple).
  app.route(APPLE_MDM_BASE, protocolBase(services, appleMdmRoutes))
  for (const prefix of ['/mdm/api/*', '/huawei/mdm/api/*', '/agent/*', '/openapi/*']) {
    app.all(prefix, (c) => fail(c, new ApiError(ResultCode.notFound, errorMessages.apiNotFound)))
  }

  const distDir = path.resolve(services.config.distDir)
  // The static handler's onFound runs after its response is built, too late for a header: set it on the way out.
  const cacheControl = (value: string) =>
    createMiddleware(async (c, next) => {
      await next()
      if (c.res.ok) c.res.headers.set('Cache-Control', value)
    })
  // Client-side routes (/dashboard, /ios/device …) all answer with the console's index.html — the one on disk now,
  // so that a rebuild or redeploy under a running server serves the new build's page (read again when it changes). Its
  // policy also allows the page's own inline scripts and styles, by their hashes (csp.ts: pagePolicy).
  // The installed app's own page, app.html (src/build/app-page.ts), is served the same way, with its own policy: the
  // service worker caches it from here and answers the app's navigations with it.
  // Only index.html names each screen's chunks (pageFor); app.html is answered whatever the path.
  const consolePage = (file: string, { screenPreloads }: { screenPreloads: boolean }) => {
    const pageFile = path.join(distDir, file)
    let loaded: ConsolePage | undefined
    return async (c: Context<AppEnv>) => {
      const mtimeMs = existsSync(pageFile) ? statSync(pageFile).mtimeMs : undefined
      if (mtimeMs === undefined) return c.text(serverMessages.consoleNotBuilt, 503)
      if (loaded?.mtimeMs !== mtimeMs) {
        const html = readFileSync(pageFile, 'utf8')
        loaded = { mtimeMs, html, policy: policyHeader(pagePolicy(policy, html)), pages: new Map(), preloads: screenPreloads ? readScreenPreloads(distDir) : undefined }
      }
      c.header('Cache-Control', 'no-cache')
      c.header('Content-Security-Policy', await loaded.policy)
      return c.html(pageFor(loaded, c.req.path))
    }
  }
  const page = consolePage('index.html', { screenPreloads: true })
  // The page itself too (the service worker caches it from here), not only through the static files below.
  app.get('/', page)
  app.get('/index.html', page)
  app.get('/app.html', consolePage('app.html', { screenPreloads: false }))
  // File names under /assets carry a content hash: a name never changes content.
  app.use('/assets/*', cacheControl('public, max-age=31536000, immutable'), immutableAssets(distDir), serveStatic({ root: distDir, precompressed: true }))
  app.use('*', cacheControl('no-cache'), serveStatic({ root: distDir }))
  // A file of the build that is not there (a chunk of an older build, say) is missing, not the console's page:
  // answering index.html would hand a script loader HTML and hide the cause.
  app.get('/assets/*', (c) => c.text(serverMessages.assetNotFound, 404))
  app.get('*', page)
  return app
}

/** The console's index.html as last read, its policy, and its pages with their screens' preloads (pageFor). */
interface ConsolePage {
  mtimeMs: number
  html: string
  /** Its Content-Security-Policy header (the page's own inline scripts and styles allowed by hash). */
  policy: Promise<string>
  pages: Map<string, string>
  preloads?: ScreenPreloads
}

/** screen-preloads.json of the build (src/build/screen-preloads.ts): the chunks of the shell and of each screen. */
interface ScreenPreloads {
  shell: string[]
  screens: Record<string, string[]>
}

function readScreenPreloads(distDir: string): ScreenPreloads | undefined {
  try {
    return JSON.parse(readFileSync(path.join(distDir, 'screen-preloads.json'), 'utf8')) as ScreenPreloads
  } catch {
    return undefined
  }
}

/**
 * The console's page for a path: index.html, plus, for a screen of the signed-in shell, a modulepreload link for each
 * chunk the screen needs, so the browser fetches them with the entry rather than after it has run (issue #16). A
 * visitor who is not signed in is sent to /login and has fetched them for nothing, once; they are cached for later.
 */
function pageFor(index: ConsolePage, pathname: string): string {
  const files = index.preloads?.screens[pathname]
  if (!files) return index.html
  let page = index.pages.get(pathname)
  if (!page) {
    const links = [...index.preloads!.shell, ...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('')
    page = index.html.replace('</head>', `${links}</head>`)
    index.pages.set(pathname, page)
  }
  return page
}
