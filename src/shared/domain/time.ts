/** A point in time as the API or the console may hold it. */
export type TimeInput = Date | number | string

/** Milliseconds since the epoch, or NaN when the value is missing or not a time. */
export function toTimestamp(value: TimeInput | null | undefined): number {
  if (value == null) return Number.NaN
  if (value instanceof Date) return value.getTime()
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN
  const text = value.trim()
  if (text === '') return Number.NaN
  // 'YYYY-MM-DD HH:mm:ss' (local time) is what Java back ends usually send; ECMAScript only guarantees
  // the ISO form with 'T', so normalise it instead of relying on the engine's lenient parser.
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text) ? text.replace(' ', 'T') : text
  return Date.parse(iso)
}
