import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AbmDeviceList, type AbmServer, type SimDeviceInput } from './abm-devices'
import { oauthVerifier, type OAuthCredentials } from './abm-oauth'
import { serverTokenFile } from './abm-token'
import { handleProfileCall, type ProfileState } from './abm-profiles'

/**
 * A simulated Apple Business Manager device-assignment service (what mdmenrollment.apple.com answers), playing
 * Apple's published rules strictly so that the server's client is tested against them: OAuth 1.0a at GET /session,
 * then X-ADM-Auth-Session, X-Server-Protocol-Version and User-Agent on every other call; the JSON shapes of Apple's
 * schema (nanodep godep/schema.go names every field); opaque cursors; profiles, assignments, disown; and injected
 * 401 / 429 / 503 answers. Each issued token is the token of one MDM server of the organisation; tokens issued for
 * the same server name share its devices (a renewed token keeps them). Its own process state only.
 */

export interface SimulatedAbm {
  url: string
  issueToken(certPem: string, opts?: { expiresAt?: Date; orgName?: string; serverName?: string }): string
  addDevices(list: SimDeviceInput[], opts?: { serverName?: string }): void
  modifyDevice(serial: string, changes: Record<string, unknown>): void
  removeDevice(serial: string): void
  failNext(path: string, status: number, opts?: { retryAfter?: number; body?: string }): void
  expireSessions(): void
  expireCursors(): void
  requests: Array<{ method: string; path: string; headers: Record<string, string>; body: unknown; status: number }>
  profiles: Map<string, Record<string, unknown>>
  assignments: Map<string, string>
  disowned: Set<string>
  /** Serials whose profile assignment and disown answer FAILED (Apple's own failure, for tests). */
  failingSerials: Set<string>
  /** serial → the activation-lock escrow key (bypass-code hash) given with POST /device/activationlock. */
  escrowKeys: Map<string, string>
  stop(): Promise<void>
}

export const defaultServerName = 'Rental MDM'
const defaultOrgName = 'Example Rental Co.'
const sessionLifetimeMs = 30 * 60_000

interface Session {
  server: AbmServer
  expiresAt: number
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> }

export async function startAbmSimulator(opts: { pageSize?: number; now?: () => Date } = {}): Promise<SimulatedAbm> {
  const now = opts.now ?? (() => new Date())
  const servers = new Map<string, AbmServer>()
  const tokens = new Map<string, OAuthCredentials & { server: AbmServer }>()
  const sessions = new Map<string, Session>()
  const failures = new Map<string, Array<{ status: number; retryAfter?: number; body?: string }>>()
  const verifier = oauthVerifier((key) => tokens.get(key), now)
  const state: ProfileState = {
    profiles: new Map(),
    profileServers: new Map(),
    assignments: new Map(),
    failingSerials: new Set(),
    now,
  }
  const disowned = new Set<string>()
  const escrowKeys = new Map<string, string>()
  const requests: SimulatedAbm['requests'] = []

  const serverNamed = (name: string, orgName = defaultOrgName): AbmServer => {
    let server = servers.get(name)
    if (!server) {
      server = { name, uuid: randomUUID().toUpperCase(), orgName, list: new AbmDeviceList(now) }
      servers.set(name, server)
    }
    return server
  }
  const serverOf = (serial: string): AbmServer | undefined => [...servers.values()].find((s) => s.list.devices.has(serial))

  const pageLimit = (requested: unknown): number => {
    const asked = typeof requested === 'number' && requested > 0 ? Math.min(requested, 1000) : 100
    return Math.min(asked, opts.pageSize ?? 1000)
  }

  function route(method: string, url: URL, req: IncomingMessage, body: unknown): Reply {
    const path = url.pathname
    if (path === '/session') {
      if (method !== 'GET') return { status: 405, body: 'METHOD_NOT_ALLOWED' }
      const check = verifier.verify(method, url, req.headers.authorization)
      if (!check.ok) return { status: check.status, body: check.status === 400 ? 'BAD_REQUEST' : 'UNAUTHORIZED', headers: { 'x-reason': check.reason } }
      const token = tokens.get(check.consumerKey)!
      const session = `${Date.now()}O${randomBytes(24).toString('hex').toUpperCase()}`
      sessions.set(session, { server: token.server, expiresAt: now().getTime() + sessionLifetimeMs })
      return { status: 200, body: { auth_session_token: session } }
    }
    const sessionToken = header(req, 'x-adm-auth-session')
    const session = sessionToken ? sessions.get(sessionToken) : undefined
    if (!session || session.expiresAt <= now().getTime()) return { status: 401, body: 'UNAUTHORIZED' }
    if (!header(req, 'x-server-protocol-version')) return { status: 400, body: 'MISSING_SERVER_PROTOCOL_VERSION' }
    if (!header(req, 'user-agent')) return { status: 400, body: 'MISSING_USER_AGENT' }
    if (method !== 'GET' && !/^application\/json/i.test(header(req, 'content-type') ?? '')) return { status: 415, body: 'UNSUPPORTED_MEDIA_TYPE' }
    if (body === BAD_JSON) return { status: 400, body: 'MALFORMED_REQUEST_BODY' }
    const server = session.server
    const input = (body ?? {}) as Record<string, unknown>
    const ok = (b: unknown): Reply => ({ status: 200, body: b, headers: { 'x-adm-auth-session': sessionToken! } })

    if (path === '/account' && method === 'GET') {
      return ok({
        server_name: server.name,
        server_uuid: server.uuid,
        admin_id: 'admin@example.com',
        facilitator_id: 'admin@example.com',
        org_name: server.orgName,
        org_email: 'it@example.com',
        org_phone: '+86 10 0000 0000',
        org_address: 'Beijing',
        org_id: '1234567',
        org_id_hash: createHash('sha256').update(server.orgName).digest('hex'),
        org_type: 'org',
        org_version: 'v1',
        urls: [
          { uri: '/server/devices', http_method: ['POST'], limit: { default: 100, maximum: 1000 } },
          { uri: '/devices/sync', http_method: ['POST'], limit: { default: 100, maximum: 1000 } },
        ],
      })
    }
    if ((path === '/server/devices' || path === '/devices/sync') && method === 'POST') {
      const cursor = typeof input.cursor === 'string' && input.cursor !== '' ? input.cursor : undefined
      const page = path === '/server/devices' ? server.list.fetch(cursor, pageLimit(input.limit)) : server.list.sync(cursor, pageLimit(input.limit))
      return typeof page === 'string' ? { status: 400, body: page } : ok(page)
    }
    if (path === '/devices' && method === 'POST') {
      const serials = stringList(input.devices)
      if (!serials) return { status: 400, body: 'DEVICE_ID_REQUIRED' }
      const devices: Record<string, unknown> = {}
      for (const s of serials) {
        const d = server.list.devices.get(s)
        devices[s] = d ? { ...d, response_status: 'SUCCESS' } : { serial_number: s, response_status: 'NOT_ACCESSIBLE' }
      }
      return ok({ devices })
    }
    if (path === '/devices/disown' && method === 'POST') {
      const serials = stringList(input.devices)
      if (!serials) return { status: 400, body: 'DEVICE_ID_REQUIRED' }
      const devices: Record<string, string> = {}
      for (const s of serials) {
        if (state.failingSerials.has(s)) devices[s] = 'FAILED'
        else if (!server.list.devices.has(s)) devices[s] = 'NOT_ACCESSIBLE'
        else {
          server.list.remove(s)
          state.assignments.delete(s)
          disowned.add(s)
          devices[s] = 'SUCCESS'
        }
      }
      return ok({ devices })
    }
    if (path === '/device/activationlock' && method === 'POST') {
      const serial = typeof input.device === 'string' ? input.device : ''
      if (!serial) return { status: 400, body: 'DEVICE_ID_REQUIRED' }
      if (input.escrow_key !== undefined && (typeof input.escrow_key !== 'string' || !/^[0-9a-f]{64}$/i.test(input.escrow_key))) {
        return { status: 400, body: 'INVALID_ESCROW_KEY' }
      }
      if (!server.list.devices.has(serial)) return ok({ serial_number: serial, response_status: 'NOT_ACCESSIBLE' })
      if (typeof input.escrow_key === 'string') escrowKeys.set(serial, input.escrow_key.toLowerCase())
      return ok({ serial_number: serial, response_status: 'SUCCESS' })
    }
    if (path === '/profile' || path === '/profile/devices') {
      const reply = handleProfileCall(state, server, method, url, input)
      return reply.status === 200 ? ok(reply.body) : reply
    }
    return { status: 404, body: 'NOT_FOUND' }
  }

  const httpServer = createServer((req, res) => {
    void handle(req, res)
  })
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req)
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`)
    const method = req.method ?? 'GET'
    let body: unknown = null
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'))
      } catch {
        body = BAD_JSON
      }
    }
    const queued = failures.get(url.pathname)?.shift()
    const reply: Reply = queued
      ? {
          status: queued.status,
          body: queued.body ?? defaultFailureBody(queued.status),
          headers: queued.retryAfter !== undefined ? { 'retry-after': String(queued.retryAfter) } : {},
        }
      : route(method, url, req, body)
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v
    requests.push({ method, path: url.pathname + url.search, headers, body: body === BAD_JSON ? raw.toString('utf8') : body, status: reply.status })
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
    res.writeHead(reply.status, {
      'content-type': typeof reply.body === 'string' ? 'text/plain;charset=UTF8' : 'application/json;charset=UTF8',
      ...reply.headers,
    })
    res.end(text)
  }
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve))
  const { port } = httpServer.address() as AddressInfo

  serverNamed(defaultServerName)
  return {
    url: `http://127.0.0.1:${port}`,
    issueToken(certPem, o = {}) {
      const server = serverNamed(o.serverName ?? defaultServerName, o.orgName)
      if (o.orgName) server.orgName = o.orgName
      const expiresAt = o.expiresAt ?? new Date(now().getTime() + 365 * 24 * 3600_000)
      const creds: OAuthCredentials = {
        consumerKey: `CK_${randomBytes(48).toString('hex')}`,
        consumerSecret: `CS_${randomBytes(20).toString('hex')}`,
        accessToken: `AT_${randomBytes(10).toString('hex').toUpperCase()}O${Date.now()}`,
        accessSecret: `AS_${randomBytes(20).toString('hex')}`,
        expiresAt,
      }
      tokens.set(creds.consumerKey, { ...creds, server })
      return serverTokenFile(certPem, {
        consumer_key: creds.consumerKey,
        consumer_secret: creds.consumerSecret,
        access_token: creds.accessToken,
        access_secret: creds.accessSecret,
        access_token_expiry: expiresAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      })
    },
    addDevices(list, o = {}) {
      serverNamed(o.serverName ?? defaultServerName).list.add(list, 'admin@example.com')
    },
    modifyDevice(serial, changes) {
      const server = serverOf(serial)
      if (!server) throw new Error(`simulated ABM: no device ${serial}`)
      server.list.modify(serial, changes)
    },
    removeDevice(serial) {
      const server = serverOf(serial)
      if (!server) throw new Error(`simulated ABM: no device ${serial}`)
      server.list.remove(serial)
      state.assignments.delete(serial)
    },
    failNext(path, status, o = {}) {
      const queue = failures.get(path) ?? []
      queue.push({ status, retryAfter: o.retryAfter, body: o.body })
      failures.set(path, queue)
    },
    expireSessions() {
      sessions.clear()
    },
    expireCursors() {
      for (const server of servers.values()) server.list.expireCursors()
    },
    requests,
    profiles: state.profiles,
    assignments: state.assignments,
    disowned,
    failingSerials: state.failingSerials,
    escrowKeys,
    stop: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections()
        httpServer.close(() => resolve())
      }),
  }
}

const BAD_JSON = Symbol('bad json')

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name]
  return typeof v === 'string' && v !== '' ? v : undefined
}

function stringList(v: unknown): string[] | null {
  return Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string' && s !== '') ? (v as string[]) : null
}

function defaultFailureBody(status: number): string {
  if (status === 401) return 'UNAUTHORIZED'
  if (status === 403) return 'ACCESS_DENIED'
  if (status === 429) return 'TOO_MANY_REQUESTS'
  if (status === 503) return 'SERVICE_UNAVAILABLE'
  return 'INTERNAL_SERVER_ERROR'
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
