/**
 * The states of an Apple device's service renewal (docs/renewals.md): DRAFT (init) → RUNNING (start) → STOPPED (stop);
 * a draft stopped before it ran is CANCELLED. Without zod: the contract validates with them, the database's column
 * holds them, and the renewals screen filters by them without carrying a schema library (issue #16).
 */
export const renewalStatuses = ['DRAFT', 'RUNNING', 'STOPPED', 'CANCELLED'] as const
export type RenewalStatus = (typeof renewalStatuses)[number]
