/** SPEC §8: every answer is { code, msg, data }; code 200 is success. */
export const ResultCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  /** A command that cannot be undone needs the account's secondary password: missing or wrong (issue #10). */
  secondaryPasswordRequired: 428,
  tooManyRequests: 429,
  /** The device being saved is on the platform's blacklist: resend with confirmBlacklisted to save it anyway (issue #15). */
  blacklisted: 412,
  serverError: 500,
  /** A service the server depends on is not configured (e.g. SMS). */
  serviceUnavailable: 503,
} as const

/**
 * SPEC §2: menu and user info load once per sign-in. Every signed-in answer carries the version of what they say (the
 * user's name, company and authorities, hashed); the console reloads both when it differs from the version of the
 * user info it holds — a role changed by someone else reaches the menu with the next answer, with no timer.
 */
export const ACCOUNT_VERSION_HEADER = 'X-Account-Version'

export interface Envelope<T> {
  code: number
  msg: string
  data: T
}
