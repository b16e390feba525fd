/**
 * What every family's device list reads and shows (DeviceRegistry, export-columns.ts): a row's columns, the connection
 * status as conditions, and the record fields every family shares.
 */
import { and, getTableColumns, isNull, or, sql, type SQL } from 'drizzle-orm'
import { connectionStatus, STATUS_ERROR_FROM_HOURS, STATUS_WARNING_AFTER_HOURS, type ConnectionStatus } from '../../../shared/domain/connection-status'
import { companies, contactParts, devices, lastContact, tasks, users, type ContactTime, type DeviceRow } from '../../db/schema'

const HOUR_MS = 3_600_000

/** A device row as every list shows it: with its company, staff member and unfinished tasks. */
export type DeviceListRow = DeviceRow & { companyName: string; staffName: string | null; pendingTaskCount: number; sentTaskCount: number }

export const listColumns = {
  ...getTableColumns(devices),
  companyName: companies.name,
  staffName: users.name,
  pendingTaskCount: sql<number>`(select count(*)::int from ${tasks} where ${tasks.deviceId} = ${devices.id} and ${tasks.status} in ('QUEUED', 'SENT'))`,
  // Issue #43: whether one of them reached the device (已下发) or all still wait for it (排队中), as its task log says.
  sentTaskCount: sql<number>`(select count(*)::int from ${tasks} where ${tasks.deviceId} = ${devices.id} and ${tasks.status} = 'SENT')`,
}

/**
 * SPEC §4 thresholds on lastCommunicationTime, the same boundaries as connectionStatus(), as disjoint parts
 * (contactParts: whole contact buckets, and the bound's bucket on the exact time). Their OR is the list's condition,
 * and their counts add up to its total, the whole buckets counted from devices_contact_bucket_idx alone.
 */
export function connectionStatusParts(status: ConnectionStatus, { warnFrom, errorFrom }: StatusBounds): SQL[] {
  switch (status) {
    case 'success':
      return contactParts({ op: '>=', at: warnFrom })
    case 'warning':
      return contactParts({ op: '>', at: errorFrom }, { op: '<', at: warnFrom })
    case 'error':
      return [isNull(devices.contactBucket), ...contactParts(undefined, { op: '<=', at: errorFrom })]
  }
}

/** The two last-contact times that part the statuses (SPEC §4): as Dates, or placeholders (statusBoundValues). */
export interface StatusBounds {
  warnFrom: ContactTime
  errorFrom: ContactTime
}

const statusBounds = (now: Date) => ({
  warnFrom: new Date(now.getTime() - STATUS_WARNING_AFTER_HOURS * HOUR_MS),
  errorFrom: new Date(now.getTime() - STATUS_ERROR_FROM_HOURS * HOUR_MS),
})

/** The bounds as placeholders, for a statement built once per shape (db/shaped.ts); statusBoundValues fills them. */
export const statusBoundPlaceholders: StatusBounds = { warnFrom: sql.placeholder('warnFrom'), errorFrom: sql.placeholder('errorFrom') }

export function statusBoundValues(now: Date): { warnFrom: string; errorFrom: string } {
  const { warnFrom, errorFrom } = statusBounds(now)
  return { warnFrom: warnFrom.toISOString(), errorFrom: errorFrom.toISOString() }
}

/**
 * The same devices as connectionStatusParts' OR, as one range of contact buckets with the exact time rechecked
 * (lastContact), for a statement that reads every match anyway (the embedded database's counted page: pagedCounting).
 * The parts' OR cost PGlite ~6 ms of planning per status search, each part weighed against every index, and ~9 ms to
 * run; this ~1.5 and ~2.5 ms (100k devices). Not for a page read in the list's order: the planner multiplies the two
 * ranges' selectivities, expects a few rows, and reads all the status's rows by the bucket index to sort them where
 * walking the list's order finds its page at once (PostgreSQL, 1M: 14.5 against 0.7 ms); the parts are estimated right.
 */
export function connectionStatusRange(status: ConnectionStatus, { warnFrom, errorFrom }: StatusBounds): SQL {
  switch (status) {
    case 'success':
      return lastContact('>=', warnFrom)
    case 'warning':
      return and(lastContact('>', errorFrom), lastContact('<', warnFrom))!
    case 'error':
      return or(isNull(devices.contactBucket), lastContact('<=', errorFrom))!
  }
}

/** The fields every family's device record has, under the same names (Huawei's DeviceRecord, Apple's IosDeviceRecord). */
export function commonRecordFields(row: DeviceListRow, now: Date) {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    imei: row.imei,
    model: row.model,
    name: row.name,
    osVersion: row.osVersion,
    lastCommunicationTime: row.lastCommunicationTime?.toISOString() ?? null,
    status: connectionStatus(row.lastCommunicationTime, now),
    recycleStatus: row.recycleStatus,
    renterName: row.renterName,
    renterPhone: row.renterPhone,
    renterIdCard: row.renterIdCard,
    rentRemark: row.rentRemark,
    companyId: row.companyId,
    companyName: row.companyName,
    staffId: row.staffId,
    staffName: row.staffName,
    pendingTaskCount: Number(row.pendingTaskCount),
    pendingTaskStatus: Number(row.pendingTaskCount) === 0 ? null : Number(row.sentTaskCount) > 0 ? ('SENT' as const) : ('QUEUED' as const),
    createdAt: row.createdAt.toISOString(),
  }
}
