import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { AuthorityCode } from '../../shared/domain/authorities'
import {
  isEndpoint,
  type Endpoint,
  type EndpointAccess,
  type FileAnswer,
  type HandlerResultOf,
  type ParsedRequestOf,
} from '../../shared/contract/endpoint'
import type { AppEnv, RequestContext } from '../context'
import { clientIp } from './client-ip'
import { ok, parseBody, parseQuery } from './envelope'
import { attachmentHeader } from './xlsx'

/** What an endpoint's handler does: the parsed request in, the answer's data out (the envelope is added here). */
export type Handler<E extends Endpoint> = (ctx: RequestContext, input: ParsedRequestOf<E>) => Promise<HandlerResultOf<E>> | HandlerResultOf<E>

/** One handler for every endpoint of a (nested) table: a missing or misspelt handler fails `tsc`. */
export type HandlersOf<T> = { [K in keyof T]: T[K] extends Endpoint ? Handler<T[K]> : HandlersOf<T[K]> }

/** An endpoint with its handler, ready to be registered. */
export interface Route {
  endpoint: Endpoint
  handler: Handler<Endpoint>
}

/** Pairs a table's endpoints with their handlers (the same walk over both). */
export function routesOf<T extends object>(table: T, handlers: HandlersOf<T>): Route[] {
  return Object.entries(table).flatMap(([key, value]): Route[] => {
    const handler = (handlers as Record<string, unknown>)[key]
    if (isEndpoint(value)) return [{ endpoint: value, handler: handler as Handler<Endpoint> }]
    return routesOf(value as object, handler as HandlersOf<object>)
  })
}

/** How one base checks each kind of access (the console's sessions, the open API's signature, a device credential). */
export interface Guards {
  public: MiddlewareHandler<AppEnv>
  signedIn: MiddlewareHandler<AppEnv>
  authority: (anyOf: readonly AuthorityCode[]) => MiddlewareHandler<AppEnv>
  device?: MiddlewareHandler<AppEnv>
}

function guardFor(guards: Guards, rule: EndpointAccess): MiddlewareHandler<AppEnv> {
  switch (rule.kind) {
    case 'public':
      return guards.public
    case 'signedIn':
      return guards.signedIn
    case 'authority':
      return guards.authority(rule.anyOf)
    case 'device':
      if (!guards.device) throw new Error('device access on a base without device credentials')
      return guards.device
  }
}

function requestContext(c: Context<AppEnv>): RequestContext {
  return {
    services: c.var.services,
    clientIp: clientIp(c, c.var.services.config.trustProxy),
    get user() {
      const user = c.get('user')
      if (!user) throw new Error('RequestContext.user read on an endpoint that signs nobody in')
      return user
    },
    get device() {
      const device = c.get('device')
      if (!device) throw new Error('RequestContext.device read on an endpoint without a device credential')
      return device
    },
  }
}

function fileResponse(c: Context, file: FileAnswer): Response {
  return c.body(file.bytes instanceof Uint8Array ? new Uint8Array(file.bytes) : file.bytes, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': attachmentHeader(file.fileName),
    'Cache-Control': 'no-store',
  })
}

/** Registers routes on one base: each behind its guard, its input parsed by its schema, its answer enveloped. */
export function mountRoutes(base: Hono<AppEnv>, routes: Route[], guards: Guards): Hono<AppEnv> {
  for (const { endpoint: e, handler } of routes) {
    base.on(e.method, e.path, guardFor(guards, e.access), async (c) => {
      const input = e.method === 'GET' ? parseQuery(c, e.request) : await parseBody(c, e.request)
      const data = await handler(requestContext(c), input)
      if (e.binary) return fileResponse(c, data as FileAnswer)
      return ok(c, data, e.success)
    })
  }
  return base
}

/** A route registered on a base it does not belong to is a table error, caught when the app is composed. */
export function routesOnBase(routes: Route[], base: Endpoint['base']): Route[] {
  return routes.filter((r) => r.endpoint.base === base)
}
