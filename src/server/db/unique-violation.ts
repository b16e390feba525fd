/**
 * Whether a database error is a unique-constraint violation (SQLSTATE 23505), however the driver wraps it; with
 * `constraint`, only a violation of that constraint (or index) counts.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return constraint === undefined || (e as { constraint?: unknown }).constraint === constraint
  }
  return false
}

/** The unique constraints whose violation means something to the user. */
export const uniqueConstraints = {
  siblingCompanyName: 'companies_sibling_name_key',
  oneAccessKeyPerCompany: 'access_keys_company_idx',
} as const
