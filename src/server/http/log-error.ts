import { DrizzleQueryError } from 'drizzle-orm'

/** The error's class (DrizzleQueryError names only its class), else its name; with the SQLSTATE of a database error. */
function kindOf(e: Error): string {
  const ctor = (e as { constructor?: { name?: string } }).constructor?.name
  // Bundled drivers ship minified class names ("O"): their `name` says more.
  const kind = ctor && ctor.length > 2 && ctor !== 'Error' ? ctor : e.name
  const code = (e as { code?: unknown }).code
  return typeof code === 'string' ? `${kind} [${code}]` : kind
}

/**
 * What the server log says about an unexpected error: its kind and message, then those of its causes, but never
 * the parameters of a failed query. A DrizzleQueryError carries them (password hashes, phone numbers, tokens) in
 * its message and stack, so only its kind and the statement's text (placeholders, no values) are written; the
 * driver's error beneath it says what went wrong.
 */
export function describeServerError(err: unknown): string {
  const parts: string[] = []
  let e: unknown = err
  for (let depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    if (e instanceof DrizzleQueryError) parts.push(`${kindOf(e)}: ${e.query}`)
    else if (e instanceof Error) parts.push(`${kindOf(e)}: ${e.stack?.replace(/^[^\n]*\n?/, `${e.message}\n`) ?? e.message}`)
    else parts.push(typeof e === 'string' ? e : Object.prototype.toString.call(e))
    e = e instanceof Error ? e.cause : undefined
  }
  return parts.join('\n  caused by ')
}
