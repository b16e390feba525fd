/**
 * The endpoint table's schema-free half (issue #9): bases, and what the console needs of an endpoint at run time —
 * base, method, path, success message. The console's route table is generated from the endpoint table at build time
 * (src/build/endpoint-routes.ts, `virtual:endpoint-routes`), so its screens carry no zod schemas (the first screen stays small),
 * while their calls are still typed by the endpoint table's schemas.
 */

/** The HTTP bases of SPEC §7, the open API and the Huawei/Mi agent protocol. */
export type ApiBase = 'main' | 'huawei' | 'open' | 'agent'

export const apiBases: Readonly<Record<ApiBase, string>> = {
  main: '/mdm/api/v1',
  huawei: '/huawei/mdm/api/v1',
  open: '/openapi/v1',
  agent: '/agent/v1',
}

export type HttpMethod = 'GET' | 'POST' | 'PUT'

/** An endpoint as the console calls it. `Req` and `Res` exist only in types: what the call takes and answers. */
export interface Route<Req = unknown, Res = unknown> {
  readonly base: ApiBase
  readonly method: HttpMethod
  readonly path: string
  readonly success?: string
  /** Phantom fields: never present at run time. */
  readonly __request?: Req
  readonly __response?: Res
}

/** `base + path`, as the server registers an endpoint and a client calls it. */
export function endpointUrl(e: Pick<Route, 'base' | 'path'>): string {
  return apiBases[e.base] + e.path
}

/** The run-time part of a table: each endpoint reduced to its route (what `virtual:endpoint-routes` holds). */
export function routeTableOf(table: object): object {
  return Object.fromEntries(
    Object.entries(table).map(([key, value]) => {
      const v = value as Record<string, unknown>
      if ('method' in v && 'path' in v) return [key, { base: v.base, method: v.method, path: v.path, ...(v.success ? { success: v.success } : {}) }]
      return [key, routeTableOf(v)]
    }),
  )
}
