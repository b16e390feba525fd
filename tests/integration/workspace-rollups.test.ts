import { eq, inArray, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { CurrentUser } from '../../src/server/auth/sessions'
import { devices, tasks, type DeviceRow } from '../../src/server/db/schema'
import { WorkspaceService } from '../../src/server/modules/workspace/service'
import { harnessForFile } from './harness'
import { agentTestbed } from './huawei-agent-helpers'
import { addDevice, HW, MI, setHuaweiQuota } from './huawei-helpers'
import { modelText } from '../../src/shared/domain/apple-models'

/**
 * The dashboard's rollups (device_daily_additions, device_counts, and the device lists' weeks, device_list_weeks:
 * issue #16) stay equal to the devices they count
 * through every write that changes them: adds in the console and enrollment by the agent, transfers between
 * companies and to a staff member, the recycle bin and back, a release, reports that change model, SIM or lost
 * mode, bulk inserts and deletes. After each step every dashboard figure is compared over HTTP with what plain
 * JavaScript derives from the device and task rows themselves, for each viewer; and the rollup tables with a fresh
 * GROUP BY of `devices`.
 */
const h = harnessForFile()
let boss: string
/** Each viewer signs in once per test (a sign-in costs a password hash). */
let tokens: Map<Viewer, string>
beforeEach(async () => {
  boss = await h.login('demo')
  tokens = new Map([['boss', boss]])
  await setHuaweiQuota(h, h.demo.bossCompanyId, 20)
  await setHuaweiQuota(h, h.demo.eastCompanyId, 20)
})
const { enrolledPhone, run } = agentTestbed(h, () => boss)

const HOUR = 3_600_000
const RELEASES = ['disownDevice', 'removeProfile', 'exitControl']
const chinaDay = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10)

type Viewer = 'boss' | 'east' | 'staff' | 'admin'
const usernames: Record<Viewer, string> = { boss: 'demo', east: 'demo-east', staff: 'demo-staff', admin: 'admin' }

function visible(viewer: Viewer, rows: DeviceRow[]): DeviceRow[] {
  const d = h.demo
  switch (viewer) {
    case 'boss':
      return rows.filter((r) => [d.bossCompanyId, d.eastCompanyId, d.westCompanyId].includes(r.companyId))
    case 'east':
      return rows.filter((r) => r.companyId === d.eastCompanyId)
    case 'staff':
      return rows.filter((r) => r.companyId === d.bossCompanyId && r.staffId === d.staffId)
    case 'admin':
      return rows
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')
function hasSim(state: Record<string, unknown>) {
  const part = (k: string) => (state[k] ?? {}) as Record<string, unknown>
  return [part('network').ICCID, part('network').PhoneNumber, part('deviceInformation').ICCID, part('deviceInformation').PhoneNumber].some((v) => str(v) !== '')
}
// The model as the chart names it (an iPhone's identifier by its name: apple-models.ts, tested on its own).
const modelOf = (r: DeviceRow) => modelText(r.model || str(r.state.modelName)) || '未知型号'

async function get(path: string, token: string) {
  const res = await h.call('GET', path, { token })
  expect(res.body?.code, `${path}: ${res.text}`).toBe(200)
  return res.body.data
}

/** Every figure the rollups serve, for every viewer, against the rows; and the rollup tables against a GROUP BY. */
async function expectFiguresRight() {
  const db = h.database.db
  const rows = await db.select().from(devices)
  const released = await db.select({ deviceId: tasks.deviceId, finishedAt: tasks.finishedAt }).from(tasks).where(inArray(tasks.type, RELEASES))
  const doneReleases = (await db.select().from(tasks).where(inArray(tasks.type, RELEASES))).filter((t) => t.status === 'DONE')
  expect(released.length).toBeGreaterThanOrEqual(doneReleases.length)
  const releasedIds = new Set(doneReleases.map((t) => t.deviceId))
  const now = Date.now()
  for (const viewer of ['boss', 'east', 'staff', 'admin'] as Viewer[]) {
    if (!tokens.has(viewer)) tokens.set(viewer, await h.login(usernames[viewer]))
    const token = tokens.get(viewer)!
    const seen = visible(viewer, rows)
    const inUse = seen.filter((r) => !r.recycleStatus)

    const pie = await get('/workspace/pieChart', token)
    expect(pie.totalCount, viewer).toBe(inUse.length)
    expect(pie.simPieCount, viewer).toBe(inUse.filter((r) => hasSim(r.state)).length)
    expect(pie.abmOutPieCount, viewer).toBe(inUse.filter((r) => releasedIds.has(r.id)).length)
    const models = new Map<string, number>()
    for (const r of inUse) models.set(modelOf(r), (models.get(modelOf(r)) ?? 0) + 1)
    expect(Object.fromEntries(pie.modelPieList.map((m: { k: string; v: number }) => [m.k, m.v])), viewer).toEqual(Object.fromEntries(models))

    const trend = await get('/workspace/addAndOutTrendChart?days=31', token)
    const days: string[] = Array.from({ length: 31 }, (_, i) => chinaDay(now - (30 - i) * 24 * HOUR))
    expect(trend.add, viewer).toEqual(days.map((day) => seen.filter((r) => chinaDay(r.createdAt.getTime()) === day).length))
    const seenIds = new Set(seen.map((r) => r.id))
    expect(trend.abmOut, viewer).toEqual(
      days.map((day) => new Set(doneReleases.filter((t) => seenIds.has(t.deviceId) && chinaDay(t.finishedAt!.getTime()) === day).map((t) => t.deviceId)).size),
    )
    const histogram = await get('/workspace/addMonthHistogramChart?months=1', token)
    expect(histogram.add, viewer).toEqual([seen.filter((r) => chinaDay(r.createdAt.getTime()).slice(0, 7) === chinaDay(now).slice(0, 7)).length])

    const panel = await get('/workspace/panel', token)
    const offline = (r: DeviceRow) => r.lastCommunicationTime === null || now - r.lastCommunicationTime.getTime() >= 24 * HOUR
    expect(panel.families.map((f: { platform: string; total: number }) => [f.platform, f.total]), viewer).toEqual(
      ['IOS', 'HUAWEI', 'MI'].map((p) => [p, inUse.filter((r) => r.platform === p).length]),
    )
    expect(panel.total, viewer).toBe(inUse.length)
    expect(panel.offline24h, viewer).toBe(inUse.filter(offline).length)
    expect(panel.lostMode, viewer).toBe(inUse.filter((r) => r.state.lostMode === true).length)
    expect((await get('/workspace/deviceOffline24H?current=1&pageSize=5', token)).total, viewer).toBe(inUse.filter(offline).length)

    if (viewer === 'boss') {
      const children = (await get('/workspace/subAccountList?current=1&pageSize=5', token)).records as { companyId: number; deviceCount: number }[]
      for (const c of children) expect(c.deviceCount, `child ${c.companyId}`).toBe(rows.filter((r) => r.companyId === c.companyId && !r.recycleStatus).length)
    }
  }

  // The rollups themselves: no row differs from a fresh count (rows of 0 left behind are allowed).
  const days = await db.execute(sql`
    select company_id, staff_id, day, sum(n)::int as n from (
      select company_id, staff_id, day, added as n from device_daily_additions
      union all
      select company_id, coalesce(staff_id, 0), dashboard_china_day(created_at), -1 from devices
    ) x group by 1, 2, 3 having sum(n) <> 0`)
  const counts = await db.execute(sql`
    select company_id, staff_id, platform, model, has_sim, lost_mode, sum(n)::int as n from (
      select company_id, staff_id, platform, model, has_sim, lost_mode, n from device_counts
      union all
      select company_id, coalesce(staff_id, 0), platform, dashboard_model(model, state), dashboard_has_sim(state), dashboard_lost_mode(state), -1
      from devices where not recycle_status
    ) y group by 1, 2, 3, 4, 5, 6 having sum(n) <> 0`)
  const listWeeks = await db.execute(sql`
    select company_id, platform, recycle_status, staff_id, week, sum(n)::int as n from (
      select company_id, platform, recycle_status, staff_id, week, n from device_list_weeks
      union all
      select company_id, platform, recycle_status, coalesce(staff_id, 0), dashboard_china_week(created_at), -1 from devices
    ) z group by 1, 2, 3, 4, 5 having sum(n) <> 0`)
  const drift = { rows: [days, counts, listWeeks].flatMap((r) => (r as unknown as { rows: unknown[] }).rows) }
  expect((drift as unknown as { rows: unknown[] }).rows).toEqual([])
}

describe('dashboard rollups', () => {
  it('stay right through adds, enrollment, transfers, the recycle bin, a release and reports', async () => {
    await expectFiguresRight()

    // Added in the console, by the boss for itself and for a child company, in two families.
    const a = await addDevice(h, boss, { serialNumber: 'ROLL0001', model: 'ALN-AL00' })
    const b = await addDevice(h, boss, { serialNumber: 'ROLL0002', companyId: h.demo.eastCompanyId })
    await addDevice(h, boss, { serialNumber: 'ROLL0003', model: 'Redmi K70' }, MI)
    await expectFiguresRight()

    // Enrolled by the agent: the model it reports; then it polls (last contact moves, nothing counted changes).
    const { deviceId: enrolled, phone } = await enrolledPhone({ serialNumber: 'ROLL0004' })
    await phone.pollOnce()
    await expectFiguresRight()

    // Transfers: to the west child company, to the staff member, and back to the boss company.
    expect((await h.call('POST', `${HW}/device/move`, { token: boss, json: { deviceId: b, targetCompanyId: h.demo.westCompanyId } })).body.code).toBe(200)
    expect((await h.call('POST', `${HW}/device/move`, { token: boss, json: { deviceId: a, targetStaffId: h.demo.staffId } })).body.code).toBe(200)
    await expectFiguresRight()
    expect((await h.call('POST', `${HW}/device/move`, { token: boss, json: { deviceId: b, targetCompanyId: h.demo.bossCompanyId } })).body.code).toBe(200)
    await expectFiguresRight()

    // The recycle bin: out of use (still added that day), then restored.
    expect((await h.call('POST', `${HW}/device/putInRecycle`, { token: boss, json: { deviceId: a } })).body.code).toBe(200)
    await expectFiguresRight()
    expect((await h.call('POST', `${HW}/device/takeOutRecycle`, { token: boss, json: { deviceId: a } })).body.code).toBe(200)
    await expectFiguresRight()

    // A release completed by the phone (退出管控): released in the pie and today's abmOut.
    expect((await run(phone, enrolled, 'exitControl')).task.status).toBe('DONE')
    await expectFiguresRight()

    // Reports that change what is counted: a SIM, lost mode, a model name (written as the protocols write state).
    await h.database.db
      .update(devices)
      .set({ model: '', state: sql`${devices.state} || '{"network": {"ICCID": "8986"}, "lostMode": true, "modelName": "iPhone15,2"}'::jsonb` })
      .where(eq(devices.id, b))
    await expectFiguresRight()
    await h.database.db.update(devices).set({ state: sql`${devices.state} || '{"lostMode": false}'::jsonb` }).where(eq(devices.id, b))
    await expectFiguresRight()
  }, 120_000)

  it('count bulk inserts and deletes once per statement, in the bin or not, and leave other tenants alone', async () => {
    const db = h.database.db
    const at = new Date(Date.now() - 3 * 24 * HOUR)
    const inserted = await db
      .insert(devices)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          companyId: [h.demo.bossCompanyId, h.demo.eastCompanyId, h.demo.westCompanyId][i % 3],
          staffId: i % 5 === 0 ? h.demo.staffId : null,
          platform: (['HUAWEI', 'MI', 'IOS'] as const)[i % 3],
          serialNumber: `BULK${String(i).padStart(4, '0')}`,
          model: i % 4 === 0 ? '' : `M${i % 5}`, // five models and 未知型号: six slices, none summed as 其他型号
          recycleStatus: i % 6 === 0,
          lastCommunicationTime: i % 2 === 0 ? null : new Date(Date.now() - i * HOUR),
          createdAt: new Date(at.getTime() - (i % 4) * 24 * HOUR),
          state: i % 3 === 2 ? { network: { PhoneNumber: '+86 138' } } : {},
        })),
      )
      .returning({ id: devices.id })
    await expectFiguresRight()
    // No code path deletes devices today; a deletion (by hand, or a future purge of the bin) still leaves them right.
    await db.delete(tasks).where(inArray(tasks.deviceId, inserted.slice(0, 10).map((r) => r.id)))
    await db.delete(devices).where(inArray(devices.id, inserted.slice(0, 10).map((r) => r.id)))
    await expectFiguresRight()
    // A bulk update across companies and the bin (row by row in the update trigger).
    await db.update(devices).set({ recycleStatus: sql`not ${devices.recycleStatus}`, companyId: h.demo.eastCompanyId }).where(inArray(devices.id, inserted.slice(10, 20).map((r) => r.id)))
    await expectFiguresRight()
  }, 60_000)

  it('count statuses the same whichever side is counted (most devices offline, or most online)', async () => {
    const db = h.database.db
    const now = new Date()
    // Each side of the 6- and 24-hour boundaries, and the edges of the contact buckets (10 minutes) that hold them:
    // inside those two buckets the exact time decides, outside them the bucket does.
    const bucketEdges = [6, 24].flatMap((h) => {
      const at = now.getTime() - h * 3_600_000
      const start = Math.floor(at / 600_000) * 600_000
      return [start - 1, start, at - 1, at, at + 1, start + 599_999, start + 600_000].map((t) => new Date(t))
    })
    const hours = [null, 0.1, 3, 5.9, 6, 6.1, 12, 23.9, 24, 24.1, 48, 24 * 30, ...bucketEdges]
    await db.insert(devices).values(
      hours.flatMap((last, i) =>
        (['HUAWEI', 'IOS'] as const).map((platform, j) => ({
          companyId: [h.demo.bossCompanyId, h.demo.eastCompanyId][(i + j) % 2],
          staffId: i % 3 === 0 ? h.demo.staffId : null,
          platform,
          serialNumber: `STAT${i}${platform}`,
          recycleStatus: i === 5 && j === 0,
          lastCommunicationTime: last === null || last instanceof Date ? last : new Date(now.getTime() - last * 3_600_000),
          state: i % 4 === 1 ? { lostMode: true } : {},
        })),
      ),
    )
    const user = (kind: CurrentUser['kind'], id: number, companyId: number | null): CurrentUser =>
      ({ id, sessionId: 0, username: '', name: '', kind, companyId, parentCompanyId: null, companyName: null, phoneNumber: '', authorities: [] })
    const viewers = [user('BOSS', h.demo.bossId, h.demo.bossCompanyId), user('COMPANY', h.demo.eastUserId, h.demo.eastCompanyId), user('STAFF', h.demo.staffId, h.demo.bossCompanyId), user('ADMIN', h.demo.adminId, null)]
    const rows = await db.select().from(devices)
    for (const viewer of viewers) {
      const recentSide = await new WorkspaceService(db, () => now).panel(viewer)
      const otherSide = await new WorkspaceService(db, () => now, 0).panel(viewer)
      expect(otherSide, viewer.kind).toEqual(recentSide)
      const inUse = rows.filter((r) => !r.recycleStatus && (viewer.companyId === null || r.companyId === viewer.companyId || (viewer.kind === 'BOSS' && [h.demo.eastCompanyId, h.demo.westCompanyId].includes(r.companyId))) && (viewer.kind !== 'STAFF' || r.staffId === viewer.id))
      const age = (r: DeviceRow) => (r.lastCommunicationTime === null ? Infinity : (now.getTime() - r.lastCommunicationTime.getTime()) / 3_600_000)
      expect(recentSide.families, viewer.kind).toEqual(
        (['IOS', 'HUAWEI', 'MI'] as const).map((platform) => {
          const of = inUse.filter((r) => r.platform === platform)
          return { platform, total: of.length, online: of.filter((r) => age(r) <= 6).length, warning: of.filter((r) => age(r) > 6 && age(r) < 24).length, offline: of.filter((r) => age(r) >= 24).length }
        }),
      )
      expect(recentSide.lostMode, viewer.kind).toBe(inUse.filter((r) => r.state.lostMode === true).length)
    }
  })
})
