import { deviceSortKeys, sortOrders } from '../../../shared/domain/device-list-order'
import { pagingSearch, param, type SearchOf } from '../search-params'

/**
 * The longest filters the server accepts (DeviceSearchQuery: serialNumber 64, renterName 32; search-limits.test.ts
 * holds the two together, for every family). The search fields stop there, and a longer one in a link is cut
 * rather than sent to be refused, which would leave the list a full-page failure.
 */
export const searchMaxLength = { serialNumber: 64, renterName: 32 } as const

/** URL search of every family's device lists: page, size and filters; bad values fall back to defaults (STYLE §4). */
export const deviceListSearch = {
  ...pagingSearch,
  serialNumber: param.textOfAtMost(searchMaxLength.serialNumber),
  renterName: param.textOfAtMost(searchMaxLength.renterName),
  connectionStatus: param.oneOf(['success', 'warning', 'error'] as const),
  /** Issue #43 item 7: the table's sorted column and its direction (none: the server's newest first). */
  sortBy: param.oneOf(deviceSortKeys),
  sortOrder: param.oneOf(sortOrders),
}
export type DeviceListSearch = SearchOf<typeof deviceListSearch>
