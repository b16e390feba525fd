import { getConnInfo } from '@hono/node-server/conninfo'
import { and, eq, lt } from 'drizzle-orm'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { ResultCode } from '../../shared/contract/envelope'
import { effectiveAuthorities } from '../../shared/domain/authorities'
import { organizationMessages as m } from '../../shared/messages'
import type { CurrentUser } from '../auth/sessions'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { accessKeys, apiNonces, companies, roles, users } from '../db/schema'
import { ApiError } from '../http/errors'
import { ipAllowed, normalizeIp } from './ip-whitelist'
import { NONCE_RETENTION_MS, signatureHeaders as h, signatureMatches, TIMESTAMP_WINDOW_MS } from './signature'

const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/

/** The caller's address: the socket's, or with MDM_TRUST_PROXY the last X-Forwarded-For hop (added by our proxy). */
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

/** The key's owner as a signed-in user, so the open API goes through the same services, authorities and scope. */
async function keyOwner(db: Db, userId: number): Promise<CurrentUser | null> {
  const [row] = await db
    .select({ user: users, companyName: companies.name, companyAvailable: companies.available, parentCompanyId: companies.parentId, roleAuthorities: roles.authorities })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
  if (!row || !row.user.available || row.companyAvailable === false) return null
  const u = row.user
  return {
    id: u.id,
    sessionId: 0,
    username: u.username,
    name: u.name,
    kind: u.kind,
    companyId: u.companyId,
    parentCompanyId: row.parentCompanyId,
    companyName: row.companyName,
    phoneNumber: u.phoneNumber,
    authorities: effectiveAuthorities(u.kind, row.roleAuthorities),
  }
}

const unauthorized = (message: string) => new ApiError(ResultCode.unauthorized, message)

/**
 * Open-API authentication: HMAC-SHA256 signature over method, path, timestamp, nonce and body with the access
 * secret; timestamps outside ±5 minutes and nonces seen before are refused; the key's IP whitelist is enforced.
 */
export const signedRequest = createMiddleware<AppEnv>(async (c, next) => {
  const accessKey = c.req.header(h.accessKey)
  const timestamp = c.req.header(h.timestamp)
  const nonce = c.req.header(h.nonce)
  const signature = c.req.header(h.signature)
  if (!accessKey || !timestamp || !nonce || !signature) throw unauthorized(m.openApiMissingHeaders)
  if (!NONCE_PATTERN.test(nonce)) throw unauthorized(m.openApiBadNonce)
  const now = Date.now()
  if (!/^\d{1,15}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > TIMESTAMP_WINDOW_MS) throw unauthorized(m.openApiStaleTimestamp)

  const { db } = c.var.services
  const [key] = await db.select().from(accessKeys).where(eq(accessKeys.accessKey, accessKey)).limit(1)
  if (!key?.accessSecret) throw unauthorized(m.openApiInvalidKey)

  const url = new URL(c.req.url)
  const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? '' : await c.req.text()
  const parts = { method: c.req.method, path: url.pathname + url.search, timestamp, nonce, body }
  if (!signatureMatches(key.accessSecret, parts, signature)) throw unauthorized(m.openApiBadSignature)

  const ip = clientIp(c)
  if (!ipAllowed(key.ipWhiteList, ip)) throw ApiError.forbidden(m.openApiIpDenied(ip))

  await db.delete(apiNonces).where(and(eq(apiNonces.accessKey, accessKey), lt(apiNonces.createdAt, new Date(now - NONCE_RETENTION_MS))))
  const fresh = await db.insert(apiNonces).values({ accessKey, nonce }).onConflictDoNothing().returning({ nonce: apiNonces.nonce })
  if (!fresh.length) throw unauthorized(m.openApiReplayed)

  const owner = await keyOwner(db, key.userId)
  if (!owner) throw unauthorized(m.openApiInvalidKey)
  c.set('user', owner)
  await next()
})

/** Inside the open API, a route's authority is checked against the key owner's authorities. */
export const openAuthority = (code: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.var.user.authorities.includes(code)) throw ApiError.forbidden()
    await next()
  })
