import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { deviceListWeeks } from '../../db/schema'

/**
 * From this many rows deep, a list of only its scope is positioned by device_list_weeks (weekOfRow) instead of
 * skipping its index entries one by one: summing the scope's weeks costs about what skipping a couple of thousand
 * entries does.
 */
export const DEEP_PAGE_OFFSET = 2_000

/**
 * Where row number `offset` of a list of only its scope lies (issue #16: page 5,000 of a million devices skipped
 * 50,000 index entries): the list's weeks (device_list_weeks, `weeks` its scope on them), summed newest first, give
 * the week the row falls in, where that week ends and how many rows come before it, and the list's exact total.
 * `start` is null past the list's end. The page is then read along devices_list_order_idx from the week's end,
 * skipping only that week's earlier rows (DeviceRegistry.deepPage): two statements, as OFFSET pages are, so a device
 * added between them moves the page by a row, as it would between two pages.
 */
export async function weekOfRow(db: Db, weeks: SQL | undefined, offset: number): Promise<{ total: number; start: { weekEnd: string; before: number } | null }> {
  const l = deviceListWeeks
  const result = (await db.execute(sql`
    with per_week as (select ${l.week} as week, sum(${l.n})::int as n from ${l} where ${weeks ?? sql`true`} group by ${l.week}),
         running as (select week, n, (sum(n) over (order by week desc))::int - n as before from per_week)
    select (select coalesce(sum(n), 0)::int from per_week) as total, start.before,
           dashboard_china_day_start(start.week + 7)::text as week_end
    from (select 1) as one
    left join lateral (select week, before from running where before + n > ${offset} order by week desc limit 1) as start on true`)) as unknown as {
    rows: { total: number; before: number | null; week_end: string | null }[]
  }
  const [{ total, before, week_end: weekEnd }] = result.rows
  return { total: Number(total), start: before === null || weekEnd === null ? null : { weekEnd, before: Number(before) } }
}
