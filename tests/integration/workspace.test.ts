import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { companies, devices, tasks, type Platform } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { makeDevice, makeStaff, makeTenant, OTHER_PASSWORD, setQuota } from './org-builders'

/**
 * The dashboard's six endpoints (issue #15) over HTTP. Devices and tasks are written with known times and states;
 * every expected figure is derived here from that seed list in plain JavaScript (never by the server's query), for
 * each viewer: a boss (its company and its children), a child (not its sibling), a staff member (assigned devices
 * only) and an unrelated tenant (none of it).
 */
const h = harnessForFile()

const HOUR = 3_600_000
const DAY = 24 * HOUR

type Owner = 'boss' | 'child' | 'sibling' | 'foreign'

interface SeedDevice {
  key: string
  owner: Owner
  platform: Platform
  /** Hours since it last communicated; null: never. */
  lastHours: number | null
  createdDaysAgo: number
  model?: string
  recycled?: boolean
  lost?: boolean
  /** Where the SIM is reported (iOS 检查网络 or 设备信息). */
  sim?: 'network' | 'deviceInformation'
  staff?: boolean
}

const seed: SeedDevice[] = [
  { key: 'b1', owner: 'boss', platform: 'HUAWEI', lastHours: 1, createdDaysAgo: 0, model: 'ALN-AL00' },
  { key: 'b2', owner: 'boss', platform: 'HUAWEI', lastHours: 10, createdDaysAgo: 2, model: 'ALN-AL00', staff: true },
  { key: 'b3', owner: 'boss', platform: 'IOS', lastHours: 30, createdDaysAgo: 2, model: 'iPhone15,2', lost: true, sim: 'network' },
  { key: 'b4', owner: 'boss', platform: 'MI', lastHours: null, createdDaysAgo: 5 },
  { key: 'b5', owner: 'boss', platform: 'HUAWEI', lastHours: 0.5, createdDaysAgo: 3, recycled: true, model: 'CET-AL00' },
  { key: 'b6', owner: 'boss', platform: 'IOS', lastHours: 5.5, createdDaysAgo: 40, model: 'iPhone 14 Pro', staff: true, lost: true },
  { key: 'c1', owner: 'child', platform: 'IOS', lastHours: 2, createdDaysAgo: 1, model: 'iPhone14,5', sim: 'deviceInformation' },
  { key: 'c2', owner: 'child', platform: 'HUAWEI', lastHours: 48, createdDaysAgo: 11, model: 'BRA-AL00' },
  { key: 's1', owner: 'sibling', platform: 'HUAWEI', lastHours: 0, createdDaysAgo: 0, model: 'ALN-AL00' },
  { key: 'f1', owner: 'foreign', platform: 'IOS', lastHours: 0, createdDaysAgo: 0, model: 'iPhone15,2', lost: true, sim: 'network' },
]

/** Tasks: release commands (done or not) and ordinary commands, with their times. */
interface SeedTask {
  device: string
  type: string
  status: 'DONE' | 'ERROR' | 'QUEUED'
  createdHoursAgo: number
  finishedHoursAgo?: number
}

const seedTasks: SeedTask[] = [
  { device: 'b4', type: 'exitControl', status: 'DONE', createdHoursAgo: 72.2, finishedHoursAgo: 72 },
  { device: 'c1', type: 'disownDevice', status: 'DONE', createdHoursAgo: 24, finishedHoursAgo: 24 },
  // A second release of the same device the same day is still one device released.
  { device: 'c1', type: 'removeProfile', status: 'DONE', createdHoursAgo: 23.9, finishedHoursAgo: 23.9 },
  // Failed or pending releases release nothing.
  { device: 'b3', type: 'removeProfile', status: 'ERROR', createdHoursAgo: 5, finishedHoursAgo: 5 },
  { device: 'b1', type: 'exitControl', status: 'QUEUED', createdHoursAgo: 0 },
  { device: 'b1', type: 'lockScreen', status: 'DONE', createdHoursAgo: 0, finishedHoursAgo: 0 },
  { device: 'b2', type: 'reboot', status: 'DONE', createdHoursAgo: 0, finishedHoursAgo: 0 },
  { device: 'b2', type: 'reboot', status: 'DONE', createdHoursAgo: 50, finishedHoursAgo: 50 },
  { device: 'c2', type: 'lockScreen', status: 'QUEUED', createdHoursAgo: 0 },
  { device: 's1', type: 'lockScreen', status: 'DONE', createdHoursAgo: 0, finishedHoursAgo: 0 },
  { device: 'f1', type: 'checkNetwork', status: 'DONE', createdHoursAgo: 0, finishedHoursAgo: 0 },
]

const RELEASES = ['disownDevice', 'removeProfile', 'exitControl']

/** China calendar keys, written out independently of the server's bucketing. */
const chinaDay = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10)
const chinaMonth = (ms: number) => chinaDay(ms).slice(0, 7)

interface World {
  now: number
  ids: Record<string, number>
  tokens: { boss: string; child: string; staff: string; foreign: string; admin: string }
  companyOf: Record<Owner, number>
  siblingName: string
  childName: string
}

let w: World

beforeEach(async () => {
  const db = h.database.db
  const now = Date.now()
  const a = await makeTenant(h, { tag: 'dash', child: { quota: { IOS: 3 } } })
  const [sibling] = await db.insert(companies).values({ name: 'dash兄弟分公司', parentId: a.companyId }).returning()
  await setQuota(h, sibling.id, 'HUAWEI', 4)
  const staff = await makeStaff(h, a.companyId, 'dash-staff', ['dashboard'])
  const b = await makeTenant(h, { tag: 'far' })
  const companyOf: Record<Owner, number> = { boss: a.companyId, child: a.childId, sibling: sibling.id, foreign: b.companyId }
  const ids: Record<string, number> = {}
  for (const d of seed) {
    const state: Record<string, unknown> = {}
    if (d.lost) state.lostMode = true
    if (d.sim === 'network') state.network = { ICCID: '8986 0000 0000 0000 0000', PhoneNumber: '' }
    if (d.sim === 'deviceInformation') state.deviceInformation = { PhoneNumber: '+86 138 0000 0000' }
    // A device that reported neither: empty values do not make a SIM.
    if (!d.sim && d.platform === 'IOS') state.network = { ICCID: '', PhoneNumber: '' }
    const row = await makeDevice(h, {
      companyId: companyOf[d.owner],
      platform: d.platform,
      serialNumber: `DASH${d.key.toUpperCase()}`,
      model: d.model ?? '',
      recycleStatus: d.recycled ?? false,
      lastCommunicationTime: d.lastHours === null ? null : new Date(now - d.lastHours * HOUR),
      createdAt: new Date(now - d.createdDaysAgo * DAY),
      staffId: d.staff ? staff.staffId : null,
      state,
    })
    ids[d.key] = row.id
  }
  for (const t of seedTasks) {
    await db.insert(tasks).values({
      taskId: randomUUID(),
      deviceId: ids[t.device],
      companyId: companyOf[seed.find((d) => d.key === t.device)!.owner],
      type: t.type,
      status: t.status,
      createdAt: new Date(now - t.createdHoursAgo * HOUR),
      finishedAt: t.finishedHoursAgo === undefined ? null : new Date(now - t.finishedHoursAgo * HOUR),
    })
  }
  w = {
    now,
    ids,
    companyOf,
    siblingName: sibling.name,
    childName: 'dash分公司',
    tokens: {
      boss: await h.login(a.bossUsername, OTHER_PASSWORD),
      child: await h.login(a.childUsername, OTHER_PASSWORD),
      staff: await h.login('dash-staff', OTHER_PASSWORD),
      foreign: await h.login(b.bossUsername, OTHER_PASSWORD),
      admin: await h.login('admin'),
    },
  }
})

type Viewer = 'boss' | 'child' | 'staff' | 'foreign'

/** What each viewer may see, written out from the tenancy rules. */
function visible(viewer: Viewer): SeedDevice[] {
  switch (viewer) {
    case 'boss':
      return seed.filter((d) => d.owner === 'boss' || d.owner === 'child' || d.owner === 'sibling')
    case 'child':
      return seed.filter((d) => d.owner === 'child')
    case 'staff':
      return seed.filter((d) => d.owner === 'boss' && d.staff)
    case 'foreign':
      return seed.filter((d) => d.owner === 'foreign')
  }
}

const inUse = (viewer: Viewer) => visible(viewer).filter((d) => !d.recycled)
const isOnline = (d: SeedDevice) => d.lastHours !== null && d.lastHours <= 6
const isWarning = (d: SeedDevice) => d.lastHours !== null && d.lastHours > 6 && d.lastHours < 24
const isOffline = (d: SeedDevice) => d.lastHours === null || d.lastHours >= 24
const doneRelease = (t: SeedTask) => t.status === 'DONE' && RELEASES.includes(t.type)
const visibleTasks = (viewer: Viewer) => {
  const keys = new Set(visible(viewer).map((d) => d.key))
  return seedTasks.filter((t) => keys.has(t.device))
}

async function get(path: string, token: string) {
  const res = await h.call('GET', path, { token })
  expect(res.body?.code, `${path}: ${res.text}`).toBe(200)
  return res.body.data
}

const viewers: Viewer[] = ['boss', 'child', 'staff', 'foreign']

describe('SPEC §7 paths', () => {
  it('answers the five dashboard calls under /workspace/, as the spec lists them, and nothing at the API root', async () => {
    for (const path of ['subAccountList', 'addAndOutTrendChart', 'addMonthHistogramChart', 'pieChart', 'deviceOffline24H']) {
      expect((await h.call('GET', `/workspace/${path}`, { token: w.tokens.boss })).status, path).toBe(200)
      const old = await h.call('GET', `/${path}`, { token: w.tokens.boss })
      expect(old.status, path).toBe(404)
      expect(old.body.msg, path).toBe('接口不存在')
    }
  })
})

describe('GET /workspace/panel', () => {
  it.each(viewers)('counts the devices a %s may see by family and status, lost mode and commands today', async (viewer) => {
    const panel = await get('/workspace/panel', w.tokens[viewer])
    const devicesInUse = inUse(viewer)
    const today = chinaDay(w.now)
    expect(panel).toEqual({
      families: (['IOS', 'HUAWEI', 'MI'] as const).map((platform) => {
        const of = devicesInUse.filter((d) => d.platform === platform)
        return { platform, total: of.length, online: of.filter(isOnline).length, warning: of.filter(isWarning).length, offline: of.filter(isOffline).length }
      }),
      total: devicesInUse.length,
      online: devicesInUse.filter(isOnline).length,
      offline24h: devicesInUse.filter(isOffline).length,
      lostMode: devicesInUse.filter((d) => d.lost).length,
      commandsToday: visibleTasks(viewer).filter((t) => chinaDay(w.now - t.createdHoursAgo * HOUR) === today).length,
    })
  })

  it('gives the boss its children in its totals, and a child never its sibling', async () => {
    const boss = await get('/workspace/panel', w.tokens.boss)
    const child = await get('/workspace/panel', w.tokens.child)
    // The seed has a recycled device and a sibling's: fixed numbers keep the derivation above honest.
    expect(boss.total).toBe(8)
    expect(child.total).toBe(2)
    expect(boss.offline24h).toBe(3)
    expect(child.offline24h).toBe(1)
  })

  it('moves a device between the status counts as its last contact ages', async () => {
    const before = await get('/workspace/panel', w.tokens.child)
    await h.database.db.update(devices).set({ lastCommunicationTime: new Date(Date.now() - 25 * HOUR) }).where(sql`${devices.id} = ${w.ids.c1}`)
    const after = await get('/workspace/panel', w.tokens.child)
    expect(after.online).toBe(before.online - 1)
    expect(after.offline24h).toBe(before.offline24h + 1)
  })

  it('refuses a staff member whose role lacks the dashboard authority', async () => {
    await makeStaff(h, w.companyOf.boss, 'dash-nodash', ['ios:device'])
    const token = await h.login('dash-nodash', OTHER_PASSWORD)
    const res = await h.call('GET', '/workspace/panel', { token })
    expect(res.status).toBe(403)
  })

  it('lets the administrator count every company', async () => {
    const panel = await get('/workspace/panel', w.tokens.admin)
    const [{ n }] = await h.database.db.select({ n: sql<number>`count(*)::int` }).from(devices).where(sql`${devices.recycleStatus} = false`)
    expect(panel.total).toBe(n)
    expect(panel.total).toBeGreaterThanOrEqual(inUse('boss').length + inUse('foreign').length)
  })
})

describe('GET /workspace/addAndOutTrendChart and /workspace/addMonthHistogramChart', () => {
  it.each(viewers)('counts per China day the devices a %s may see added and released', async (viewer) => {
    const trend = await get('/workspace/addAndOutTrendChart?days=12', w.tokens[viewer])
    const days = Array.from({ length: 12 }, (_, i) => chinaDay(w.now - (11 - i) * DAY))
    expect(trend.labels).toEqual(days.map((d) => d.slice(5)))
    expect(trend.add).toEqual(days.map((day) => visible(viewer).filter((d) => chinaDay(w.now - d.createdDaysAgo * DAY) === day).length))
    expect(trend.abmOut).toEqual(
      days.map((day) => new Set(visibleTasks(viewer).filter((t) => doneRelease(t) && chinaDay(w.now - t.finishedHoursAgo! * HOUR) === day).map((t) => t.device)).size),
    )
  })

  it('shows the released devices of the boss tree and only the child’s own to the child', async () => {
    const boss = await get('/workspace/addAndOutTrendChart?days=12', w.tokens.boss)
    const child = await get('/workspace/addAndOutTrendChart?days=12', w.tokens.child)
    expect(boss.abmOut.reduce((a: number, b: number) => a + b, 0)).toBe(2)
    expect(child.abmOut.reduce((a: number, b: number) => a + b, 0)).toBe(1)
    // The 40-day-old device is outside the 12 days.
    expect(boss.add.reduce((a: number, b: number) => a + b, 0)).toBe(visible('boss').filter((d) => d.createdDaysAgo <= 11).length)
  })

  it('defaults to 12 days and refuses a day count out of range with a Chinese message', async () => {
    expect((await get('/workspace/addAndOutTrendChart', w.tokens.boss)).labels).toHaveLength(12)
    for (const days of ['0', '40', 'abc', '1.5']) {
      const res = await h.call('GET', `/workspace/addAndOutTrendChart?days=${days}`, { token: w.tokens.boss })
      expect(res.body.code, days).toBe(400)
      expect(res.body.msg, days).toBe('趋势天数须为 1 到 31 之间的整数')
    }
  })

  it.each(viewers)('counts per China month what a %s may see, month labels oldest first', async (viewer) => {
    const chart = await get('/workspace/addMonthHistogramChart', w.tokens[viewer])
    const current = new Date(w.now + 8 * HOUR)
    const months = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() - (11 - i), 1))
      return d.toISOString().slice(0, 7)
    })
    expect(chart.labels).toEqual(months)
    expect(chart.add).toEqual(months.map((m) => visible(viewer).filter((d) => chinaMonth(w.now - d.createdDaysAgo * DAY) === m).length))
    expect(chart.abmOut).toEqual(
      months.map((m) => new Set(visibleTasks(viewer).filter((t) => doneRelease(t) && chinaMonth(w.now - t.finishedHoursAgo! * HOUR) === m).map((t) => t.device)).size),
    )
  })
})

describe('GET /workspace/pieChart', () => {
  it.each(viewers)('splits the devices a %s may see into released, with a SIM, and by model', async (viewer) => {
    const pie = await get('/workspace/pieChart', w.tokens[viewer])
    const devicesInUse = inUse(viewer)
    const releasedKeys = new Set(seedTasks.filter(doneRelease).map((t) => t.device))
    const models = new Map<string, number>()
    // By the model as shown: an iPhone's identifier by its name, which b6's model was typed as (one slice with b3).
    // Huawei's model codes by their marketing names (issue #43).
    const shownAs: Record<string, string> = {
      'iPhone15,2': 'iPhone 14 Pro',
      'iPhone14,5': 'iPhone 13',
      'ALN-AL00': 'HUAWEI Mate 60 Pro',
      'CET-AL00': 'HUAWEI nova 12',
      'BRA-AL00': 'HUAWEI Pura 70',
    }
    for (const d of devicesInUse) {
      const k = shownAs[d.model ?? ''] ?? (d.model || '未知型号')
      models.set(k, (models.get(k) ?? 0) + 1)
    }
    expect(pie.totalCount).toBe(devicesInUse.length)
    expect(pie.abmOutPieCount).toBe(devicesInUse.filter((d) => releasedKeys.has(d.key)).length)
    expect(pie.simPieCount).toBe(devicesInUse.filter((d) => d.sim).length)
    const asObject = (list: { k: string; v: number }[]) => Object.fromEntries(list.map((e) => [e.k, e.v]))
    expect(asObject(pie.modelPieList)).toEqual(Object.fromEntries(models))
    if (viewer === 'boss') expect(asObject(pie.modelPieList)['iPhone 14 Pro']).toBe(2)
    // Largest first.
    const values = pie.modelPieList.map((e: { v: number }) => e.v)
    expect(values).toEqual([...values].sort((a, b) => b - a))
  })

  it('sums the smallest models as 其他型号 beyond six', async () => {
    for (let i = 0; i < 8; i++) await makeDevice(h, { companyId: w.companyOf.child, model: `MODEL-${i}` })
    const pie = await get('/workspace/pieChart', w.tokens.child)
    expect(pie.modelPieList).toHaveLength(7)
    expect(pie.modelPieList.at(-1).k).toBe('其他型号')
    expect(pie.modelPieList.reduce((n: number, e: { v: number }) => n + e.v, 0)).toBe(pie.totalCount)
  })
})

describe('GET /workspace/subAccountList', () => {
  it('lists the boss’s child companies with their devices in use and quota left', async () => {
    const page = await get('/workspace/subAccountList', w.tokens.boss)
    expect(page.total).toBe(2)
    expect(page.records).toEqual([
      { companyId: w.companyOf.child, companyName: w.childName, available: true, deviceCount: inUse('child').length, iosQuota: 3, huaweiQuota: null },
      { companyId: w.companyOf.sibling, companyName: w.siblingName, available: true, deviceCount: 1, iosQuota: null, huaweiQuota: 4 },
    ])
    const second = await get('/workspace/subAccountList?current=2&pageSize=1', w.tokens.boss)
    expect(second).toEqual({ total: 2, records: [expect.objectContaining({ companyId: w.companyOf.sibling })] })
  })

  it('is for bosses only', async () => {
    for (const viewer of ['child', 'staff', 'admin'] as const) {
      const res = await h.call('GET', '/workspace/subAccountList', { token: w.tokens[viewer] })
      expect(res.status, viewer).toBe(403)
      expect(res.body.msg, viewer).toBe('仅主账号可查看子账号列表')
    }
    // Another boss sees its own (none), never this tree's.
    expect(await get('/workspace/subAccountList', w.tokens.foreign)).toEqual({ records: [], total: 0 })
  })
})

describe('GET /workspace/deviceOffline24H', () => {
  it.each(viewers)('lists what a %s may see offline for 24 hours or more, five to a page, most recently lost first', async (viewer) => {
    const page = await get('/workspace/deviceOffline24H', w.tokens[viewer])
    const expected = inUse(viewer)
      .filter(isOffline)
      .sort((x, y) => (x.lastHours ?? Infinity) - (y.lastHours ?? Infinity))
      .map((d) => `DASH${d.key.toUpperCase()}`)
    expect(page.total).toBe(expected.length)
    expect(page.records.map((r: { serialNumber: string }) => r.serialNumber)).toEqual(expected.slice(0, 5))
  })

  it('says which company a device is in and when it was last heard of', async () => {
    const page = await get('/workspace/deviceOffline24H', w.tokens.boss)
    const c2 = page.records.find((r: { id: number }) => r.id === w.ids.c2)
    expect(c2).toMatchObject({ platform: 'HUAWEI', companyName: w.childName, model: 'BRA-AL00' })
    expect(Math.abs(Date.parse(c2.lastCommunicationTime) - (w.now - 48 * HOUR))).toBeLessThan(1000)
    expect(page.records.find((r: { id: number }) => r.id === w.ids.b4).lastCommunicationTime).toBeNull()
  })

  it('orders by the exact time within a contact bucket and counts a minute either side of 24 hours apart', async () => {
    const before = await get('/workspace/panel', w.tokens.child)
    // Two offline devices in one 10-minute bucket (contact_bucket), the later one first; one a minute short of 24 hours.
    const bucketStart = Math.floor((Date.now() - 30 * HOUR) / 600_000) * 600_000
    const earlier = await makeDevice(h, { companyId: w.companyOf.child, lastCommunicationTime: new Date(bucketStart + 60_000) })
    const later = await makeDevice(h, { companyId: w.companyOf.child, lastCommunicationTime: new Date(bucketStart + 7 * 60_000) })
    const edge = await makeDevice(h, { companyId: w.companyOf.child, lastCommunicationTime: new Date(Date.now() - 24 * HOUR - 60_000) })
    await makeDevice(h, { companyId: w.companyOf.child, lastCommunicationTime: new Date(Date.now() - 24 * HOUR + 60_000) })
    const after = await get('/workspace/panel', w.tokens.child)
    expect(after.total).toBe(before.total + 4)
    expect(after.offline24h).toBe(before.offline24h + 3)
    expect(after.online).toBe(before.online)
    const ids = (await get('/workspace/deviceOffline24H?pageSize=10', w.tokens.child)).records.map((r: { id: number }) => r.id)
    expect(ids.filter((id: number) => [edge.id, later.id, earlier.id].includes(id))).toEqual([edge.id, later.id, earlier.id])
  })

  it('pages five at a time by default', async () => {
    for (let i = 0; i < 6; i++) await makeDevice(h, { companyId: w.companyOf.child, lastCommunicationTime: new Date(Date.now() - (100 + i) * HOUR) })
    const first = await get('/workspace/deviceOffline24H', w.tokens.child)
    expect(first.total).toBe(7)
    expect(first.records).toHaveLength(5)
    const second = await get('/workspace/deviceOffline24H?current=2', w.tokens.child)
    expect(second.records).toHaveLength(2)
  })
})
