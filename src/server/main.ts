import type { Server as HttpServer } from 'node:http'
import type { Http2SecureServer } from 'node:http2'
import { serve } from '@hono/node-server'
import { logMessages } from '../shared/messages/server'
import { createApp, createServices } from './app'
import { loadConfig, type AppConfig } from './config'
import { openDatabase, type Db } from './db/client'
import { startEmbeddedMaintenance } from './db/embedded-maintenance'
import { isEmpty, seedAdmin, seedDemo } from './demo/seed'
import { seedDemoDevices } from './demo/seed-devices'
import { seedDemoContent } from './demo/seed-content'
import { startDemoAgents } from './demo/agents'
import { startDemoIphones } from './demo/iphones'
import { prepareDemoAbm, startDemoAbm } from './demo/abm'
import { sealStoredSecrets } from './startup/seal-stored'
import { pinnedFetch, readTlsCredentials, secureServerOptions, serveSecurely } from './http/tls'
import type { Readiness } from './http/health'
import { configureLogging, log, logError } from './log'
import { writeInitialAdminPassword } from './startup/admin-password'
import { Scheduler } from './jobs/scheduler'
import { countJobRun } from './metrics'
import { backgroundJobs } from './jobs/registry'

/** An empty database's first content: the demo tenant, or only the administrator. */
async function seedFirstStart(db: Db, config: AppConfig): Promise<void> {
  if (!(await isEmpty(db))) return
  if (config.demo) {
    const demoIds = await seedDemo(db)
    await seedDemoDevices(db, demoIds)
    await seedDemoContent(db, demoIds)
  } else {
    const admin = await seedAdmin(db, config.adminPassword)
    if (admin.generated) log.warn(logMessages.adminCreated(writeInitialAdminPassword(config.apple.caDir, admin.password)))
  }
}

/** How long a stopping server lets the requests under way finish. */
const STOP_GRACE_MS = 10_000

/** Opens the database, migrates, seeds an empty database, and listens. Returns a handle to stop it. */
export async function startServer(config: AppConfig = loadConfig()) {
  // loadConfig refuses this too; a configuration built by hand must not get past it either.
  if (config.production && config.demo) throw new Error(logMessages.demoInProduction)
  configureLogging(config.log)
  // Read first: a wrong path or a key that does not match stops the start with its reason, before the database is
  // opened, not at the first browser's handshake.
  const tls = config.tls ? readTlsCredentials(config.tls) : null
  // An empty database is seeded right after its migrations, under their lock (processes started at once seed once).
  const database = await openDatabase(config.databaseUrl, (db) => seedFirstStart(db, config))
  if (config.captchaAnswer) log.warn(logMessages.captchaFixed)
  if (config.production && config.smsProvider === 'log') log.warn(logMessages.smsLogInProduction)
  if (config.demo) log.warn(logMessages.demoActive)
  // Demo mode (issue #42): a simulated Apple Business Manager, and the simulated Apple device root its phones are
  // trusted by, set up before the services that call them.
  const demoAbm = config.demo && config.demoDevices ? await prepareDemoAbm(config) : null
  const services = createServices(demoAbm?.config ?? config, database.db)
  await services.certificates.loadStored()
  const sealed = await sealStoredSecrets(database.db, services.secrets)
  if (sealed.accessKeys || sealed.taskResults) log.warn(logMessages.secretsSealed(sealed.accessKeys, sealed.taskResults))
  const readiness: Readiness = { draining: false }
  const app = createApp(services, readiness)
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host, ...(tls ? secureServerOptions(tls) : {}) }, () => resolve(s))
  })
  // A certificate renewed in place is served without a restart; idle connections are bounded and closed at stop.
  const secure = tls ? serveSecurely(server as Http2SecureServer, tls) : null
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const scheme = tls ? 'https' : 'http'
  const url = `${scheme}://localhost:${port}`
  log.info(logMessages.listening(url))
  /**
   * Stops accepting and lets the requests under way finish, for at most STOP_GRACE_MS; then the connections left are
   * cut (a client that keeps one open must not hold a deploy).
   */
  const closeServer = async () => {
    if (secure) return secure.close()
    const plain = server as HttpServer
    const cut = setTimeout(() => plain.closeAllConnections(), STOP_GRACE_MS)
    await new Promise<void>((resolve) => plain.close(() => resolve()))
    clearTimeout(cut)
  }
  let demoAgents: Awaited<ReturnType<typeof startDemoAgents>> | null = null
  let demoIphones: Awaited<ReturnType<typeof startDemoIphones>> | null = null
  let demoAbmPhones: Awaited<ReturnType<typeof startDemoAbm>> | null = null
  try {
    // Demo mode: simulated Huawei / Mi agents poll this server over HTTP(S), like real phones would.
    const agentHost = ['0.0.0.0', '::', 'localhost', '127.0.0.1'].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host
    const demoFetch = secure ? pinnedFetch(() => secure.current().cert) : undefined
    const simulate = config.demo && config.demoDevices
    demoAgents = simulate ? await startDemoAgents(services, `${scheme}://${agentHost}:${port}`, demoFetch) : null
    // …and simulated iPhones speak Apple MDM to it.
    demoIphones = simulate ? await startDemoIphones(services, `${scheme}://${agentHost}:${port}`, demoFetch) : null
    // …and the demo company's ABM, with a phone that enrolls out of its box (supervised).
    demoAbmPhones = demoAbm ? await startDemoAbm(services, demoAbm, `${scheme}://${agentHost}:${port}`, demoFetch) : null
  } catch (err) {
    // A start that fails after listening leaves nothing open behind it.
    await demoAgents?.stop()
    demoIphones?.stop()
    await demoAbm?.stop()
    await closeServer()
    await database.close()
    throw err
  }
  // Background work (src/server/jobs/registry.ts): each job runs once across every server process on this database.
  const scheduler = new Scheduler(database.db, {
    onRun: (run) => {
      countJobRun(run.name, run.ok ? 'ok' : 'error')
      if (run.error !== undefined) logError('job', run.error, { job: run.name })
    },
  })
  for (const job of backgroundJobs(services)) scheduler.add(job)
  if (config.backgroundJobs) scheduler.start()
  // The embedded database has no autovacuum of its own: its statistics are kept here (PostgreSQL keeps its own).
  const maintenance = startEmbeddedMaintenance(database.db)
  return {
    url,
    port,
    /** The server's services (its database among them), for tests that look behind the HTTP answers. */
    services,
    /** Its background jobs: tests run them with runNow / runDue instead of waiting for their turn. */
    scheduler,
    /** Demo mode: the simulated ABM (its sim, to add phones) and the simulated Apple device CA of out-of-box phones. */
    demoAbm,
    /**
     * Issue #44: a graceful stop. Not ready first (GET /readyz answers 503, the balancer sends no more), then no new
     * connections and the requests under way finish (bounded), then the background work and the database.
     */
    async stop() {
      readiness.draining = true
      await scheduler.stop()
      await maintenance?.stop()
      await demoAgents?.stop()
      demoIphones?.stop()
      demoAbmPhones?.stop()
      await demoAbm?.stop()
      await closeServer()
      await database.close()
    },
  }
}

/**
 * Issue #44: SIGTERM (a deploy, systemd, a container's stop) and Ctrl-C stop the server gracefully (its stop(): not
 * ready, no new connections, the requests under way finish, background work stops, the database closes), then the
 * process exits 0. A second signal ends it at once.
 */
export function stopGracefullyOnSignals(server: { stop(): Promise<void> }): void {
  let stopping = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1)
      stopping = true
      server.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          logError('stop', err)
          process.exit(1)
        },
      )
    })
  }
}
