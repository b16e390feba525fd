import { eq, sql, type SQL } from 'drizzle-orm'
import type { ServiceTerms } from '../../../shared/contract/agent'
import type { Db } from '../../db/client'
import { devices } from '../../db/schema'
import { lifecycleLocks, lifecyclePolicies } from '../../db/schema-lifecycle'
import { exemptSql, serviceEndSql } from './service-end'

/**
 * Whether the automatic lock applies to the device's current period, as the sweep decides it: the company's policy
 * locks, the device is not exempt, and no lock of this period has been lifted (marked paid).
 */
export const lockAppliesSql: SQL = sql`(coalesce(${lifecyclePolicies.autoLock}, false) and not ${exemptSql} and not exists (
  select 1 from ${lifecycleLocks} where ${lifecycleLocks.deviceId} = ${devices.id} and ${lifecycleLocks.periodEnd} = ${serviceEndSql}
    and ${lifecycleLocks.liftedAt} is not null))`

/**
 * The poll's CTE of the device's service terms (issue #45): the agent protocol hands them to the phone on every poll,
 * so that it locks itself at the end of its period even without the network. Part of the poll's one statement.
 */
export function serviceTermsCte(db: Db, deviceId: SQL) {
  return db.$with('rental').as(
    db
      .select({
        endsAtMs: sql<number>`(extract(epoch from ${serviceEndSql}) * 1000)::float8`.as('rental_ends_ms'),
        graceDays: sql<number>`coalesce(${lifecyclePolicies.graceDays}, 0)`.as('rental_grace_days'),
        applies: sql<boolean>`${lockAppliesSql}`.as('rental_applies'),
        message: sql<string>`coalesce(${lifecyclePolicies.lockMessage}, '')`.as('rental_message'),
        phoneNumber: sql<string>`coalesce(${lifecyclePolicies.lockPhone}, '')`.as('rental_phone'),
      })
      .from(devices)
      .leftJoin(lifecyclePolicies, eq(lifecyclePolicies.companyId, devices.companyId))
      .where(eq(devices.id, deviceId)),
  )
}

const DAY_MS = 86_400_000

/** The terms as the poll answers them. */
export function serviceTerms(row: { endsAtMs: number; graceDays: number; applies: boolean; message: string; phoneNumber: string }): ServiceTerms {
  const endsAtMs = Number(row.endsAtMs)
  return {
    endsAt: new Date(endsAtMs).toISOString(),
    graceDays: row.graceDays,
    lockAt: row.applies ? new Date(endsAtMs + row.graceDays * DAY_MS).toISOString() : null,
    message: row.message,
    phoneNumber: row.phoneNumber,
  }
}
