/**
 * What a blacklist entry names (docs/blacklist.md), without zod: the contract validates with them, the database's column
 * holds them, and the blacklist screen filters by them without carrying a schema library (issue #16).
 */
export const blacklistKinds = ['SERIAL', 'IMEI', 'ID_CARD'] as const
export type BlacklistKind = (typeof blacklistKinds)[number]
