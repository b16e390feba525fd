import ExcelJS from 'exceljs'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { EXACT_COUNT_LIMIT } from '../../src/server/db/paging'
import { devices } from '../../src/server/db/schema'
import { DEEP_PAGE_OFFSET } from '../../src/server/modules/devices/deep-page'
import { DeviceService } from '../../src/server/modules/huawei-device/service'
import { RELEASE_TASK_TYPES } from '../../src/server/modules/workspace/service'
import type { Harness } from './harness'
import { HW, MI, rawGet } from './huawei-helpers'
import { makeTenant } from './org-builders'

const SEARCH = `${HW}/device/search`

/**
 * More Huawei devices in the demo boss company than a list counts exactly, in one statement: FLEET000001 the newest,
 * or with `newestLast` the newest written last (so that the first rows on disk are the oldest).
 */
async function manyDevices(h: Harness, n: number, inBin = false, newestLast = false) {
  const age = newestLast ? sql`${n} - g` : sql`g`
  await h.services.db.execute(sql`
    insert into devices (company_id, platform, serial_number, created_at, recycle_status)
    select ${h.demo.bossCompanyId}, 'HUAWEI', 'FLEET' || lpad(g::text, 6, '0'), now() - make_interval(secs => ${age}), ${inBin}
    from generate_series(1, ${n}) as g`)
  await h.services.db.execute(sql`analyze devices`)
}

const serialsOf = (body: { data: { records: { serialNumber: string }[] } }) => body.data.records.map((r) => r.serialNumber)

/**
 * The device lists at fleet scale (issue #16), on the engine of `h`: the search's statements differ by engine (PGlite
 * counts in the page's statement, PostgreSQL after it), so every case runs on both.
 */
export function fleetPagingCases(h: Harness) {
  describe('device lists at fleet scale (issue #16)', () => {
    it('estimates a total beyond the exact-count limit and says so; counts exactly below it', async () => {
      const n = EXACT_COUNT_LIMIT + 500
      await manyDevices(h, n)
      const boss = await h.login('demo')
      const all = await h.call('GET', `${SEARCH}?current=1&pageSize=10`, { token: boss })
      expect(all.body.data.totalExact).toBe(false)
      expect(all.body.data.total).toBeGreaterThan(EXACT_COUNT_LIMIT)
      // The planner's estimate of an analysed table is close, not wild.
      expect(Math.abs(all.body.data.total - n)).toBeLessThan(n * 0.2)
      expect(serialsOf(all.body)).toEqual(Array.from({ length: 10 }, (_, i) => `FLEET${String(i + 1).padStart(6, '0')}`))

      // A narrower search is counted exactly (no totalExact in the answer).
      const some = await h.call('GET', `${SEARCH}?current=1&pageSize=10&serialNumber=${encodeURIComponent('leet0012')}`, { token: boss })
      expect(some.body.data).not.toHaveProperty('totalExact')
      expect(some.body.data.total).toBe(100) // FLEET001200 … FLEET001299
      expect(serialsOf(some.body)[0]).toBe('FLEET001200')

      // The renter's name is served by its pairs index: counted exactly.
      await h.services.db.execute(sql`update devices set renter_name = '张三' where serial_number like 'FLEET0000%'`)
      const named = await h.call('GET', `${SEARCH}?current=1&pageSize=10&renterName=${encodeURIComponent('张三')}`, { token: boss })
      expect(named.body.data).not.toHaveProperty('totalExact')
      expect(named.body.data.total).toBe(99) // FLEET000001 … FLEET000099
      expect(serialsOf(named.body)).toEqual(Array.from({ length: 10 }, (_, i) => `FLEET${String(i + 1).padStart(6, '0')}`))

      // The last page is the list's end: its total is exact whatever the list's size.
      const last = await h.call('GET', `${SEARCH}?current=1&pageSize=100&renterName=${encodeURIComponent('张三')}`, { token: boss })
      expect(last.body.data.records).toHaveLength(99)
      expect(last.body.data.total).toBe(99)
    })

    it('counts a small list of a big company exactly, however the families fall across companies', async () => {
      // East holds 45,000 Huawei devices and 100 Mi; west 45,000 Mi. Taken apart, "east" and "Mi" each hold half the
      // table, so east's Mi list would be thought 22,500 rows and answered as an estimate; devices_list_stats (migration
      // 0015) knows how they fall together, so east's 100 Mi devices are counted.
      const { eastCompanyId, westCompanyId } = h.demo
      await h.services.db.execute(sql`
        insert into devices (company_id, platform, serial_number, created_at)
        select case when g <= 45100 then ${eastCompanyId}::int else ${westCompanyId}::int end, case when g <= 45000 then 'HUAWEI' else 'MI' end,
               'SKEW' || lpad(g::text, 6, '0'), now() - make_interval(secs => g)
        from generate_series(1, 90100) as g`)
      await h.services.db.execute(sql`analyze devices`)
      const east = await h.login('demo-east')
      const mi = await h.call('GET', `${MI}/device/search?current=1&pageSize=10`, { token: east })
      expect(mi.body.data).not.toHaveProperty('totalExact')
      expect(mi.body.data.total).toBe(100)
      const huawei = await h.call('GET', `${SEARCH}?current=1&pageSize=10`, { token: east })
      expect(huawei.body.data.totalExact).toBe(false)
      expect(Math.abs(huawei.body.data.total - 45_000)).toBeLessThan(45_000 * 0.2)
    }, 90_000) // 90,100 devices inserted: ~15 s on PGlite on a busy 2-core machine

    it('estimates a filter no index serves on a list beyond the limit, rather than reading every row', async () => {
      // The connection status in the recycle bin (devices_contact_bucket_idx holds the devices in use); never contacted is
      // "error". The page itself is exact, and the estimate never below what it shows.
      await manyDevices(h, EXACT_COUNT_LIMIT + 500, true)
      const boss = await h.login('demo')
      const silent = await h.call('GET', `${SEARCH}?current=1&pageSize=10&recycleStatus=true&connectionStatus=error`, { token: boss })
      expect(silent.body.data.totalExact).toBe(false)
      expect(serialsOf(silent.body)).toEqual(Array.from({ length: 10 }, (_, i) => `FLEET${String(i + 1).padStart(6, '0')}`))
      expect(silent.body.data.total).toBeGreaterThanOrEqual(10)
    })

    it('finds renters by any part of the name or phone, in either case, from the pairs and trigram indexes', async () => {
      await manyDevices(h, 300)
      await h.services.db.execute(sql`update devices set renter_name = '欧阳娜娜', renter_phone = '13912345678' where serial_number = 'FLEET000007'`)
      await h.services.db.execute(sql`update devices set renter_name = 'Anna Lee', renter_phone = '13800001111' where serial_number = 'FLEET000008'`)
      await h.services.db.execute(sql`update devices set renter_name = '娜欧' where serial_number = 'FLEET000009'`)
      await h.services.db.execute(sql`analyze devices`)
      const boss = await h.login('demo')
      const found = async (query: string) => serialsOf((await h.call('GET', `${SEARCH}?current=1&pageSize=50&${query}`, { token: boss })).body)
      expect(await found(`renterName=${encodeURIComponent('欧阳娜娜')}`)).toEqual(['FLEET000007'])
      expect(await found(`renterName=${encodeURIComponent('阳娜')}`)).toEqual(['FLEET000007'])
      // Every pair present is not enough: the order is checked (娜欧 holds 娜 and 欧 but not 欧娜).
      expect(await found(`renterName=${encodeURIComponent('欧娜')}`)).toEqual([])
      expect(await found(`renterName=${encodeURIComponent('娜')}`)).toEqual(['FLEET000007', 'FLEET000008', 'FLEET000009'].filter((s) => s !== 'FLEET000008'))
      expect(await found(`renterName=${encodeURIComponent('na l')}`)).toEqual(['FLEET000008'])
      expect(await found(`renterName=${encodeURIComponent('ANNA')}`)).toEqual(['FLEET000008'])
      expect(await found('renterPhone=2345')).toEqual(['FLEET000007'])
      expect(await found('renterPhone=0000111')).toEqual(['FLEET000008'])

      const plan = async (query: string) =>
        JSON.stringify(((await h.services.db.execute(sql.raw(`explain ${query}`))) as unknown as { rows: unknown[] }).rows)
      await h.services.db.execute(sql`set enable_seqscan = off`)
      try {
        expect(await plan(`select id from devices where mdm_platform_grams(platform, renter_name) @> mdm_platform_search_grams('HUAWEI', '阳娜')`)).toContain('devices_renter_name_grams_idx')
        expect(await plan(`select id from devices where renter_phone ilike '%2345%'`)).toContain('devices_renter_phone_trgm_idx')
      } finally {
        await h.services.db.execute(sql`reset enable_seqscan`)
      }
    })

    it('finds a deep page in the same order as the first pages, joined rows included', async () => {
      await manyDevices(h, 2_000)
      const boss = await h.login('demo')
      const page = await h.call('GET', `${SEARCH}?current=150&pageSize=10`, { token: boss })
      expect(serialsOf(page.body)).toEqual(Array.from({ length: 10 }, (_, i) => `FLEET${String(1491 + i).padStart(6, '0')}`))
      expect(page.body.data.records[0]).toMatchObject({ companyName: '演示租赁公司', pendingTaskCount: 0 })
      expect(page.body.data.total).toBe(2_000)
    })

    it('finds a page thousands of rows deep by the list’s weeks: the rows OFFSET finds, for every viewer and in the bin', async () => {
      // 9,000 devices over ~6 China weeks, two at each moment (ties broken by id), a third in the east child company, a
      // seventh of the boss company's assigned to the staff member, a quarter in the recycle bin.
      const d = h.demo
      await h.services.db.execute(sql`
        insert into devices (company_id, staff_id, platform, serial_number, created_at, recycle_status)
        select case when g % 3 = 0 then ${d.eastCompanyId}::int else ${d.bossCompanyId}::int end,
               case when g % 3 <> 0 and g % 7 = 0 then ${d.staffId}::int end,
               'HUAWEI', 'DEEP' || lpad(g::text, 6, '0'), now() - make_interval(secs => (g / 2) * 800), g % 4 = 0
        from generate_series(1, 9000) as g`)
      await h.services.db.execute(sql`analyze devices`)
      const viewers = [
        { username: 'demo', companies: [d.bossCompanyId, d.eastCompanyId, d.westCompanyId], staff: false },
        { username: 'demo-east', companies: [d.eastCompanyId], staff: false },
        { username: 'demo-staff', companies: [d.bossCompanyId], staff: true },
      ]
      const pageSize = 50
      let deepPagesSeen = 0
      for (const viewer of viewers) {
        const token = await h.login(viewer.username)
        for (const inBin of viewer.staff ? [false] : [false, true]) {
          const expected = (
            (await h.services.db.execute(sql`
              select serial_number from devices
              where platform = 'HUAWEI' and recycle_status = ${inBin} and company_id in ${viewer.companies}
                and (${!viewer.staff} or staff_id = ${d.staffId}::int)
              order by created_at desc, id desc`)) as unknown as { rows: { serial_number: string }[] }
          ).rows.map((r) => r.serial_number)
          const lastPage = Math.ceil(expected.length / pageSize)
          // Every third page from just before the deep path on, the last page, and one past the end.
          const pages = [...Array.from({ length: lastPage }, (_, i) => i + 1).filter((p) => (p - 1) * pageSize >= DEEP_PAGE_OFFSET - 2 * pageSize && p % 3 === 0), lastPage, lastPage + 1]
          for (const current of pages) {
            const res = await h.call('GET', `${SEARCH}?current=${current}&pageSize=${pageSize}&recycleStatus=${inBin}`, { token })
            const where = `${viewer.username}${inBin ? ' (bin)' : ''} page ${current}`
            expect(res.body.code, where).toBe(200)
            expect(serialsOf(res.body), where).toEqual(expected.slice((current - 1) * pageSize, current * pageSize))
            if ((current - 1) * pageSize >= DEEP_PAGE_OFFSET) {
              deepPagesSeen++
              // The weeks give the exact total, whatever the list's size.
              expect(res.body.data.total, where).toBe(expected.length)
              expect(res.body.data, where).not.toHaveProperty('totalExact')
            }
          }
        }
      }
      expect(deepPagesSeen).toBeGreaterThan(40)
    })

    it('serves "serial number contains" and the newest-first page from indexes', async () => {
      const plan = async (query: string) =>
        JSON.stringify(((await h.services.db.execute(sql.raw(`explain ${query}`))) as unknown as { rows: unknown[] }).rows)
      await manyDevices(h, 3_000)
      await h.services.db.execute(sql`set enable_seqscan = off`)
      try {
        expect(await plan(`select id from devices where serial_number ilike '%LEET0012%'`)).toContain('devices_serial_trgm_idx')
        expect(await plan(`select id from devices where platform = 'HUAWEI' and recycle_status = false order by created_at desc, id desc limit 10`)).toContain('devices_list_order_idx')
        expect(await plan(`select id from tasks where device_id = 1 and status = 'QUEUED' order by created_at limit 5`)).toContain('tasks_live_idx')
        expect(await plan(`select id from tasks where device_id = 1 order by created_at desc, id desc limit 10`)).toContain('tasks_device_log_idx')
        // Expiring overdue tasks (every poll) reads the live queue only.
        expect(await plan(`update tasks set status = 'TIMEOUT' where device_id = 1 and ((status = 'SENT' and sent_at < now()) or (status = 'QUEUED' and created_at < now()))`)).toContain('tasks_live_idx')
        // The dashboard's released devices: the partial index's types are exactly the service's.
        const types = RELEASE_TASK_TYPES.map((t) => `'${t}'`).join(', ')
        expect(await plan(`select 1 from tasks where device_id = 1 and status = 'DONE' and type in (${types})`)).toContain('tasks_release_idx')
      } finally {
        await h.services.db.execute(sql`reset enable_seqscan`)
      }
    })

    it('streams an export in keyset batches: every device once, newest first, ties on the time included', async () => {
      // 2,500 devices, seven at a time created at the same moment: batch boundaries fall inside ties. The moments have
      // microseconds, as now() gives them, which a JavaScript Date cannot hold.
      await h.services.db.execute(sql`
        insert into devices (company_id, platform, serial_number, created_at)
        select ${h.demo.bossCompanyId}, 'HUAWEI', 'TIE' || lpad(g::text, 6, '0'), timestamptz '2026-01-01 00:00:00.000123+08' - make_interval(secs => g / 7)
        from generate_series(1, 2500) as g`)
      const boss = await h.login('demo')
      const file = await rawGet(h, `${HW}/device/export?serialNumber=TIE`, boss)
      expect(file.status).toBe(200)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(await file.arrayBuffer())
      const serials = (workbook.worksheets[0].getColumn(1).values as string[]).slice(2)
      expect(serials).toHaveLength(2500)
      expect(new Set(serials).size).toBe(2500)
      const page = await h.call('GET', `${SEARCH}?current=1&pageSize=50&serialNumber=TIE`, { token: boss })
      expect(serials.slice(0, 50)).toEqual(serialsOf(page.body))
    })
    it('pages a search beyond the exact-count limit in order: the newest matches first, the total an estimate', async () => {
      // The newest written last: any EXACT_COUNT_LIMIT + 1 matches read in the table's order leave out the newest.
      const n = EXACT_COUNT_LIMIT + 500
      await manyDevices(h, n, false, true)
      const boss = await h.login('demo')
      for (const current of [1, 2]) {
        const page = await h.call('GET', `${SEARCH}?current=${current}&pageSize=10&serialNumber=FLEET`, { token: boss })
        expect(serialsOf(page.body)).toEqual(Array.from({ length: 10 }, (_, i) => `FLEET${String(n - (current - 1) * 10 - i).padStart(6, '0')}`))
        expect(page.body.data.totalExact).toBe(false)
        expect(page.body.data.total).toBeGreaterThan(EXACT_COUNT_LIMIT)
      }
    })

    it('counts each connection status exactly, whole contact buckets and the devices beside each boundary alike', async () => {
      // Devices on each side of the 6- and 24-hour boundaries and on the edges of the 10-minute buckets that hold them,
      // a spread of others, and the never-contacted; a page of 2, so that every total is counted (in parts).
      const now = Date.now()
      const edges = [6, 24].flatMap((hours) => {
        const at = now - hours * 3_600_000
        const start = Math.floor(at / 600_000) * 600_000
        return [start - 1, start, at - 2_000, at + 2_000, start + 599_999, start + 600_000]
      })
      const spread = Array.from({ length: 40 }, (_, i) => now - i * 1.7 * 3_600_000)
      const times = [...edges, ...spread, null, null]
      await h.services.db.execute(sql`
        insert into devices (company_id, platform, serial_number, last_communication_time, created_at)
        select ${h.demo.bossCompanyId}, 'HUAWEI', 'STATUS' || lpad(g::text, 3, '0'), (${JSON.stringify(times)}::jsonb ->> (g - 1))::bigint * interval '1 millisecond' + timestamptz 'epoch', now() - make_interval(secs => g)
        from generate_series(1, ${times.length}) as g`)
      await h.services.db.execute(sql`analyze devices`)
      const boss = await h.login('demo')
      // The request is answered a moment after \`now\`: 2 s either side of a boundary is still on that side.
      const statusOf = (t: number | null) => (t === null || now - t >= 24 * 3_600_000 ? 'error' : now - t > 6 * 3_600_000 ? 'warning' : 'success')
      for (const status of ['success', 'warning', 'error'] as const) {
        const expected = times.map((t, i) => [`STATUS${String(i + 1).padStart(3, '0')}`, statusOf(t)]).filter(([, s]) => s === status).map(([serial]) => serial)
        const first = await h.call('GET', `${SEARCH}?current=1&pageSize=2&serialNumber=STATUS&connectionStatus=${status}`, { token: boss })
        expect(first.body.data, status).not.toHaveProperty('totalExact')
        expect(first.body.data.total, status).toBe(expected.length)
        expect(serialsOf(first.body), status).toEqual(expected.slice(0, 2))
        const all = await h.call('GET', `${SEARCH}?current=1&pageSize=100&serialNumber=STATUS&connectionStatus=${status}`, { token: boss })
        expect(serialsOf(all.body), status).toEqual(expected)
      }
    })

    it('runs a search shape built once with each request’s own values: scope, text and the time of the request', async () => {
      // Two tenants of the same shape (a boss company, one device each): the second search runs the statements built
      // for the first, and must see only its own device.
      const [a, b] = [await makeTenant(h, { tag: 'sa', devices: true, signIn: true }), await makeTenant(h, { tag: 'sb', devices: true, signIn: true })]
      // The page and its total (counted in the same statement or beside it, by engine), both of each request's values.
      const own = async (token: string, query = '') => {
        const { body } = await h.call('GET', `${SEARCH}?current=1&pageSize=10${query}`, { token })
        expect(body.data.total, query).toBe(body.data.records.length)
        return serialsOf(body)
      }
      const [aSerials, bSerials] = [await own(a.token), await own(b.token)]
      expect(aSerials).toHaveLength(1)
      expect(bSerials).toHaveLength(1)
      expect(aSerials).not.toEqual(bSerials)
      for (const [token, mine, theirs] of [[a.token, aSerials, bSerials], [b.token, bSerials, aSerials]] as const) {
        expect(await own(token, `&serialNumber=${theirs[0]}`)).toEqual([])
        expect(await own(token, `&serialNumber=${mine[0]}`)).toEqual(mine)
      }
      await h.services.db.execute(sql`
        update devices set renter_name = case company_id when ${a.companyId} then '李四 Li' else '王五 Wang' end,
          renter_phone = case company_id when ${a.companyId} then '13800000001' else '13900000002' end
        where company_id in (${a.companyId}, ${b.companyId})`)
      // Chinese text (LIKE), Latin text (ILIKE), the phone: each request's own.
      for (const [token, mine, own1, other] of [[a.token, aSerials, ['李四', 'li', '0001'], ['王五', 'wang', '0002']], [b.token, bSerials, ['王五', 'WANG', '0002'], ['李四', 'LI', '0001']]] as const) {
        expect(await own(token, `&renterName=${encodeURIComponent(own1[0])}`)).toEqual(mine)
        expect(await own(token, `&renterName=${encodeURIComponent(other[0])}`)).toEqual([])
        expect(await own(token, `&renterName=${own1[1]}`)).toEqual(mine)
        expect(await own(token, `&renterName=${other[1]}`)).toEqual([])
        expect(await own(token, `&renterPhone=${own1[2]}`)).toEqual(mine)
        expect(await own(token, `&renterPhone=${other[2]}`)).toEqual([])
      }

      // The connection status is decided at the time of each request: a registry whose clock moves on sees the device
      // heard from 5 h ago first as online, then (the same statement) as late.
      const heard = new Date()
      heard.setMilliseconds(0)
      await h.services.db.update(devices).set({ lastCommunicationTime: new Date(heard.getTime() - 5 * 3_600_000) }).where(eq(devices.companyId, a.companyId))
      let clock = heard
      const registry = new DeviceService({ db: h.services.db, quota: h.services.quota, tasks: h.services.tasks, limiter: h.services.limiter }, 'HUAWEI', () => clock)
      const boss = (await h.services.sessions.resolve(a.token))!
      const statusOf = async (connectionStatus: 'success' | 'warning') =>
        (await registry.search(boss, { current: 1, pageSize: 10, recycleStatus: false, connectionStatus })).records.map((r) => r.serialNumber)
      expect(await statusOf('success')).toEqual(aSerials)
      expect(await statusOf('warning')).toEqual([])
      clock = new Date(heard.getTime() + 2 * 3_600_000)
      expect(await statusOf('success')).toEqual([])
      expect(await statusOf('warning')).toEqual(aSerials)
    })

    it('counts a search exactly on a middle page, and past its end', async () => {
      await manyDevices(h, 300)
      const boss = await h.login('demo')
      // FLEET000100 … FLEET000199
      const middle = await h.call('GET', `${SEARCH}?current=3&pageSize=10&serialNumber=FLEET0001`, { token: boss })
      expect(serialsOf(middle.body)).toEqual(Array.from({ length: 10 }, (_, i) => `FLEET${String(120 + i).padStart(6, '0')}`))
      expect(middle.body.data).not.toHaveProperty('totalExact')
      expect(middle.body.data.total).toBe(100)
      const past = await h.call('GET', `${SEARCH}?current=20&pageSize=10&serialNumber=FLEET0001`, { token: boss })
      expect(past.body.data.records).toEqual([])
      expect(past.body.data.total).toBe(100)
      const none = await h.call('GET', `${SEARCH}?current=1&pageSize=10&serialNumber=NOSUCH`, { token: boss })
      expect(none.body.data).toMatchObject({ records: [], total: 0 })
    })
  })
}
