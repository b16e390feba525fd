import { and, eq, lt } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { ResultCode } from '../../shared/contract/envelope'
import { organizationMessages as m } from '../../shared/messages/organization'
import { loadAccount } from '../auth/sessions'
import type { AppEnv } from '../context'
import { accessKeys, apiNonces } from '../db/schema'
import { openSecret } from '../modules/access/service'
import { clientIp } from '../http/client-ip'
import { ApiError } from '../http/errors'
import { ipAllowed } from './ip-whitelist'
import { NONCE_RETENTION_MS, signatureHeaders as h, signatureMatches, TIMESTAMP_WINDOW_MS } from './signature'
import { requireAuthority } from '../auth/tenant'
import type { AuthorityCode } from '../../shared/domain/authorities'
import { LimitRefused, limits, type LimitRule } from '../auth/rate-limit'
import { recordRefusal } from '../modules/audit/service'

const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/

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

  const { config, db, secrets, limiter } = c.var.services
  const ip = clientIp(c, config.trustProxy)
  // Issues #10 and #41: signature failures are limited per access key and client address, and per address, each attempt
  // taken before any work is done (requests at once cannot pass the limit together) and given back once it verifies.
  // A key named by others from other addresses stays usable by its owner.
  const attempt: [LimitRule, string][] = [
    [limits.signaturePerAddress, ip],
    [limits.signaturePerKeyAndAddress, `${accessKey}|${ip}`],
  ]
  // Issue #41 item 12: a refusal is recorded (within the address's budget), and so is the lock-out when it begins.
  const refused = async (message: string) => {
    await recordRefusal(db, limiter, ip, { action: 'openapi.refused', summary: accessKey.slice(0, 64), reason: message })
    return unauthorized(message)
  }
  try {
    await limiter.takeAll(...attempt)
  } catch (err) {
    if (err instanceof LimitRefused && err.first) await refused(err.message)
    throw err
  }
  const [key] = await db.select().from(accessKeys).where(eq(accessKeys.accessKey, accessKey)).limit(1)
  if (!key?.accessSecret) throw await refused(m.openApiInvalidKey)

  const url = new URL(c.req.url)
  const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? '' : await c.req.text()
  const parts = { method: c.req.method, path: url.pathname + url.search, timestamp, nonce, body }
  const secret = openSecret(secrets, key.accessSecret)
  if (secret === null) throw await refused(m.openApiInvalidKey)
  if (!signatureMatches(secret, parts, signature)) throw await refused(m.openApiBadSignature)

  await limiter.giveBackAll(...attempt)
  if (!ipAllowed(key.ipWhiteList, ip)) throw ApiError.forbidden(m.openApiIpDenied(ip))

  await db.delete(apiNonces).where(and(eq(apiNonces.accessKey, accessKey), lt(apiNonces.createdAt, new Date(now - NONCE_RETENTION_MS))))
  const fresh = await db.insert(apiNonces).values({ accessKey, nonce }).onConflictDoNothing().returning({ nonce: apiNonces.nonce })
  if (!fresh.length) throw unauthorized(m.openApiReplayed)

  // The key's owner as a signed-in user, so the open API goes through the same services, authorities and scope,
  // and a key stops working with its owner's account, company or top-level company, exactly as sessions do.
  const owner = await loadAccount(db, key.userId)
  if (!owner) throw unauthorized(m.openApiInvalidKey)
  c.set('user', owner)
  await next()
})

/** Inside the open API, a route's authority is checked against the key owner's authorities. */
export const openAuthority = (anyOf: readonly AuthorityCode[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!anyOf.some((code) => c.var.user.authorities.includes(code))) requireAuthority(c.var.user, anyOf[0])
    await next()
  })
