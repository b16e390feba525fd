import { and, eq, inArray, sql } from 'drizzle-orm'
import type { ReminderOutcome } from '../../../shared/domain/lifecycle'
import { lifecycleText as t } from '../../../shared/messages/lifecycle'
import type { Db } from '../../db/client'
import { devices } from '../../db/schema'
import { lifecyclePolicies, lifecycleReminders } from '../../db/schema-lifecycle'
import type { SmsProvider } from '../../sms/provider'
import { exemptSql, serviceEndSql } from './service-end'
import { logError } from '../../log'

/** The renter's calendar: China Standard Time (no daylight saving), as the console's dates. */
const CHINA_OFFSET_MS = 8 * 3_600_000
const chinaDate = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10)

/**
 * Reminders before the end (issue #45): for every reminder day of a company's policy that has come for a device in use
 * whose period has not ended, one row per device, period and day (its primary key: a reminder is recorded once, by
 * whichever sweep gets there first), then one text message per device to its renter's phone through the SMS provider
 * (MDM_SMS_PROVIDER), with the end date and the company's phone. A device first seen inside two windows (7 and 1)
 * gets one message. Recorded before it is sent: a sweep cut off in between sends nothing twice (at most once).
 */
export async function sendReminders(db: Db, sms: SmsProvider | null, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`
  const result = (await db.execute(sql`
    with subjects as (
      select ${devices.id} as device_id, ${devices.companyId} as company_id, ${devices.serialNumber} as serial_number,
        ${devices.renterPhone} as renter_phone, ${lifecyclePolicies.lockPhone} as company_phone, ${serviceEndSql} as period_end, rd.days
      from ${devices} join ${lifecyclePolicies} on ${lifecyclePolicies.companyId} = ${devices.companyId}
        cross join lateral unnest(${lifecyclePolicies.reminderDays}) as rd(days)
      where not ${devices.recycleStatus} and not ${exemptSql}
    ),
    due as (
      select * from subjects where period_end > ${at} and period_end - make_interval(days => days) <= ${at}
    ),
    recorded as (
      insert into ${lifecycleReminders} (device_id, period_end, days_before, company_id, reminded_at, sms_outcome)
      select device_id, period_end, days, company_id, ${at}, 'PENDING' from due
      on conflict do nothing
      returning device_id
    )
    select distinct on (d.device_id) d.device_id, d.serial_number, d.renter_phone, d.company_phone,
      (extract(epoch from d.period_end) * 1000)::float8 as ends_ms
    from recorded r join due d on d.device_id = r.device_id
    order by d.device_id`)) as unknown as { rows: { device_id: number; serial_number: string; renter_phone: string; company_phone: string; ends_ms: number }[] }

  const outcomes = new Map<ReminderOutcome, number[]>()
  for (const r of result.rows) {
    let outcome: ReminderOutcome
    if (!sms) outcome = 'NO_PROVIDER'
    else if (!r.renter_phone) outcome = 'NO_PHONE'
    else {
      try {
        await sms.send(r.renter_phone, t.reminderSms(r.serial_number, chinaDate(Number(r.ends_ms)), r.company_phone))
        outcome = 'SENT'
      } catch (err) {
        logError('reminder sms', err)
        outcome = 'FAILED'
      }
    }
    outcomes.set(outcome, [...(outcomes.get(outcome) ?? []), r.device_id])
  }
  for (const [outcome, ids] of outcomes) {
    await db
      .update(lifecycleReminders)
      .set({ smsOutcome: outcome })
      .where(and(inArray(lifecycleReminders.deviceId, ids), eq(lifecycleReminders.remindedAt, now), eq(lifecycleReminders.smsOutcome, 'PENDING')))
  }
  return result.rows.length
}
