import { readFileSync } from 'node:fs'
import { createSecureServer, type Http2SecureServer, type ServerHttp2Session } from 'node:http2'
import { request } from 'node:https'
import { createSecureContext, type Server as TlsServer, type TLSSocket } from 'node:tls'
import { logMessages } from '../../shared/messages/server'
import { log as serverLog } from '../log'

export interface TlsFiles {
  certFile: string
  keyFile: string
}

/** The certificate and key the server speaks TLS with, and the files they were read from (MDM_TLS_CERT_FILE, MDM_TLS_KEY_FILE). */
export interface TlsCredentials {
  cert: Buffer
  key: Buffer
  files: TlsFiles
}

export function readTlsCredentials(files: TlsFiles): TlsCredentials {
  const read = (file: string) => {
    try {
      return readFileSync(file)
    } catch (err) {
      throw new Error(logMessages.tlsFileUnreadable(file, (err as NodeJS.ErrnoException).code ?? String(err)))
    }
  }
  const pair = { cert: read(files.certFile), key: read(files.keyFile), files }
  // Loaded once here, so that a key that does not match its certificate (or a file that is not PEM) is told in words,
  // before the server listens or a renewal replaces the pair in service.
  try {
    createSecureContext({ cert: pair.cert, key: pair.key })
  } catch (err) {
    throw new Error(logMessages.tlsPairInvalid(files.certFile, files.keyFile, (err as Error).message))
  }
  return pair
}

/**
 * Options for @hono/node-server's `serve`: HTTPS with HTTP/2 for browsers (one connection carries every module of
 * the console at once, where HTTP/1.1 queues them six at a time; issue #16), and HTTP/1.1 over TLS for clients
 * that do not offer h2 (agents, iPhones, curl).
 */
export function secureServerOptions(tls: TlsCredentials) {
  return { createServer: createSecureServer, serverOptions: { cert: tls.cert, key: tls.key, allowHTTP1: true } }
}

/** A connection with nothing going on for this long is closed (the plain HTTP server closes idle keep-alive in 5 s). */
const TLS_IDLE_TIMEOUT_MS = 60_000

/**
 * The secure server's connections, bounded and closable. node:http2's server keeps an idle session, and an idle
 * HTTP/1.1 keep-alive connection over TLS, open forever (a phone that dropped off the network leaves one behind), and
 * its close() waits for every open session: a browser left on the console would keep the server from stopping.
 * Idle connections are closed after TLS_IDLE_TIMEOUT_MS; `closeAll` ends them at once when the server stops
 * (HTTP/2 sessions with GOAWAY, after their open streams).
 */
export function boundSecureConnections(server: Http2SecureServer, idleMs = TLS_IDLE_TIMEOUT_MS) {
  server.setTimeout(idleMs)
  const sessions = new Set<ServerHttp2Session>()
  const sockets = new Set<TLSSocket>()
  server.on('session', (session: ServerHttp2Session) => {
    sessions.add(session)
    session.once('close', () => sessions.delete(session))
  })
  server.on('secureConnection', (socket: TLSSocket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  return {
    closeAll() {
      for (const session of sessions) session.close()
      for (const socket of sockets) if (socket.alpnProtocol !== 'h2') socket.end()
    },
  }
}

/** How often the certificate files are read again (a certificate renewed in place is served within the hour). */
const TLS_RELOAD_MS = 3600_000

/**
 * Serves a certificate renewed in place (certbot, acme.sh … replace the files every 60-90 days) without a restart:
 * the files are read again every TLS_RELOAD_MS, and on SIGHUP; new connections get the new pair, open ones keep
 * theirs. A pair that does not load (a half-written renewal, a key that does not match) is logged and the one in
 * service stays. `reload` answers whether the certificate changed.
 */
export function reloadTlsCredentials(server: TlsServer, current: TlsCredentials, log: (line: string) => void = (line) => serverLog.error(line)) {
  const files = current.files
  let served = current
  const reload = (): boolean => {
    try {
      const next = readTlsCredentials(files)
      if (next.cert.equals(served.cert) && next.key.equals(served.key)) return false
      server.setSecureContext({ cert: next.cert, key: next.key })
      served = next
      log(logMessages.tlsReloaded(files.certFile))
      return true
    } catch (err) {
      log(logMessages.tlsReloadFailed(files.certFile, (err as Error).message))
      return false
    }
  }
  const timer = setInterval(reload, TLS_RELOAD_MS)
  timer.unref()
  const onHangup = () => void reload()
  process.on('SIGHUP', onHangup)
  return {
    reload,
    /** The pair in service. */
    current: () => served,
    stop() {
      clearInterval(timer)
      process.off('SIGHUP', onHangup)
    },
  }
}

export type SimpleFetch = (input: string, init: { method: string; headers: Record<string, string>; body: string | Uint8Array }) => Promise<Response>

/**
 * What the server does once it listens over TLS: serves renewed certificates (reloadTlsCredentials) and bounds its
 * connections (boundSecureConnections). `close` stops both and the server, ending open connections.
 */
export function serveSecurely(server: Http2SecureServer, credentials: TlsCredentials) {
  const renewals = reloadTlsCredentials(server, credentials)
  const connections = boundSecureConnections(server)
  return {
    /** The pair in service. */
    current: renewals.current,
    async close() {
      renewals.stop()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      connections.closeAll()
      await closed
    },
  }
}

/** How long a demo device waits for the server's answer before the request fails. */
const PINNED_FETCH_TIMEOUT_MS = 30_000

/**
 * The demo's simulated devices call this server over HTTPS with this fetch: it trusts exactly the server's own
 * certificate (a function: the one in service at the time), whatever name it was issued to (the demo reaches it at
 * 127.0.0.1), and nothing else. The certificate is the only trust anchor, even when a CA issued it
 * (allowPartialTrustChain: the chain may stop at it). A new connection per request, so that none is left open when
 * the server stops.
 */
export function pinnedFetch(cert: Buffer | (() => Buffer)): SimpleFetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const req = request(
        input,
        {
          method: init.method,
          headers: { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
          ca: typeof cert === 'function' ? cert() : cert,
          allowPartialTrustChain: true,
          checkServerIdentity: () => undefined,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('error', reject)
          res.on('end', () => {
            try {
              const headers = new Headers()
              for (const [k, v] of Object.entries(res.headers)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) headers.append(k, one)
              const status = res.statusCode ?? 502
              resolve(new Response([101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers }))
            } catch (err) {
              reject(err as Error)
            }
          })
        },
      )
      req.setTimeout(PINNED_FETCH_TIMEOUT_MS, () => req.destroy(new Error(logMessages.demoRequestTimedOut(input, PINNED_FETCH_TIMEOUT_MS / 1000))))
      req.on('error', reject)
      req.end(init.body)
    })
}
