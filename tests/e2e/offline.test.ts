import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, newPhoneContext, signIn } from './browser'

/**
 * Issue #4: the shell and the device screens open from cache with no network, commands are refused with a
 * clear message, data refreshes when the network returns, and logout leaves no device data behind.
 */
const SERIAL = 'HWDEMO0001'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function openDetail(page: Page) {
  await page.goto('/huawei/device')
  await page.locator('.device-card').filter({ hasText: SERIAL }).getByRole('button', { name: '详情' }).click()
  await page.waitForURL(/\/huawei\/detail\?huawei-device-id=\d+/)
  await page.getByRole('heading', { name: SERIAL }).waitFor()
  await page.getByRole('region', { name: '任务日志' }).locator('.task-item, .adm-error-block').first().waitFor()
}

const banner = (page: Page) => page.locator('.offline-banner')

/** The newest task in the log, or null when the log is empty. */
const newestTask = (page: Page) =>
  page.evaluate(() => document.querySelector('[aria-label="任务日志"] .task-item')?.getAttribute('data-task-id') ?? null)

describe('offline (phone)', () => {
  it('reads the list and a device from cache, refuses commands, refreshes when back online, forgets all on logout', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    // The service worker controls the page only after a reload (TOOLCHAIN.md).
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.reload()
    await expect(page.evaluate(() => !!navigator.serviceWorker.controller)).resolves.toBe(true)

    await openDetail(page)
    const detailUrl = page.url()
    // The persister writes at most once a second.
    await page.waitForTimeout(1500)
    await expect(page.evaluate(() => localStorage.getItem('mdm_cache') ?? '')).resolves.toContain(SERIAL)

    await context.setOffline(true)
    await page.reload()
    await page.getByRole('heading', { name: SERIAL }).waitFor()
    await expect(banner(page).textContent()).resolves.toMatch(/^当前处于离线状态，显示的是 \d{2}-\d{2} \d{2}:\d{2} 缓存的数据$/)

    // A command is refused with the reason, and nothing is queued to fire later.
    const lock = page.getByRole('region', { name: '远程指令' }).getByRole('button', { name: '锁屏', exact: true })
    await expect(lock.getAttribute('aria-disabled')).resolves.toBe('true')
    // aria-disabled (announced as unavailable) but still tappable, so the user learns why.
    await lock.click({ force: true })
    await page.getByRole('alert').filter({ hasText: '离线状态下无法执行此操作' }).waitFor()
    const firstTask = await newestTask(page)

    await page.goto('/huawei/device')
    await page.locator('.device-card').filter({ hasText: SERIAL }).waitFor()
    await banner(page).waitFor()

    // Back online: the banner goes and the list is fetched again.
    const refreshed = page.waitForResponse((r) => r.url().includes('/huawei/mdm/api/v1/device/search') && r.status() === 200)
    await context.setOffline(false)
    await refreshed
    await banner(page).waitFor({ state: 'detached' })

    await page.goto(detailUrl)
    const log = page.getByRole('region', { name: '任务日志' })
    await log.locator('.task-item, .adm-error-block').first().waitFor()
    // Nothing was queued while offline.
    expect(await newestTask(page)).toBe(firstTask)

    // Logout: the cache is removed; offline, the app opens on the login screen with no device data stored.
    await page.getByRole('button', { name: '菜单' }).click()
    await page.locator('.drawer-body').getByRole('button', { name: '退出登录' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click()
    await page.waitForURL('**/login')
    await context.setOffline(true)
    await page.goto('/huawei/device')
    await page.waitForURL(/\/login/)
    await page.getByRole('button', { name: '登录' }).waitFor()
    const stored = await page.evaluate(() => Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`).join('\n'))
    expect(stored).not.toContain('mdm_cache')
    expect(stored).not.toContain('mdm_token')
    expect(stored).not.toContain(SERIAL)
    await context.close()
  })
})
