import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { deviceCard, launchBrowser, newPhoneContext, PHONE_390, setTaskTimeouts, signIn } from './browser'

/**
 * Issue #43 "In the field, second pass", items 1, 3 and 4, in one browser against one server: offline search over the
 * records cached on the phone, one status language on card, detail and task log, and lost mode a field worker can act on.
 */
// A lock for a phone away for days waits for it: long enough to be seen on the card, the detail and offline.
setTaskTimeouts({ resultMs: 600_000, queueMs: 600_000 })

const AWAY = 'HWDEMO0004' // last seen 75 h ago
const UNSTABLE = 'HWDEMO0003' // last seen 10 h ago, renter 王芳
const LOST = 'F2LXDEMO0002' // the demo's iPhone in lost mode
const SHOTS = process.env.MDM_SHOTS_DIR

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false })
}

/** Searches the list the way a worker does: the serial field (or, with `filters`, the ones behind 筛选) and 搜索. */
async function search(page: Page, fields: { serial?: string; renter?: string; status?: string }) {
  const form = page.getByRole('search')
  if (fields.renter !== undefined || fields.status !== undefined) {
    const toggle = form.getByRole('button', { name: '筛选' })
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  }
  await form.getByRole('textbox', { name: '序列号' }).fill(fields.serial ?? '')
  if (fields.renter !== undefined) await form.getByRole('textbox', { name: '租用人' }).fill(fields.renter)
  if (fields.status !== undefined) await form.getByRole('combobox', { name: '状态' }).selectOption(fields.status)
  await form.getByRole('button', { name: '搜索', exact: true }).click()
}

const cardSerials = (page: Page) => page.locator('.device-card .device-title-link').allTextContents()

describe('issue #43 at 390×844', () => {
  it('one status language on card, detail and log; offline search over the cached records as of when cached; lost mode a worker can act on', async () => {
    const context = await newPhoneContext(browser, PHONE_390)
    const page = await context.newPage()
    await signIn(page, 'demo')
    // The service worker controls the page only after a reload (TOOLCHAIN.md).
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.reload()

    // Item 3: a lock queued for a phone away for days reads the task log's word on its card and its detail.
    await page.goto('/huawei/device')
    const away = deviceCard(page, AWAY)
    // Item 10: an export shows it is on its way, and keeps the spec's file name.
    const saved = page.waitForEvent('download')
    await page.locator('.device-toolbar').getByRole('button', { name: '导出' }).click()
    await expect(saved.then((d) => d.suggestedFilename())).resolves.toBe('设备列表.xlsx')
    await away.getByRole('button', { name: '锁屏', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: '锁屏' }).click()
    await expect(away.getByTestId('pending-tag').textContent({ timeout: 10_000 })).resolves.toBe('指令排队中')
    await expect(away.locator('.state-tag').textContent()).resolves.toBe('离线')
    await away.getByRole('button', { name: '详情' }).click()
    const head = page.locator('.device-detail-head')
    await head.getByTestId('pending-tag').waitFor()
    await expect(head.getByTestId('pending-tag').textContent()).resolves.toBe('指令排队中')
    await expect(head.locator('.state-tag').textContent()).resolves.toBe('离线')
    const newest = page.getByRole('region', { name: '任务日志' }).locator('.task-item').first()
    await expect(newest.locator('.task-status').textContent({ timeout: 10_000 })).resolves.toBe('排队中')
    await shot(page, 'detail-queued')

    // Cached: the persister writes at most once a second, with the queued lock.
    await page.waitForFunction(() => (localStorage.getItem('mdm_cache') ?? '').includes('"pendingTaskStatus":"QUEUED"'))
    await context.setOffline(true)
    await page.reload()
    await head.locator('.state-tag').waitFor()
    // Offline the detail says "as of" like the list, never a live state.
    await expect(head.locator('.state-tag').textContent()).resolves.toMatch(/^缓存于 \d{2}-\d{2} \d{2}:\d{2}$/)
    await expect(head.locator('.state-tag').getAttribute('aria-label')).resolves.toMatch(/状态截至缓存时：离线$/)

    // Item 1: offline, a search runs over the devices cached on the phone.
    await page.goto('/huawei/device')
    await deviceCard(page, AWAY).waitFor()
    await search(page, { serial: 'HWDEMO0002' })
    await page.locator('.cached-results').filter({ hasText: '离线：本机缓存中有 1 台设备符合条件' }).waitFor()
    await expect(cardSerials(page)).resolves.toEqual(['HWDEMO0002'])
    await expect(page.getByRole('navigation', { name: '分页' }).textContent()).resolves.toContain('1-1 / 共 1 条')
    const tag = deviceCard(page, 'HWDEMO0002').locator('.cached-tag')
    const cachedText = await tag.textContent()
    expect(cachedText).toMatch(/^缓存于 \d{2}-\d{2} \d{2}:\d{2}$/)
    // The real time it was cached: today, not 01-01 00:00.
    const today = await page.evaluate(() => `${String(new Date().getMonth() + 1).padStart(2, '0')}-${String(new Date().getDate()).padStart(2, '0')}`)
    expect(cachedText).toContain(today)
    await expect(tag.getAttribute('data-status')).resolves.toBe('success')
    await shot(page, 'offline-search')

    // A device 不稳定 when cached is shown so, in the outline of that state.
    await search(page, { serial: UNSTABLE })
    await page.locator('.cached-results').filter({ hasText: '1 台' }).waitFor()
    await expect(deviceCard(page, UNSTABLE).locator('.cached-tag').getAttribute('data-status')).resolves.toBe('warning')
    // Renter and status filters apply to the cached records too.
    await search(page, { serial: '', renter: '王芳' })
    await expect(page.locator('.cached-results').textContent()).resolves.toContain('1 台')
    await expect(cardSerials(page)).resolves.toEqual([UNSTABLE])
    await search(page, { serial: '', renter: '', status: 'error' })
    await page.locator('.cached-results').filter({ hasText: '3 台' }).waitFor()
    expect((await cardSerials(page)).sort()).toEqual(['HWDEMO0004', 'HWDEMO0005', 'HWDEMO0007'])
    await search(page, { serial: 'NOSUCH', status: '' })
    await page.getByText('离线：本机缓存中没有符合条件的设备').waitFor()

    // Item 4, in the same session back online (one sign-in for the file): lost mode a field worker can act on.
    await context.setOffline(false)
    // Tiles that cannot load (no network to the tile server here, and none assumed): refused at once, not waited for.
    await context.route(/autonavi\.com|\/appmaptile/, (route) => route.abort())
    await page.goto('/ios/device')
    await deviceCard(page, LOST).getByRole('button', { name: '详情' }).click()
    const lost = page.getByTestId('lost-summary')
    // The demo's lost iPhone reports lost mode on at its first polls.
    await lost.waitFor({ timeout: 15_000 })
    await expect(lost.textContent()).resolves.toMatch(/^丢失模式已开启自 \d{2}-\d{2} \d{2}:\d{2} 起锁屏显示此手机已丢失，拾到请联系失主，谢谢！联系电话13800000000/)
    await expect(lost.getByRole('link', { name: '13800000000' }).getAttribute('href')).resolves.toBe('tel:13800000000')
    // On the first screen of a phone, before the commands.
    const box = await lost.boundingBox()
    expect(box!.y + box!.height).toBeLessThan(PHONE_390.height)
    await page.getByRole('tab', { name: '地图', exact: true }).click()
    const map = page.getByRole('region', { name: '设备位置' })
    await map.getByRole('button', { name: '获取最新位置' }).click()
    await expect(map.getByTestId('location-text').textContent({ timeout: 20_000 })).resolves.toBeTruthy()
    await map.getByTestId('location-text').filter({ hasText: '误差约' }).waitFor({ timeout: 20_000 })
    await expect(map.getByTestId('location-text').textContent()).resolves.toMatch(/^39\.9\d{4}, 116\.4\d{4}（误差约 \d+ 米） · 定位时间：/)
    // The tiles cannot load: the map says so instead of a grey box.
    await map.getByTestId('map-tiles-failed').waitFor({ timeout: 15_000 })
    const navigate = map.getByRole('link', { name: '导航到此位置' })
    await expect(navigate.getAttribute('href')).resolves.toMatch(/^https:\/\/uri\.amap\.com\/marker\?position=116\.4\d{5},39\.9\d{5}&name=F2LXDEMO0002&coordinate=wgs84/)
    // The summary now has the position too, with the same way there.
    await lost.getByTestId('position-line').waitFor({ timeout: 10_000 })
    await shot(page, 'lost-mode')
    await context.close()
  })
})
