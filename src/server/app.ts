import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { secureHeaders } from 'hono/secure-headers'
import { createMiddleware } from 'hono/factory'
import { serveStatic } from '@hono/node-server/serve-static'
import { ResultCode } from '../shared/contract/envelope'
import { errorMessages, serverMessages } from '../shared/messages'
import type { AppConfig } from './config'
import type { AppEnv, Services } from './context'
import type { Db } from './db/client'
import { CaptchaService } from './auth/captcha'
import { SessionService } from './auth/sessions'
import { ApiError } from './http/errors'
import { huaweiBasePrefix } from '../shared/domain/device-areas'
import { fail } from './http/envelope'
import { accountRoutes } from './modules/account/routes'
import { userCenterRoutes } from './modules/user-center/routes'
import { appConfigRoutes } from './modules/app-config/routes'
import { deviceRoutes, huaweiArea, miArea } from './modules/huawei-device/routes'
import { taskRoutes } from './modules/task/routes'
import { agentRoutes } from './protocol/agent/routes'
import { AGENT_PROTOCOL_BASE } from '../shared/contract/agent'
import { roleRoutes } from './modules/role/routes'
import { companyRoutes } from './modules/company/routes'
import { staffRoutes } from './modules/staff/routes'
import { quotaRoutes } from './modules/quota/routes'
import { registrationRoutes } from './modules/registration/routes'
import { personalCenterRoutes } from './modules/personal-center/routes'
import { accessRoutes } from './modules/access/routes'
import { OPEN_API_BASE, openApiRoutes } from './openapi/routes'
import { createSmsProvider } from './sms/provider'
import { describeServerError } from './http/log-error'
import { createSecretBox, resolveSecretKey } from './crypto/secret-box'
import { ephemeralCa, loadOrCreateCa } from './protocol/apple/ca'
import { createApns } from './protocol/apple/apns'
import { unconfiguredWebServices } from './protocol/apple/commands'
import { APPLE_MDM_BASE } from './protocol/apple/profile'
import { appleMdmRoutes } from './protocol/apple/routes'
import { myDeviceRoutes } from './modules/my-device/routes'

export const MAIN_BASE = '/mdm/api/v1'
export const HUAWEI_BASE = '/huawei/mdm/api/v1'

export function createServices(config: AppConfig, db: Db): Services {
  return {
    config,
    db,
    captcha: new CaptchaService(db, config.captchaAnswer),
    sessions: new SessionService(db, config.tokenTtlMs),
    sms: createSmsProvider(config.smsProvider),
    secrets: createSecretBox(resolveSecretKey({ key: config.secretKey, keyFile: config.secretKeyFile, databaseUrl: config.databaseUrl })),
    // An in-memory database gets a CA of this process: its devices die with it.
    appleCa: config.databaseUrl === 'memory://' ? ephemeralCa() : loadOrCreateCa(config.apple.caDir),
    apns: createApns(config.apple),
    appleWebServices: unconfiguredWebServices,
  }
}

/** Issue #5: roles, companies, staff, quota, registrations, personal centre, access keys. */
const organizationRoutes = [roleRoutes, companyRoutes, staffRoutes, quotaRoutes, registrationRoutes, personalCenterRoutes, accessRoutes]

function apiBase(services: Services, modules: Hono<AppEnv>[]): Hono<AppEnv> {
  const api = new Hono<AppEnv>()
  api.use('*', async (c, next) => {
    c.set('services', services)
    await next()
  })
  api.use('*', bodyLimit({ maxSize: 2 * 1024 * 1024, onError: (c) => fail(c, ApiError.badRequest(serverMessages.bodyTooLarge)) }))
  for (const m of modules) api.route('/', m)
  // SPEC §8: unknown API paths answer with the envelope, never the console's HTML.
  api.all('*', (c) => fail(c, new ApiError(ResultCode.notFound, errorMessages.apiNotFound)))
  return api
}

/** Composes the whole server: both API bases, then the built console with its single-page fallback. */
export function createApp(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use('*', secureHeaders({ crossOriginEmbedderPolicy: false, contentSecurityPolicy: undefined }))
  app.onError((err, c) => {
    if (err instanceof ApiError) return fail(c, err)
    // Never the error object itself: a failed query's error holds the query's parameters (password hashes …).
    console.error(`[${c.req.method} ${c.req.path}] ${describeServerError(err)}`)
    return fail(c, new ApiError(ResultCode.serverError, errorMessages.serverError))
  })

  app.route(MAIN_BASE, apiBase(services, [accountRoutes, userCenterRoutes, appConfigRoutes, taskRoutes, myDeviceRoutes, ...organizationRoutes]))
  app.route(APPLE_MDM_BASE, apiBase(services, [appleMdmRoutes]))
  // The Mi area works on the same device model under /mi (platform MI), with its own authorities.
  app.route(HUAWEI_BASE, apiBase(services, [deviceRoutes(huaweiArea), new Hono<AppEnv>().route(huaweiBasePrefix.MI, deviceRoutes(miArea)), taskRoutes]))
  app.route(AGENT_PROTOCOL_BASE, apiBase(services, [agentRoutes]))
  app.route(OPEN_API_BASE, apiBase(services, [openApiRoutes]))
  for (const prefix of ['/mdm/api/*', '/huawei/mdm/api/*', '/agent/*', '/openapi/*']) {
    app.all(prefix, (c) => fail(c, new ApiError(ResultCode.notFound, errorMessages.apiNotFound)))
  }

  const distDir = path.resolve(services.config.distDir)
  const indexFile = path.join(distDir, 'index.html')
  // The static handler's onFound runs after its response is built, too late for a header: set it on the way out.
  const cacheControl = (value: string) =>
    createMiddleware(async (c, next) => {
      await next()
      if (c.res.ok) c.res.headers.set('Cache-Control', value)
    })
  // File names under /assets carry a content hash: a name never changes content.
  app.use('/assets/*', cacheControl('public, max-age=31536000, immutable'), serveStatic({ root: distDir, precompressed: true }))
  app.use('*', cacheControl('no-cache'), serveStatic({ root: distDir }))
  // A file of the build that is not there (a chunk of an older build, say) is missing, not the console's page:
  // answering index.html would hand a script loader HTML and hide the cause.
  app.get('/assets/*', (c) => c.text(serverMessages.assetNotFound, 404))
  // Client-side routes (/dashboard, /ios/device …) all answer with the console's index.html — the one on disk now,
  // so that a rebuild or redeploy under a running server serves the new build's page (read again when it changes).
  let index: { mtimeMs: number; html: string } | undefined
  app.get('*', (c) => {
    const mtimeMs = existsSync(indexFile) ? statSync(indexFile).mtimeMs : undefined
    if (mtimeMs === undefined) return c.text(serverMessages.consoleNotBuilt, 503)
    if (index?.mtimeMs !== mtimeMs) index = { mtimeMs, html: readFileSync(indexFile, 'utf8') }
    c.header('Cache-Control', 'no-cache')
    return c.html(index.html)
  })
  return app
}
