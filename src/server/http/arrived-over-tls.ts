import type { Context } from 'hono'

/** What @hono/node-server puts in the context's env: the Node request, whose socket tells whether TLS carried it. */
interface NodeBindings {
  incoming?: { socket?: { encrypted?: boolean } }
}

/**
 * Whether a request arrived over TLS: on this server's own TLS socket (MDM_TLS_CERT_FILE; an HTTP/2 stream's socket is
 * its TLS session's), or, with MDM_TRUST_PROXY (`trustProxy`), through a terminator whose last X-Forwarded-Proto hop
 * says https. Never from the request's URL: an HTTP/1.1 request line may carry an absolute https:// URL over plain HTTP.
 */
export function arrivedOverTls(c: Context, trustProxy: boolean): boolean {
  if ((c.env as NodeBindings | undefined)?.incoming?.socket?.encrypted === true) return true
  if (!trustProxy) return false
  const hops = c.req.header('x-forwarded-proto')?.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)
  return hops?.[hops.length - 1] === 'https'
}
