import { z } from 'zod'
import type { AuthorityCode } from '../domain/authorities'
import type { ApiBase, HttpMethod, Route } from './routes'

export { apiBases, endpointUrl, type ApiBase } from './routes'

/**
 * The endpoint table's vocabulary (issue #9). Every endpoint is named once — base, method, path, who may call it,
 * request and response schema, success message — and the server registers its routes from these entries, the
 * console types its calls with them, and the tests walk them.
 *
 * A table of our own rather than Hono's `hc`: `hc` gives the console types only, while the tests need the table at
 * run time (response schemas to parse answers with, authorities to walk every endpoint with), and the open API
 * registers the console's handlers under other paths, which a route-type chain cannot express.
 */


/**
 * Who may call an endpoint. `authority` means signed in and holding any one of the codes (a picker shared by two
 * screens, or a quota type chosen by the request, names several); on the open API the key owner's authorities
 * are checked the same way, after the request's signature. `device`: an enrolled agent's own credential.
 */
export type EndpointAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'signedIn' }
  | { readonly kind: 'authority'; readonly anyOf: readonly AuthorityCode[] }
  | { readonly kind: 'device' }

export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'signedIn' },
  device: { kind: 'device' },
  authority: (...anyOf: AuthorityCode[]) => ({ kind: 'authority', anyOf }),
} as const satisfies Record<string, EndpointAccess | ((...codes: AuthorityCode[]) => EndpointAccess)>

/** A file answered as it is (an xlsx export), not in the envelope: whole, or as a stream written while it is sent. */
export interface FileAnswer {
  bytes: Uint8Array | ReadableStream<Uint8Array>
  fileName: string
  contentType: string
}

export const binaryResponse = z.custom<FileAnswer>(
  (v) => typeof v === 'object' && v !== null && 'bytes' in v && ((v as FileAnswer).bytes instanceof Uint8Array || (v as FileAnswer).bytes instanceof ReadableStream),
)

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly base: ApiBase
  readonly method: HttpMethod
  readonly path: string
  readonly access: EndpointAccess
  /** The query string of a GET, the JSON body otherwise. */
  readonly request: Req
  readonly response: Res
  /** The envelope's msg on success (SPEC §8); the console shows it after a mutation. */
  readonly success?: string
  /** A file (xlsx export) instead of an envelope. */
  readonly binary?: boolean
}

export function endpoint<Req extends z.ZodType, Res extends z.ZodType>(e: Endpoint<Req, Res>): Endpoint<Req, Res> {
  return e
}

/** What an endpoint takes from its caller (before defaults and transforms) and what its handler receives. */
export type RequestOf<E extends Endpoint> = z.input<E['request']>
export type ParsedRequestOf<E extends Endpoint> = z.output<E['request']>
/** What the handler returns (before the response schema's transforms) and what the caller receives as JSON. */
export type ResponseOf<E extends Endpoint> = z.output<E['response']>
export type HandlerResultOf<E extends Endpoint> = z.input<E['response']>

/** An empty request: a GET without parameters, or a POST whose body carries nothing. */
export const noRequest = z.object({})
/** A mutation that answers no data: the envelope's msg is the answer (SPEC §8). */
export const noData = z.null()

/** What the console holds of an endpoint at run time, typed by the endpoint's schemas (routes.ts). */
export type RouteOf<E extends Endpoint> = Route<RequestOf<E>, ResponseOf<E>>

/** A whole (nested) table as the console holds it. */
export type RouteTableOf<T> = { readonly [K in keyof T]: T[K] extends Endpoint ? RouteOf<T[K]> : RouteTableOf<T[K]> }

/** Every endpoint of a nested table (resource → name → endpoint), for the server's registration and the tests. */
export function endpointsOf(table: object): Endpoint[] {
  return Object.values(table).flatMap((v) => (isEndpoint(v) ? [v] : typeof v === 'object' && v !== null ? endpointsOf(v) : []))
}

export function isEndpoint(v: unknown): v is Endpoint {
  return typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'request' in v && 'response' in v
}
