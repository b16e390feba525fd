import { ACCOUNT_VERSION_HEADER, ResultCode, type Envelope } from '../../shared/contract/envelope'
import { apiBases, type Route } from '../../shared/contract/routes'
import { errorMessages } from '../../shared/messages/common'
import { notify } from '../notify'
import { networkFailed, serverReached } from './connectivity'
import { dropEarly, takeEarly } from './early'
import { getToken, signOut } from './token'

export const MAIN_BASE = apiBases.main

/** A request that did not succeed; its message has already been shown unless the call was silent. */
export class RequestError extends Error {
  constructor(
    /** Envelope code, HTTP status, or 0 for a network failure. */
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
  get isNetwork() {
    return this.code === 0
  }
}

type Params = Record<string, string | number | boolean | null | undefined>

export interface RequestOptions {
  base?: string
  params?: Params
  body?: unknown
  /** Do not show a notification on failure (the caller shows its own). */
  silent?: boolean
  signal?: AbortSignal
}

let onUnauthorized: () => void = () => window.location.assign('/login')
let onAccountVersion: (version: string) => void = () => undefined

/** The app installs the user-info check here: each signed-in answer names the account's version (envelope.ts). */
export function setAccountVersionHandler(handler: (version: string) => void) {
  onAccountVersion = handler
}

/** The app installs router navigation here; SPEC §8: a 401 goes to /login silently. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler
}

export function buildUrl(base: string, path: string, params?: Params): string {
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined && v !== null && v !== '') search.set(k, String(v))
  const qs = search.toString()
  return `${base}${path}${qs ? `?${qs}` : ''}`
}

function authHeaders(): Record<string, string> {
  const token = getToken()
  return token ? { Authorization: `Bearer ${token}` } : {}
}

function unauthorized(): never {
  signOut()
  onUnauthorized()
  throw new RequestError(ResultCode.unauthorized, errorMessages.unauthorized)
}

/** Calls the API and unwraps the envelope of SPEC §8. */
export async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: RequestOptions = {}): Promise<T> {
  const fail = (err: RequestError, kind: 'warning' | 'error' = 'warning'): never => {
    if (!opts.silent) notify[kind](err.message)
    throw err
  }
  let res: Response
  const url = buildUrl(opts.base ?? MAIN_BASE, path, method === 'GET' ? opts.params : undefined)
  const payload = opts.body !== undefined ? JSON.stringify(opts.body) : undefined
  try {
    // The page may have started this very request already (early.ts); a request that can be cancelled makes its own.
    // Any other request but a read may change what the page's answers say: they are let go first.
    const early = opts.signal ? undefined : takeEarly(method, url, payload, getToken())
    if (!early && method !== 'GET') dropEarly()
    res = await (early ??
      fetch(url, {
        method,
        headers: { ...authHeaders(), ...(payload !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        body: payload,
        signal: opts.signal,
      }))
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e
    networkFailed()
    return fail(new RequestError(0, errorMessages.networkFailed))
  }
  serverReached()
  if (res.status === 401) unauthorized()
  const version = res.headers.get(ACCOUNT_VERSION_HEADER)
  if (version) onAccountVersion(version)
  const text = await res.text()
  if (text === 'err') return fail(new RequestError(res.status, errorMessages.networkError), 'error')
  let body: Envelope<T> & { result?: boolean }
  try {
    body = JSON.parse(text)
  } catch {
    return fail(new RequestError(res.status || 0, res.ok ? errorMessages.networkError : errorMessages.networkFailed))
  }
  if (body.code === ResultCode.unauthorized) unauthorized()
  if (body.code !== ResultCode.ok || body.result === false) {
    return fail(new RequestError(body.code ?? res.status, body.msg || errorMessages.networkError))
  }
  // SPEC §8: a success returns its data, or its msg when there is none (a mutation's answer is its success message).
  // A read keeps its empty data: "nothing there yet" is an answer of its own (no access key, say).
  if (method !== 'GET' && (body.data === null || body.data === undefined)) return body.msg as T
  return body.data
}


/** An input with no fields: an endpoint whose request requires none may be called without one. */
type NothingRequired = Record<never, never>

export type RequestOf<R> = R extends Route<infer Req, unknown> ? Req : never
type ResponseOf<R> = R extends Route<unknown, infer Res> ? Res : never

/** What a call answers: the endpoint's data, or for a mutation that answers none its success message (SPEC §8). */
export type CallResult<R extends Route> = [ResponseOf<R>] extends [null] ? string : ResponseOf<R>

/**
 * Calls one endpoint of the table (src/shared/contract): its base, method and path come from the entry, and the
 * input and answer are typed by its schemas, so no feature writes a path or a base URL by hand.
 */
export function call<R extends Route>(
  endpoint: R,
  ...[input, opts]: NothingRequired extends RequestOf<R> ? [input?: RequestOf<R>, opts?: Omit<RequestOptions, 'base' | 'params' | 'body'>] : [input: RequestOf<R>, opts?: Omit<RequestOptions, 'base' | 'params' | 'body'>]
): Promise<CallResult<R>> {
  const base = apiBases[endpoint.base]
  if (endpoint.method === 'GET') return request('GET', endpoint.path, { ...opts, base, params: input as Params | undefined })
  return request(endpoint.method, endpoint.path, { ...opts, base, body: input ?? {} })
}
