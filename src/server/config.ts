import { z } from 'zod'
import { apnsRequestText } from '../shared/messages/apns-request'
import { appleMdmText } from '../shared/messages/apple'
import { logMessages, serverMessages } from '../shared/messages/server'
import { parseSecretKey } from './crypto/secret-box'
import type { TlsFiles } from './http/tls'
import type { LogFormat, LogLevel } from './log'

/**
 * The server's configuration, parsed once from the environment (STYLE §7).
 * Nothing else in the server reads process.env.
 */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** unset = PGlite in ./data; memory:// = in-memory PGlite; postgres://… = PostgreSQL. */
  DATABASE_URL: z.string().optional(),
  /**
   * Seed the demo tenant on an empty database and run simulated devices. Default 'on', but 'off' in production,
   * where 'on' is refused: the demo accounts' passwords are published.
   */
  MDM_DEMO: z.enum(['on', 'off']).optional(),
  /** With the demo on: 'off' seeds it but runs no simulated devices (no polling in the background). */
  MDM_DEMO_DEVICES: z.enum(['on', 'off']).default('on'),
  /** Background jobs (src/server/jobs): off only for tests that run them by hand (scheduler.runNow). */
  MDM_BACKGROUND_JOBS: z.enum(['on', 'off']).default('on'),
  MDM_ADMIN_PASSWORD: z.string().min(8).optional(),
  MDM_ICP: z.string().default(serverMessages.icpPlaceholder),
  /** Session lifetime in hours (default 7 days). */
  MDM_TOKEN_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  /** Tests only: every captcha's answer becomes this value. Refused in production. */
  MDM_CAPTCHA_ANSWER: z.string().min(1).optional(),
  MDM_MAP_TILE_URL: z.string().default('https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}'),
  MDM_MAP_COORDINATES: z.enum(['WGS84', 'GCJ02']).default('GCJ02'),
  /** Issue #43: an AMap Web 服务 key: a reported position is shown with its address (reverse geocoding, on the server). */
  MDM_AMAP_KEY: z.string().min(1).optional(),
  MDM_AMAP_URL: z.url().default('https://restapi.amap.com'),
  MDM_DIST_DIR: z.string().default('dist'),
  /**
   * The server speaks HTTPS itself, with HTTP/2 for browsers (PEM files; both or neither). Unset: plain HTTP, for a
   * TLS terminator in front (which should offer HTTP/2 too: README, HTTPS).
   */
  MDM_TLS_CERT_FILE: z.string().min(1).optional(),
  MDM_TLS_KEY_FILE: z.string().min(1).optional(),
  /**
   * 'on' behind a reverse proxy: the open API's IP whitelist reads the client address from X-Forwarded-For, and the
   * Apple endpoints take X-Forwarded-Proto: https as a request that arrived over TLS.
   */
  MDM_TRUST_PROXY: z.enum(['on', 'off']).default('off'),
  /**
   * Apple's check-in and command endpoints refuse requests that did not arrive over TLS (issue #41: the messages carry
   * no time, so a message captured on the wire could be replayed). Default 'on' in production, where 'off' is
   * refused, and 'off' elsewhere (tests, the demo's simulated iPhones on http://localhost).
   */
  MDM_APPLE_REQUIRE_HTTPS: z.enum(['on', 'off']).optional(),
  /**
   * How SMS codes are sent: 'log' writes them to the server log (development), 'none' sends nothing and the
   * personal centre answers that SMS is not configured. Default 'log', but 'none' in production.
   */
  MDM_SMS_PROVIDER: z.enum(['log', 'none']).optional(),
  /** Key that seals stored secrets (64 hex digits or base64 of 32 bytes); unset: the key file below. */
  MDM_SECRET_KEY: z.string().optional(),
  MDM_SECRET_KEY_FILE: z.string().default('.secrets/secret.key'),
  /** Apple MDM (docs/apple-mdm.md): the HTTPS address devices reach this server at; default http(s)://localhost:PORT. */
  MDM_PUBLIC_URL: z.url().optional(),
  /** Where the device CA (ca.pem, ca.key) is created on first start and kept, outside the database folder. */
  MDM_CA_DIR: z.string().default('.secrets'),
  /** How an Apple device proves who it is: its CMS signature (Mdm-Signature), or a client certificate forwarded by the TLS terminator. */
  MDM_APPLE_IDENTITY: z.enum(['signature', 'client-cert']).default('signature'),
  MDM_CLIENT_CERT_HEADER: z.string().min(1).default('X-Ssl-Client-Cert'),
  /** The APNs MDM push certificate and its key (PEM); unset: no push, devices pick commands up at their next check-in. */
  MDM_APNS_CERT_FILE: z.string().optional(),
  MDM_APNS_KEY_FILE: z.string().optional(),
  MDM_APNS_URL: z.url().default('https://api.push.apple.com'),
  /**
   * Issue #42: an MDM vendor certificate ("MDM CSR" from Apple's developer portal; PEM, the chain to Apple's root after
   * it) and its key: the certificate page then offers the push certificate request signed, ready for Apple's portal.
   */
  MDM_APNS_VENDOR_CERT_FILE: z.string().min(1).optional(),
  MDM_APNS_VENDOR_KEY_FILE: z.string().min(1).optional(),
  /** Issue #42: Apple's device-assignment API (Apple Business Manager); a local simulator's http://127.0.0.1:<port> in tests. */
  MDM_ABM_URL: z.url().default('https://mdmenrollment.apple.com'),
  /** Issue #42: Apple's device services (activation lock removal). */
  MDM_APPLE_DEVICESERVICES_URL: z.url().default('https://deviceservices-external.apple.com'),
  /** Issue #42: PEM roots trusted for the device-services URL besides the system's (a local simulator's certificate). */
  MDM_APPLE_DEVICESERVICES_CA_FILE: z.string().min(1).optional(),
  /** Issue #42: PEM bundle of the roots that sign a phone's MachineInfo at automated enrollment; unset: Apple's. */
  MDM_APPLE_DEP_ROOTS_FILE: z.string().min(1).optional(),
  /** Seconds after which a delivered task without a result, or a task never fetched, becomes TIMEOUT. */
  MDM_TASK_RESULT_TIMEOUT_SECONDS: z.coerce.number().positive().default(5 * 60),
  MDM_TASK_QUEUE_EXPIRY_SECONDS: z.coerce.number().positive().default(24 * 3600),
  /** How long a request that needs the device's answer (the Activation Lock bypass code) waits for it before answering without. */
  MDM_COMMAND_ANSWER_WAIT_SECONDS: z.coerce.number().min(0).max(60).default(8),
  /**
   * Issue #44: the seconds the server tells Huawei / Mi agents to wait between polls (enroll and poll answers); polls
   * per second = agents / this (docs/scaling.md). A command reaches an agent within about this long.
   */
  MDM_AGENT_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(10),
  /** Issue #44: GET /metrics answers a scraper sending `Authorization: Bearer <this>`; unset, the endpoint is off (404). */
  MDM_METRICS_TOKEN: z.string().min(16).optional(),
  MDM_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** JSON lines (default in production) or one readable line per entry (default elsewhere). */
  MDM_LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
})

export type SmsProviderName = 'log' | 'none'

export interface AppConfig {
  production: boolean
  port: number
  host: string
  databaseUrl: string | undefined
  demo: boolean
  /** The demo's simulated devices run (only with demo on). */
  demoDevices: boolean
  /** MDM_BACKGROUND_JOBS: whether this process runs the background jobs on their schedule. */
  backgroundJobs: boolean
  adminPassword: string | undefined
  icp: string
  tokenTtlMs: number
  captchaAnswer: string | undefined
  map: { tileUrl: string; coordinates: 'WGS84' | 'GCJ02' }
  /** MDM_AMAP_KEY and MDM_AMAP_URL (no trailing slash); null without a key: positions are shown as coordinates. */
  amap: { key: string; url: string } | null
  distDir: string
  trustProxy: boolean
  /** MDM_APPLE_REQUIRE_HTTPS: the Apple device endpoints answer only requests that arrived over TLS. */
  appleRequireHttps: boolean
  /** MDM_TLS_CERT_FILE and MDM_TLS_KEY_FILE; null: plain HTTP. */
  tls: TlsFiles | null
  smsProvider: SmsProviderName
  /** MDM_SECRET_KEY, parsed; null: a key file (or, in memory, a key of the process). */
  secretKey: Buffer | null
  secretKeyFile: string
  apple: {
    publicUrl: string
    caDir: string
    identitySource: 'signature' | 'client-cert'
    clientCertHeader: string
    apnsCertFile: string | undefined
    apnsKeyFile: string | undefined
    apnsUrl: string
    /** MDM_ABM_URL without a trailing slash: every device-assignment URL is built from it. */
    abmUrl: string
    deviceServicesUrl: string
    /** MDM_APPLE_DEVICESERVICES_CA_FILE: extra trust for the device-services URL's TLS certificate. */
    deviceServicesCaFile: string | undefined
    depRootsFile: string | undefined
    /** MDM_APNS_VENDOR_CERT_FILE and MDM_APNS_VENDOR_KEY_FILE (issue #42): both or neither. */
    apnsVendorCertFile: string | undefined
    apnsVendorKeyFile: string | undefined
  }
  taskTimeouts: { resultMs: number; queueMs: number }
  /** MDM_COMMAND_ANSWER_WAIT_SECONDS in milliseconds. */
  commandAnswerWaitMs: number
  /** MDM_AGENT_POLL_SECONDS: the agents' poll interval the server answers. */
  agentPollSeconds: number
  /** MDM_METRICS_TOKEN; undefined: GET /metrics is off. */
  metricsToken: string | undefined
  log: { level: LogLevel; format: LogFormat }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(logMessages.configInvalid(issue.path.join('.'), issue.message))
  }
  const e = parsed.data
  const production = e.NODE_ENV === 'production'
  if (production && e.MDM_CAPTCHA_ANSWER) throw new Error(logMessages.captchaFixedInProduction)
  if (production && e.MDM_DEMO === 'on') throw new Error(logMessages.demoInProduction)
  if (production && e.MDM_APPLE_REQUIRE_HTTPS === 'off') throw new Error(appleMdmText.plainHttpInProduction)
  if (!e.MDM_APNS_CERT_FILE !== !e.MDM_APNS_KEY_FILE) throw new Error(appleMdmText.apnsConfigInvalid)
  if (!e.MDM_APNS_VENDOR_CERT_FILE !== !e.MDM_APNS_VENDOR_KEY_FILE) throw new Error(apnsRequestText.vendorConfigInvalid)
  if (!e.MDM_TLS_CERT_FILE !== !e.MDM_TLS_KEY_FILE) throw new Error(logMessages.tlsConfigInvalid)
  // In client-cert mode a device is who the forwarded header says: only a terminator in front, which sets (and strips)
  // that header, may forward it. A server terminating TLS itself would take the header from anyone.
  if (e.MDM_TLS_CERT_FILE && e.MDM_APPLE_IDENTITY === 'client-cert') throw new Error(logMessages.tlsClientCertConflict)
  const secretKey = e.MDM_SECRET_KEY ? parseSecretKey(e.MDM_SECRET_KEY) : null
  if (e.MDM_SECRET_KEY && !secretKey) throw new Error(logMessages.secretKeyInvalid)
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    demo: (e.MDM_DEMO ?? (production ? 'off' : 'on')) === 'on',
    demoDevices: e.MDM_DEMO_DEVICES === 'on',
    backgroundJobs: e.MDM_BACKGROUND_JOBS === 'on',
    adminPassword: e.MDM_ADMIN_PASSWORD,
    icp: e.MDM_ICP,
    tokenTtlMs: e.MDM_TOKEN_TTL_HOURS * 3600_000,
    captchaAnswer: e.MDM_CAPTCHA_ANSWER,
    map: { tileUrl: e.MDM_MAP_TILE_URL, coordinates: e.MDM_MAP_COORDINATES },
    amap: e.MDM_AMAP_KEY ? { key: e.MDM_AMAP_KEY, url: e.MDM_AMAP_URL.replace(/\/+$/, '') } : null,
    distDir: e.MDM_DIST_DIR,
    trustProxy: e.MDM_TRUST_PROXY === 'on',
    appleRequireHttps: (e.MDM_APPLE_REQUIRE_HTTPS ?? (production ? 'on' : 'off')) === 'on',
    tls: e.MDM_TLS_CERT_FILE && e.MDM_TLS_KEY_FILE ? { certFile: e.MDM_TLS_CERT_FILE, keyFile: e.MDM_TLS_KEY_FILE } : null,
    smsProvider: e.MDM_SMS_PROVIDER ?? (production ? 'none' : 'log'),
    secretKey,
    secretKeyFile: e.MDM_SECRET_KEY_FILE,
    apple: {
      publicUrl: (e.MDM_PUBLIC_URL ?? `${e.MDM_TLS_CERT_FILE ? 'https' : 'http'}://localhost:${e.PORT}`).replace(/\/+$/, ''),
      caDir: e.MDM_CA_DIR,
      identitySource: e.MDM_APPLE_IDENTITY,
      clientCertHeader: e.MDM_CLIENT_CERT_HEADER,
      apnsCertFile: e.MDM_APNS_CERT_FILE,
      apnsKeyFile: e.MDM_APNS_KEY_FILE,
      apnsUrl: e.MDM_APNS_URL.replace(/\/+$/, ''),
      apnsVendorCertFile: e.MDM_APNS_VENDOR_CERT_FILE,
      apnsVendorKeyFile: e.MDM_APNS_VENDOR_KEY_FILE,
      abmUrl: e.MDM_ABM_URL.replace(/\/+$/, ''),
      deviceServicesUrl: e.MDM_APPLE_DEVICESERVICES_URL.replace(/\/+$/, ''),
      deviceServicesCaFile: e.MDM_APPLE_DEVICESERVICES_CA_FILE,
      depRootsFile: e.MDM_APPLE_DEP_ROOTS_FILE,
    },
    taskTimeouts: { resultMs: e.MDM_TASK_RESULT_TIMEOUT_SECONDS * 1000, queueMs: e.MDM_TASK_QUEUE_EXPIRY_SECONDS * 1000 },
    commandAnswerWaitMs: e.MDM_COMMAND_ANSWER_WAIT_SECONDS * 1000,
    agentPollSeconds: e.MDM_AGENT_POLL_SECONDS,
    metricsToken: e.MDM_METRICS_TOKEN,
    log: { level: e.MDM_LOG_LEVEL, format: e.MDM_LOG_FORMAT ?? (production ? 'json' : 'pretty') },
  }
}

/** A configuration for tests: in-memory database, fixed captcha, no demo seeding at start. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // The log's level as the test run asks (vitest's env: warn), else the default: a line per request made the suite's
  // output megabytes and cost each test server the formatting of every line.
  const level = process.env.MDM_LOG_LEVEL ? { MDM_LOG_LEVEL: process.env.MDM_LOG_LEVEL } : {}
  return { ...loadConfig({ NODE_ENV: 'test', MDM_CAPTCHA_ANSWER: 'test', DATABASE_URL: 'memory://', MDM_DEMO: 'off', ...level }), ...overrides }
}
