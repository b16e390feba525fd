import { z } from 'zod'

/** Largest value of a PostgreSQL integer column; a larger id can only be missing. */
export const MAX_ID = 2_147_483_647

/** Query parameters and form bodies arrive as text: a text that is a number becomes that number. */
function numericText(value: unknown): unknown {
  return typeof value === 'string' && /^[+-]?\d{1,20}(\.\d{1,20})?$/.test(value.trim()) ? Number(value) : value
}

/**
 * Ids are numbers everywhere (issue #5: "the same type everywhere"). A numeric string is accepted because query
 * parameters and form bodies arrive as text, and a number out of range is refused as such ("不能小于1", not
 * "必须是数字"); anything else is refused with the field's Chinese label.
 */
export const idSchema = z.preprocess(numericText, z.number().int().min(1).max(MAX_ID))

/** Optional text filter of a search: blank means "no filter". */
export const filterText = (max = 64) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().max(max).optional())

/** Optional boolean that also accepts the strings "true" / "false" (form bodies and query strings). */
export const flexibleBoolean = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean())

/** The company a tenant's record belongs to, named the same way in every record that has one. */
export const ownerCompanyFields = { companyId: z.number(), companyName: z.string() }
