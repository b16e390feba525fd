/**
 * The endpoint table as the console calls it (issue #9): every endpoint's base, method, path and success message,
 * generated from src/shared/contract/endpoints.ts at build time, and typed by that table's request and response
 * schemas. Features call `call(api.role.search, query)`; no path or base URL is written by hand. Each family of the
 * table is a module of its own (src/build/endpoint-routes.ts), so that a chunk carries the families it calls: /login
 * does not load the device screens' endpoints. Name a family in the code (`api.huawei`), never by a computed key
 * (`api[family]`): that makes the bundler build the whole namespace object, every family in the chunk that does it.
 */
import * as api from 'virtual:endpoint-routes'

export { api }
