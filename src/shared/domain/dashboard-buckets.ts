/**
 * The dashboard's calendar buckets (issue #15): days and months in China Standard Time (UTC+8, no daylight
 * saving), the calendar the console's users live in, whatever the server's own time zone. The server groups rows
 * by the same keys in SQL (`to_char(ts at time zone 'UTC' + 8 hours, …)`), so a row lands in exactly one bucket.
 */

/**
 * SPEC §9: the trend covers 12 days, the histogram 12 months: the contract's defaults (contract/workspace.ts), which
 * the console asks for. Here, not in the contract, so that the dashboard's screen carries no zod (issue #16).
 */
export const TREND_DAYS = 12
export const HISTOGRAM_MONTHS = 12

const CHINA_OFFSET_MS = 8 * 3_600_000
const DAY_MS = 86_400_000

const pad = (n: number) => String(n).padStart(2, '0')

/** The China calendar date of an instant, as UTC fields of a shifted Date. */
function chinaDate(at: Date): Date {
  return new Date(at.getTime() + CHINA_OFFSET_MS)
}

/** YYYY-MM-DD of the China calendar day holding `at`. */
export function chinaDayKey(at: Date): string {
  const d = chinaDate(at)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

/** The instant the China calendar day holding `at` began. */
export function chinaDayStart(at: Date): Date {
  const d = chinaDate(at)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - CHINA_OFFSET_MS)
}

export interface Buckets {
  /** Grouping keys, oldest first: YYYY-MM-DD for days, YYYY-MM for months. */
  keys: string[]
  /** What the chart shows under each: MM-DD for days, YYYY-MM for months. */
  labels: string[]
  /** The first instant of the oldest bucket: rows from here on are counted. */
  since: Date
}

/** The last `days` China calendar days up to and including today. */
export function dayBuckets(now: Date, days: number): Buckets {
  const today = chinaDayStart(now)
  const keys: string[] = []
  for (let i = days - 1; i >= 0; i--) keys.push(chinaDayKey(new Date(today.getTime() - i * DAY_MS)))
  return { keys, labels: keys.map((k) => k.slice(5)), since: new Date(today.getTime() - (days - 1) * DAY_MS) }
}

/** The last `months` China calendar months up to and including this one. */
export function monthBuckets(now: Date, months: number): Buckets {
  const d = chinaDate(now)
  const keys: string[] = []
  let year = d.getUTCFullYear()
  let month = d.getUTCMonth() - (months - 1)
  while (month < 0) {
    month += 12
    year -= 1
  }
  const since = new Date(Date.UTC(year, month, 1) - CHINA_OFFSET_MS)
  for (let i = 0; i < months; i++) {
    keys.push(`${year}-${pad(month + 1)}`)
    month += 1
    if (month === 12) {
      month = 0
      year += 1
    }
  }
  return { keys, labels: keys, since }
}

/** Counts grouped by key (from SQL) laid out on the buckets, zero where nothing happened. */
export function fillBuckets(keys: readonly string[], rows: readonly { key: string; n: number }[]): number[] {
  const byKey = new Map(rows.map((r) => [r.key, Number(r.n)]))
  return keys.map((k) => byKey.get(k) ?? 0)
}
