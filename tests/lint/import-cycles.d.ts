import type { ESLint } from 'eslint'

/** The house's own ESLint plugin (import-cycles.js): `house/no-import-cycle`. */
declare const house: ESLint.Plugin
export default house
