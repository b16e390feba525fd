/**
 * What every family's device list reads and shows (DeviceRegistry, export-columns.ts): a row's columns, the connection
 * status as conditions, and the record fields every family shares.
 */
import { getTableColumns, isNull, sql, type SQL } from 'drizzle-orm'
import { connectionStatus, STATUS_ERROR_FROM_HOURS, STATUS_WARNING_AFTER_HOURS, type ConnectionStatus } from '../../../shared/domain/connection-status'
import { companies, contactParts, devices, tasks, users, type DeviceRow } from '../../db/schema'

const HOUR_MS = 3_600_000

/** A device row as every list shows it: with its company, staff member and unfinished tasks. */
export type DeviceListRow = DeviceRow & { companyName: string; staffName: string | null; pendingTaskCount: number }

export const listColumns = {
  ...getTableColumns(devices),
  companyName: companies.name,
  staffName: users.name,
  pendingTaskCount: sql<number>`(select count(*)::int from ${tasks} where ${tasks.deviceId} = ${devices.id} and ${tasks.status} in ('QUEUED', 'SENT'))`,
}

/**
 * SPEC §4 thresholds on lastCommunicationTime, the same boundaries as connectionStatus(), as disjoint parts
 * (contactParts: whole contact buckets, and the bound's bucket on the exact time). Their OR is the list's condition,
 * and their counts add up to its total, the whole buckets counted from devices_contact_bucket_idx alone.
 */
export function connectionStatusParts(status: ConnectionStatus, now: Date): SQL[] {
  const warnFrom = new Date(now.getTime() - STATUS_WARNING_AFTER_HOURS * HOUR_MS)
  const errorFrom = new Date(now.getTime() - STATUS_ERROR_FROM_HOURS * HOUR_MS)
  switch (status) {
    case 'success':
      return contactParts({ op: '>=', at: warnFrom })
    case 'warning':
      return contactParts({ op: '>', at: errorFrom }, { op: '<', at: warnFrom })
    case 'error':
      return [isNull(devices.contactBucket), ...contactParts(undefined, { op: '<=', at: errorFrom })]
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
    createdAt: row.createdAt.toISOString(),
  }
}
