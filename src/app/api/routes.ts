import table from 'virtual:endpoint-routes'
import type { RouteTableOf } from '../../shared/contract/endpoint'
import type { endpoints } from '../../shared/contract/endpoints'

/**
 * The endpoint table as the console calls it (issue #9): every endpoint's base, method, path and success message,
 * generated from src/shared/contract/endpoints.ts at build time, and typed by that table's request and response
 * schemas. Features call `call(api.role.search, query)`; no path or base URL is written by hand.
 */
export const api = table as RouteTableOf<typeof endpoints>
