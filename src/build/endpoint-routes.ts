import { tsImport } from 'tsx/esm/api'
import type { Plugin } from 'vite'
import { routeTableOf } from '../shared/contract/routes.ts'

/**
 * The endpoint table, read when the build starts rather than bundled into the config: the table's ~40 modules import
 * each other without file extensions, as the rest of src does, which Vite's config loader warns of (issue #40).
 */
async function loadTable(): Promise<Record<string, unknown>> {
  const { endpoints } = (await tsImport('../shared/contract/endpoints.ts', import.meta.url)) as { endpoints: object }
  return routeTableOf(endpoints) as Record<string, unknown>
}

/**
 * `virtual:endpoint-routes`: the endpoint table (src/shared/contract/endpoints.ts) reduced to what the console calls
 * with — base, method, path, success message — so that no screen carries the table's zod schemas (issue #9). The
 * console's calls are typed from the same table (src/app/api/routes.ts). Each family of the table is a module of its
 * own (`virtual:endpoint-routes/role`), re-exported by name, so that a chunk carries only the families its code calls:
 * the table's 2.5 KB (gzip) would otherwise all sit in /login's files (issue #16).
 */
export function endpointRoutes(): Plugin {
  const id = 'virtual:endpoint-routes'
  let table: Record<string, unknown> = {}
  return {
    name: 'mdm-endpoint-routes',
    async buildStart() {
      table = await loadTable()
    },
    resolveId: (source) => (source === id || source.startsWith(`${id}/`) ? `\0${source}` : undefined),
    load(resolved) {
      if (resolved === `\0${id}`) return Object.keys(table).map((family) => `export { default as ${family} } from '${id}/${family}'`).join('\n')
      if (!resolved.startsWith(`\0${id}/`)) return undefined
      const family = resolved.slice(id.length + 2)
      if (!(family in table)) this.error(`${id}: the endpoint table has no family '${family}' (src/shared/contract/endpoints.ts)`)
      return `export default ${JSON.stringify(table[family])}`
    },
  }
}
