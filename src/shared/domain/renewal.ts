/**
 * The states of an Apple device's service renewal (docs/renewals.md: init drafts, start runs, stop ends), without zod:
 * the contract validates with them, the database's column holds them, and the renewals screen filters by them without
 * carrying a schema library (issue #16).
 */
export const renewalStatuses = ['DRAFT', 'RUNNING', 'STOPPED', 'CANCELLED'] as const
export type RenewalStatus = (typeof renewalStatuses)[number]
