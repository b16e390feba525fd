import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ResultCode } from '../../shared/contract/envelope'
import { errorMessages } from '../../shared/messages/common'

/**
 * A failure a service reports to the client: an envelope code and a Chinese message.
 * Services throw it; the app's error handler turns it into the envelope.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }

  /** HTTP status carried alongside the envelope code (SPEC §8 reads the envelope; proxies and logs read this). */
  get httpStatus(): ContentfulStatusCode {
    return (this.code >= 400 && this.code < 600 ? this.code : 400) as ContentfulStatusCode
  }

  static badRequest(message: string = errorMessages.badRequest) {
    return new ApiError(ResultCode.badRequest, message)
  }
  static unauthorized(message: string = errorMessages.unauthorized) {
    return new ApiError(ResultCode.unauthorized, message)
  }
  static forbidden(message: string = errorMessages.forbidden) {
    return new ApiError(ResultCode.forbidden, message)
  }
  /** A foreign tenant's id is answered exactly like a missing one (ARCHITECTURE: tenancy). */
  static notFound(message: string = errorMessages.notFound) {
    return new ApiError(ResultCode.notFound, message)
  }
  static conflict(message: string) {
    return new ApiError(ResultCode.conflict, message)
  }
}

/** Node's codes for a connection that could not be made or was cut. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])
/** SQLSTATEs of a server going away: admin/crash shutdown, not accepting connections yet, too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
/** node-postgres says these in words, without a code. */
const CONNECTION_LOST = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i

/**
 * Whether an error (or one of its causes: Drizzle wraps the driver's) means the database cannot be reached right
 * now, rather than that the query was wrong: connection refused or cut, SQLSTATE class 08 (connection exception),
 * or the server shutting down. Those are answered 503 and pass by themselves (the pool connects again).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
    // AggregateError (a host name with several addresses, all refused) holds the real errors in `errors`.
    const inner = (e as { errors?: unknown }).errors
    if (Array.isArray(inner) && inner.some((x) => isDatabaseUnavailable(x))) return true
    if (e instanceof Error && CONNECTION_LOST.test(e.message) && !(e as { query?: unknown }).query) return true
  }
  return false
}
