import { sql, type SQL } from 'drizzle-orm'
import { deviceRenewals, devices } from '../../db/schema'
import { lifecycleExemptions, lifecyclePolicies } from '../../db/schema-lifecycle'

/**
 * A device's service end date in SQL, exactly as serviceEndsOf (modules/renew/service.ts) computes it: the end of the
 * renewal that last started or stopped, else a year after the device was added (addYears: 29 February + 1 year is
 * 1 March, where PostgreSQL's interval arithmetic says 28 February, hence the extra day). Refers to the `devices` table
 * by its name, so the query using it reads `devices` without an alias. Set-based: the sweep and the lists compute it
 * for many devices in one statement (device_renewals_device_idx serves the subquery).
 */
export const serviceEndSql: SQL = sql`coalesce(
  (select ${deviceRenewals.endsAt} from ${deviceRenewals}
    where ${deviceRenewals.deviceId} = ${devices.id} and ${deviceRenewals.startedAt} is not null
    order by greatest(${deviceRenewals.startedAt}, coalesce(${deviceRenewals.stoppedAt}, ${deviceRenewals.startedAt})) desc, ${deviceRenewals.id} desc
    limit 1),
  ((${devices.createdAt} at time zone 'UTC') + interval '1 year'
    + case when to_char(${devices.createdAt} at time zone 'UTC', 'MM-DD') = '02-29' then interval '1 day' else interval '0' end) at time zone 'UTC')`

/** Whether the device is exempt from the automatic lock. */
export const exemptSql: SQL = sql`exists (select 1 from ${lifecycleExemptions} where ${lifecycleExemptions.deviceId} = ${devices.id})`

/** When the automatic lock is due, for a query joined with the device's company's policy. */
export const lockDueAtSql = (serviceEnd: SQL): SQL => sql`(${serviceEnd}) + make_interval(days => ${lifecyclePolicies.graceDays})`
