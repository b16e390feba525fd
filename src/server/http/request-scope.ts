import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { apiBases } from '../../shared/contract/routes'
import { endpoints } from '../../shared/contract/endpoints'
import { isEndpoint } from '../../shared/contract/endpoint'
import { log, requestScope } from '../log'
import { startRequestTimer } from '../metrics'

/** An id a trusted proxy sent (nginx's $request_id: 32 hex digits), kept so its log and ours line up. */
const FORWARDED_ID = /^[A-Za-z0-9._-]{8,64}$/

/** `METHOD /base/path` → the endpoint's name in the table ("myDevice.search", "huawei.command.lockScreen"). */
function namesOf(table: object, prefix: string, into: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(table)) {
    const name = prefix ? `${prefix}.${key}` : key
    if (isEndpoint(value)) into.set(`${value.method} ${apiBases[value.base]}${value.path}`, name)
    else if (typeof value === 'object' && value !== null) namesOf(value, name, into)
  }
  return into
}

const tableNames = namesOf(endpoints, '', new Map())

/** Device-protocol and probe traffic, logged at debug (10,000 devices poll); the console's requests at info. */
const QUIET = /^(agent\.|apple\.|healthz$|readyz$|metrics$)/

export interface RequestScopeOptions {
  /** Paths outside the endpoint table with the name their metrics and log lines carry (the Apple protocol, probes). */
  otherNames: Readonly<Record<string, string>>
  /** MDM_TRUST_PROXY: an X-Request-Id from the proxy in front is taken as this request's id. */
  trustProxy: boolean
}

/**
 * Issue #44: each request gets an id (X-Request-Id of its answer, and of every log line written while it is handled,
 * through requestScope), is timed into mdm_http_request_duration_seconds by its endpoint's NAME (never its raw path:
 * a label per id would be a time series per device), and leaves one log line: method, name, status, milliseconds. Never
 * its query string or body, which may hold personal data or secrets.
 */
export function requestScopeMiddleware(options: RequestScopeOptions): MiddlewareHandler {
  const nameOf = (method: string, path: string): string => {
    const known = tableNames.get(`${method} ${path}`) ?? options.otherNames[path]
    if (known) return known
    if (path.startsWith('/assets/')) return 'console.asset'
    return /^\/(mdm|huawei|agent|openapi)\//.test(path) ? 'api.unknown' : 'console.page'
  }
  return async (c, next) => {
    const forwarded = options.trustProxy ? c.req.header('X-Request-Id') : undefined
    const requestId = forwarded && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID()
    const done = startRequestTimer()
    const started = performance.now()
    // Set before the answer is built, which then carries it (a header set on a built answer copies it: app.ts, upFront).
    c.header('X-Request-Id', requestId)
    await requestScope.run({ requestId }, async () => {
      await next()
      const endpoint = nameOf(c.req.method, c.req.path)
      const status = c.res.status
      done(endpoint, c.req.method, status)
      const fields = { method: c.req.method, endpoint, status, ms: Math.round((performance.now() - started) * 10) / 10 }
      if (status >= 500) log.warn('request', fields)
      else if (QUIET.test(endpoint)) log.debug('request', fields)
      else log.info('request', fields)
    })
  }
}
