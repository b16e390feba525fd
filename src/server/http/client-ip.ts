import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { AppEnv } from '../context'
import { normalizeIp } from '../openapi/ip-whitelist'

/**
 * The caller's address: the socket's, or with MDM_TRUST_PROXY the last X-Forwarded-For hop (added by our proxy).
 * Empty when unknown (a request handed to the app without a socket).
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.services.config.trustProxy) {
    const hops = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean)
    if (hops?.length) return normalizeIp(hops[hops.length - 1])
  }
  try {
    return normalizeIp(getConnInfo(c).remote.address ?? '')
  } catch {
    return ''
  }
}
