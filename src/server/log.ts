import { AsyncLocalStorage } from 'node:async_hooks'
import { pino, type DestinationStream, type Logger } from 'pino'
import { describeServerError } from './http/log-error'

/**
 * Issue #44: the server's one log. JSON lines in production (one object a line: time, level, msg, reqId, fields), a
 * short readable line in development. Every line written while a request is handled carries that request's id (reqId,
 * the X-Request-Id header of its answer), read from requestScope, so nothing has to pass the id along.
 *
 * What is never logged: request bodies, query strings, headers, tokens, passwords, secrets, UnlockTokens, bypass codes,
 * personal data. Callers log names, counts and ids of records only; an error is logged through logError, which writes
 * its kind and message but never a failed query's parameters (describeServerError). The redaction below is a second
 * line for a field that slips through by name.
 */
export interface RequestScope {
  requestId: string
}

export const requestScope = new AsyncLocalStorage<RequestScope>()

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type LogFormat = 'json' | 'pretty'

/** Fields that would hold a secret or personal data, wherever they appear (two levels deep). */
const SECRET_FIELDS = [
  'password', 'oldPassword', 'newPassword', 'confirmPassword', 'secondaryPassword', 'token', 'accessSecret', 'secret',
  'authorization', 'cookie', 'credential', 'unlockToken', 'UnlockToken', 'bypassCode', 'pushMagic', 'phoneNumber',
  'idCard', 'idNumber', 'phone', 'pin',
]
const redactPaths = SECRET_FIELDS.flatMap((f) => [f, `*.${f}`])

/** Level names as the readable format shows them. */
const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' }

/**
 * A small formatter for development (pino-pretty brings 13 packages): `12:00:01.234 INFO  [1a2b3c4d] message key=value`.
 * Multi-line fields (an error's stack) follow on their own lines.
 */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>
  try {
    entry = JSON.parse(json) as Record<string, unknown>
  } catch {
    return json
  }
  const { time, level, msg, reqId, ...fields } = entry
  const clock = typeof time === 'string' ? time.slice(11, 23) : ''
  const name = (LEVEL_NAMES[Number(level)] ?? String(level)).padEnd(5)
  const id = typeof reqId === 'string' ? ` [${reqId.slice(0, 8)}]` : ''
  const inline: string[] = []
  const below: string[] = []
  for (const [key, value] of Object.entries(fields)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value)
    if (text.includes('\n')) below.push(`  ${key}: ${text.replace(/\n/g, '\n  ')}`)
    else inline.push(`${key}=${text}`)
  }
  return [`${clock} ${name}${id} ${String(msg ?? '')}${inline.length ? ` ${inline.join(' ')}` : ''}`, ...below].join('\n') + '\n'
}

function prettyStream(out: DestinationStream): DestinationStream {
  return { write: (line: string) => out.write(prettyLine(line)) }
}

function build(level: LogLevel, format: LogFormat, destination: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const scope = requestScope.getStore()
        return scope ? { reqId: scope.requestId } : {}
      },
      redact: { paths: redactPaths, censor: '[redacted]' },
    },
    format === 'pretty' ? prettyStream(destination) : destination,
  )
}

const stdout: DestinationStream = { write: (line: string) => process.stdout.write(line) }

let current: Logger = build('info', 'pretty', stdout)
let capturing = false

/**
 * Sets the log's level, format and (tests) destination; startServer calls it with the configuration. Until then the
 * log is readable lines at info on standard output.
 */
export function configureLogging(options: { level: LogLevel; format: LogFormat; destination?: DestinationStream }): void {
  // A test capturing the log keeps capturing across the servers it starts.
  if (capturing) return
  current = build(options.level, options.format, options.destination ?? stdout)
}

type Fields = Record<string, unknown>

/** The server's log: `log.info('message', { field: value })`. */
export const log = {
  debug: (msg: string, fields: Fields = {}) => current.debug(fields, msg),
  info: (msg: string, fields: Fields = {}) => current.info(fields, msg),
  warn: (msg: string, fields: Fields = {}) => current.warn(fields, msg),
  error: (msg: string, fields: Fields = {}) => current.error(fields, msg),
  enabled: (level: LogLevel) => current.isLevelEnabled(level),
}

/** An unexpected error: its kind, message, stack and causes, never a failed query's parameters. */
export function logError(msg: string, err: unknown, fields: Fields = {}): void {
  current.error({ ...fields, err: describeServerError(err) }, msg)
}

/**
 * Tests: every line from now on (debug and up, JSON) kept in memory instead of written; restore() puts the previous
 * log back. The lines are what production would write, so a test can grep them for what must never be there.
 */
export function captureLog(): { lines: () => Record<string, unknown>[]; text: () => string; restore: () => void } {
  const previous = current
  const written: string[] = []
  capturing = true
  current = build('debug', 'json', { write: (line: string) => void written.push(line) })
  return {
    lines: () => written.map((l) => JSON.parse(l) as Record<string, unknown>),
    text: () => written.join(''),
    restore: () => {
      current = previous
      capturing = false
    },
  }
}
