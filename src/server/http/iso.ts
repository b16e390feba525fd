/** Dates cross the API as ISO strings. */
export function iso(date: Date): string
export function iso(date: Date | null): string | null
export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null
}
