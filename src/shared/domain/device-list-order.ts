/*
 * Issue #43: what a device list's search box and column headings ask of the list, shared by the server (its SQL) and
 * the console (its offline search over cached records), without zod: the list screens import it (issue #4).
 */

/** An IMEI: 15 digits (the contract's imeiSchema). A search that is one also finds the device of that IMEI. */
export const IMEI_PATTERN = /^\d{15}$/

export const isImei = (text: string | undefined): text is string => text !== undefined && IMEI_PATTERN.test(text)

/**
 * The columns a device list may be sorted by (a small whitelist of what the tablet table shows); the default is the
 * list's own order, newest first. Additive to the spec: absent means createdAt desc.
 */
export const deviceSortKeys = ['serialNumber', 'renterName', 'lastCommunicationTime', 'createdAt'] as const
export type DeviceSortKey = (typeof deviceSortKeys)[number]
export const sortOrders = ['asc', 'desc'] as const
export type SortOrder = (typeof sortOrders)[number]

export const DEFAULT_DEVICE_SORT: { sortBy: DeviceSortKey; sortOrder: SortOrder } = { sortBy: 'createdAt', sortOrder: 'desc' }

/** The sort of a list's query, its default filled in. */
export const deviceSortOf = (q: { sortBy?: DeviceSortKey; sortOrder?: SortOrder }) => ({
  sortBy: q.sortBy ?? DEFAULT_DEVICE_SORT.sortBy,
  sortOrder: q.sortOrder ?? (q.sortBy ? 'asc' : DEFAULT_DEVICE_SORT.sortOrder),
})

type Sortable = { id: number; serialNumber: string; renterName?: string | null; lastCommunicationTime?: string | null; createdAt?: string | null }

/**
 * Text by code point, as the server orders it (COLLATE "C" compares UTF-8 bytes: code point order, the same on every
 * database and locale). Not JavaScript's `<`, which compares UTF-16 units: it puts a rare character beyond U+FFFF (a
 * name's 𠮷) before ｀ (U+FF40), where the server puts it after.
 */
export function byCodePoint(a: string, b: string): number {
  for (let i = 0; i < a.length && i < b.length; ) {
    const [x, y] = [a.codePointAt(i)!, b.codePointAt(i)!]
    if (x !== y) return x < y ? -1 : 1
    // Equal so far in both: the same width.
    i += x > 0xffff ? 2 : 1
  }
  return Math.sign(a.length - b.length)
}
/** A time as a number; none (a device never heard from) is the oldest. */
const timeOf = (t: string | null | undefined) => (t ? Date.parse(t) || 0 : Number.NEGATIVE_INFINITY)

/**
 * The server's order of a sorted list (DeviceListConditions' ORDER BY), for records held on the phone: by the column,
 * a device never heard from as the oldest contact, ties broken by id in the same direction.
 */
export function compareDevices(sort: { sortBy?: DeviceSortKey; sortOrder?: SortOrder }) {
  const { sortBy, sortOrder } = deviceSortOf(sort)
  const sign = sortOrder === 'asc' ? 1 : -1
  const column = (a: Sortable, b: Sortable): number => {
    switch (sortBy) {
      case 'serialNumber':
        return byCodePoint(a.serialNumber, b.serialNumber)
      case 'renterName':
        return byCodePoint(a.renterName ?? '', b.renterName ?? '')
      case 'lastCommunicationTime':
        return Math.sign(timeOf(a.lastCommunicationTime) - timeOf(b.lastCommunicationTime)) || 0
      case 'createdAt':
        return Math.sign(timeOf(a.createdAt) - timeOf(b.createdAt)) || 0
    }
  }
  return (a: Sortable, b: Sortable) => sign * (column(a, b) || a.id - b.id)
}
