import ExcelJS from 'exceljs'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { devices } from '../../src/server/db/schema'
import { compareDevices, type DeviceSortKey, type SortOrder } from '../../src/shared/domain/device-list-order'
import { harnessForFile, postgresHarnessForFile, type Harness } from './harness'
import { HW, rawGet } from './huawei-helpers'
import { makeDevice, makeTenant } from './org-builders'

/** Issue #43: a scanned IMEI finds its phone (item 6), and the tablet table's columns sort the whole list (item 7). */
const h = harnessForFile()

const IMEI = '861234567890123'
const serialsOf = (body: { data: { records: { serialNumber: string }[] } }) => body.data.records.map((r) => r.serialNumber)

describe('a device list searched for an IMEI (issue #43 item 6)', () => {
  it('finds exactly the device of that IMEI, of this tenant only, in every family, the export and a fleet-wide command', async () => {
    const [a, b] = [await makeTenant(h, { tag: 'ia', signIn: true }), await makeTenant(h, { tag: 'ib', signIn: true })]
    // The same phone registered by two tenants (docs/serials.md: a claim is per company), a neighbour whose IMEI
    // differs by a digit, and a serial that holds the IMEI's digits (a serial search still finds it).
    await makeDevice(h, { companyId: a.companyId, serialNumber: 'IAPHONE1', imei: IMEI })
    await makeDevice(h, { companyId: a.companyId, serialNumber: 'IAPHONE2', imei: '861234567890124' })
    await makeDevice(h, { companyId: b.companyId, serialNumber: 'IBPHONE1', imei: IMEI })
    await makeDevice(h, { companyId: a.companyId, platform: 'IOS', serialNumber: 'IAIPHONE1', imei: '356789012345678' })
    const search = async (token: string, query: string, base = `${HW}/device`) =>
      (await h.call('GET', `${base}/search?current=1&pageSize=10&${query}`, { token })).body
    expect(serialsOf(await search(a.token, `serialNumber=${IMEI}`))).toEqual(['IAPHONE1'])
    expect(serialsOf(await search(b.token, `serialNumber=${IMEI}`))).toEqual(['IBPHONE1'])
    // Part of an IMEI is no IMEI: only serials are searched for it.
    expect(serialsOf(await search(a.token, `serialNumber=${IMEI.slice(0, 14)}`))).toEqual([])
    await makeDevice(h, { companyId: a.companyId, serialNumber: `SN${IMEI}X` })
    expect(serialsOf(await search(a.token, `serialNumber=${IMEI}`))).toEqual([`SN${IMEI}X`, 'IAPHONE1'])
    // Apple's list is the same search (one mechanism for every family).
    expect(serialsOf(await search(a.token, 'serialNumber=356789012345678', '/mdm/api/v1/myDevice'))).toEqual(['IAIPHONE1'])
    expect(serialsOf(await search(b.token, 'serialNumber=356789012345678', '/mdm/api/v1/myDevice'))).toEqual([])

    // The export and 批量操作 (every device the search matches) share the search's filter.
    const file = await rawGet(h, `${HW}/device/export?serialNumber=${IMEI}`, a.token)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await file.arrayBuffer())
    expect((workbook.worksheets[0].getColumn(1).values as string[]).slice(2)).toEqual([`SN${IMEI}X`, 'IAPHONE1'])
    const fleet = await h.call('POST', `${HW}/device/fleet/command`, { token: b.token, json: { filters: { serialNumber: IMEI }, command: 'lockScreen', expected: 1 } })
    expect(fleet.body).toMatchObject({ code: 200, data: { total: 1 } })
  })

  it('is served by devices_imei_idx beside the serial trigrams, not by reading the tenant’s devices', async () => {
    // As fleet-paging-cases.ts checks its indexes: whether an index serves the condition, on a table too small for the
    // planner to prefer it (a million rows: bench figures in the commit and docs/scaling.md).
    await h.services.db.execute(sql`set enable_seqscan = off`)
    try {
      const explain = (await h.services.db.execute(
        sql.raw(`explain select id from devices where serial_number ilike '%860000000101234%' or imei = '860000000101234'`),
      )) as unknown as { rows: unknown[] }
      const plan = JSON.stringify(explain.rows)
      expect(plan).toContain('BitmapOr')
      expect(plan).toContain('devices_imei_idx')
      expect(plan).toContain('devices_serial_trgm_idx')
    } finally {
      await h.services.db.execute(sql`reset enable_seqscan`)
    }
  })
})

/** Every page of a sorted list, in order. */
async function allPages(h: Harness, token: string, query: string, pageSize: number) {
  const seen: string[] = []
  for (let current = 1; ; current++) {
    const { body } = await h.call('GET', `${HW}/device/search?current=${current}&pageSize=${pageSize}&${query}`, { token })
    expect(body.code, query).toBe(200)
    seen.push(...serialsOf(body))
    if (body.data.records.length < pageSize) return { seen, total: body.data.total as number }
  }
}

async function sortedTenant(harness: Harness) {
  const t = await makeTenant(harness, { tag: 'so', signIn: true })
  // Ties on every column (same renter, same contact, same moment of creation), a device never heard from, names in
  // Latin of both cases and in Chinese: the order must still be total (by id) so that no device is on two pages.
  const at = (minutes: number | null) => (minutes === null ? null : new Date(Date.UTC(2026, 10, 1, 8, 0) - minutes * 60_000))
  const rows = [
    ['SO-B2', '张三', 30, 5],
    ['SO-A1', '张三', 30, 5],
    ['SO-C3', 'anna', null, 5],
    ['SO-Z9', 'Bob', 600, 9],
    ['SO-D4', '', 2, 1],
    ['SO-E5', '李四', null, 7],
    ['SO-F6', 'Anna', 2, 3],
    ['SO-G7', '王五', 1_500, 3],
    ['SO-H8', '张三', 30, 2],
    ['SO-09', '', 45, 8],
    ['SO-10', 'bob', 600, 4],
  ] as const
  for (const [serialNumber, renterName, contact, created] of rows) {
    await makeDevice(harness, { companyId: t.companyId, serialNumber, renterName, lastCommunicationTime: at(contact), createdAt: at(created * 60)! })
  }
  return t
}

/** The sorted lists on the engine of `h`: PGlite counts in the page's statement, PostgreSQL pages then counts (db/paging.ts). */
function sortCases(h: Harness) {
  it('pages through every sort in order, each device once, as the console orders cached records; refuses a sort it does not know', async () => {
    const t = await sortedTenant(h)
    const records = await h.database.db
      .select({ id: devices.id, serialNumber: devices.serialNumber, renterName: devices.renterName, lastCommunicationTime: devices.lastCommunicationTime, createdAt: devices.createdAt })
      .from(devices)
      .where(eq(devices.companyId, t.companyId))
    const asRecords = records.map((r) => ({ ...r, lastCommunicationTime: r.lastCommunicationTime?.toISOString() ?? null, createdAt: r.createdAt.toISOString() }))
    const sorts: [DeviceSortKey, SortOrder][] = (['serialNumber', 'renterName', 'lastCommunicationTime', 'createdAt'] as const).flatMap((k) => [[k, 'asc'], [k, 'desc']] as [DeviceSortKey, SortOrder][])
    for (const [sortBy, sortOrder] of sorts) {
      const expected = [...asRecords].sort(compareDevices({ sortBy, sortOrder })).map((r) => r.serialNumber)
      const { seen, total } = await allPages(h, t.token, `sortBy=${sortBy}&sortOrder=${sortOrder}`, 3)
      expect(seen, `${sortBy} ${sortOrder}`).toEqual(expected)
      expect(total).toBe(records.length)
    }
    // What the shared comparison means: digits before letters (code points), a device never heard from as the oldest.
    expect((await allPages(h, t.token, 'sortBy=serialNumber&sortOrder=asc', 20)).seen.slice(0, 3)).toEqual(['SO-09', 'SO-10', 'SO-A1'])
    expect((await allPages(h, t.token, 'sortBy=lastCommunicationTime&sortOrder=desc', 20)).seen.slice(-2)).toEqual(['SO-E5', 'SO-C3'])
    // No sort is newest first, as before; a column alone is ascending; a filter keeps the sort.
    expect((await allPages(h, t.token, '', 20)).seen).toEqual([...asRecords].sort(compareDevices({})).map((r) => r.serialNumber))
    expect((await allPages(h, t.token, 'sortBy=renterName', 20)).seen).toEqual([...asRecords].sort(compareDevices({ sortBy: 'renterName', sortOrder: 'asc' })).map((r) => r.serialNumber))
    expect((await allPages(h, t.token, 'sortBy=renterName&sortOrder=desc&renterName=%E5%BC%A0', 2)).seen).toEqual(['SO-H8', 'SO-A1', 'SO-B2'])

    for (const [query, msg] of [['sortBy=imei', '排序字段的取值无效'], ['sortBy=serialNumber&sortOrder=up', '排序方向的取值无效']]) {
      const { body } = await h.call('GET', `${HW}/device/search?current=1&pageSize=10&${query}`, { token: t.token })
      expect(body).toMatchObject({ code: 400, msg })
    }
  })
}

describe('a device list sorted by a column (issue #43 item 7)', () => {
  describe('PGlite', () => sortCases(h))
  describe.runIf(process.env.MDM_TEST_POSTGRES_URL || process.env.CI)('PostgreSQL', () => sortCases(postgresHarnessForFile('mdm_test_sort')))
})
