/** Set by vite.config.ts: package version plus build id. */
declare const __APP_VERSION__: string
/** The app's logo as inline SVG markup (vite.config.ts: appLogo of public/favicon.svg). */
declare const __APP_LOGO__: string

/**
 * The endpoint table's routes (src/build/endpoint-routes.ts): base, method, path and success message of each, a named
 * export per family. Imported as a namespace (`import * as api`, src/app/api/routes.ts): the module has no default export,
 * which this declaration cannot say (its families are not listed by name here).
 */
declare module 'virtual:endpoint-routes' {
  const table: import('../shared/contract/endpoint').RouteTableOf<typeof import('../shared/contract/endpoints').endpoints>
  export = table
}
