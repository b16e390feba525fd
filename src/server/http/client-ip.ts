import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The caller's address: the socket's, or with MDM_TRUST_PROXY (`trustProxy`) the last X-Forwarded-For hop (added by
 * our proxy). Empty when unknown (a request handed to the app without a socket).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean)
    if (hops?.length) return normalizeIp(hops[hops.length - 1])
  }
  try {
    return normalizeIp(getConnInfo(c).remote.address ?? '')
  } catch {
    return ''
  }
}

/** "::ffff:10.0.0.1" (an IPv4 client on a dual-stack socket) is 10.0.0.1. */
export function normalizeIp(address: string): string {
  const trimmed = address.trim()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)
  return mapped ? mapped[1] : trimmed
}
