import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { DeviceListParams, FamilyDevice } from './family'
import { searchCachedDevices } from './offline-search'
import { deviceKeys } from './queries'

const device = (id: number, serialNumber: string, more: Partial<FamilyDevice & { imei: string; createdAt: string }> = {}) =>
  ({ id, serialNumber, name: '', model: '', renterName: '', staffName: null, lastCommunicationTime: null, recycleStatus: false, pendingTaskCount: 0, enrolled: true, imei: '', createdAt: `2026-0${id}-01T00:00:00Z`, ...more }) as FamilyDevice

/** Issue #43: offline, the cached records are searched and sorted as the server does it. */
describe('searchCachedDevices', () => {
  const client = new QueryClient()
  client.setQueryData(deviceKeys.list('HUAWEI', { current: 1 }), {
    records: [
      device(1, 'HWB', { renterName: '张三', imei: '860000000000011', lastCommunicationTime: '2026-11-01T00:00:00Z' }),
      device(2, 'HWC', { renterName: 'Anna' }),
      device(3, 'HWA', { renterName: '李四', lastCommunicationTime: '2026-11-02T00:00:00Z' }),
    ],
    total: 3,
  })
  const serials = (q: Partial<DeviceListParams>) => searchCachedDevices(client, 'HUAWEI', { current: 1, pageSize: 10, recycleStatus: false, ...q }).map((c) => c.record.serialNumber)

  it('orders newest first, or by the table’s column in either direction (never heard from: the oldest contact)', () => {
    expect(serials({})).toEqual(['HWA', 'HWC', 'HWB'])
    expect(serials({ sortBy: 'serialNumber', sortOrder: 'asc' })).toEqual(['HWA', 'HWB', 'HWC'])
    expect(serials({ sortBy: 'renterName', sortOrder: 'desc' })).toEqual(['HWA', 'HWB', 'HWC'])
    expect(serials({ sortBy: 'lastCommunicationTime', sortOrder: 'desc' })).toEqual(['HWA', 'HWB', 'HWC'])
    expect(serials({ sortBy: 'lastCommunicationTime', sortOrder: 'asc' })).toEqual(['HWC', 'HWB', 'HWA'])
  })

  it('finds a phone by its IMEI, exactly', () => {
    expect(serials({ serialNumber: '860000000000011' })).toEqual(['HWB'])
    expect(serials({ serialNumber: '86000000000001' })).toEqual([])
  })
})
