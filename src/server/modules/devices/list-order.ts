import { asc, desc, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { deviceSortOf, type DeviceSortKey, type SortOrder } from '../../../shared/domain/device-list-order'
import { devices } from '../../db/schema'

/** The device column of each sort key the lists accept (the contract's whitelist). */
const sortColumns: Record<DeviceSortKey, PgColumn> = {
  serialNumber: devices.serialNumber,
  renterName: devices.renterName,
  lastCommunicationTime: devices.lastCommunicationTime,
  createdAt: devices.createdAt,
}

/** A list's order (issue #43 item 7): newest first unless the query sorts by a column of the whitelist. */
export interface ListOrder {
  /** Part of the statements' shape key. */
  key: string
  /** Newest first: the order devices_list_order_idx walks (and the deep pages' weeks count). */
  newestFirst: boolean
  /** The column sorted by, to carry through a subquery (there read back as a column of the subquery). */
  column: PgColumn
  /** ORDER BY of rows whose sort value is `value` and id `id`: the column, then id the same way, so pages never overlap. */
  by(value: PgColumn, id: PgColumn): SQL[]
}

export function listOrder(q: { sortBy?: DeviceSortKey; sortOrder?: SortOrder }): ListOrder {
  const { sortBy, sortOrder } = deviceSortOf(q)
  const newestFirst = sortBy === 'createdAt' && sortOrder === 'desc'
  const direction = sortOrder === 'asc' ? asc : desc
  const by = (v: PgColumn, id: PgColumn): SQL[] => {
    // Text by code point (the console sorts cached records the same way, shared/domain/device-list-order.ts), whatever
    // the database's locale; a device never heard from is the oldest contact.
    const column =
      sortBy === 'serialNumber' || sortBy === 'renterName'
        ? sql`${v} collate "C" ${sql.raw(sortOrder)}`
        : sortBy === 'lastCommunicationTime'
          ? sql`${v} ${sql.raw(sortOrder === 'asc' ? 'asc nulls first' : 'desc nulls last')}`
          : direction(v)
    return [column, direction(id)]
  }
  return { key: `${sortBy}.${sortOrder}`, newestFirst, column: sortColumns[sortBy], by }
}
