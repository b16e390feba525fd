import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ResultCode } from '../../shared/contract/envelope'
import { errorMessages } from '../../shared/messages'

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
