import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPhoneContext, PHONE_390, signIn } from './browser'

const SHOTS = process.env.MDM_SHOTS_DIR

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('issue #44: a fleet-wide command from the console (phone, 390×844)', () => {
  it('locks every online Huawei phone of a search in one request and follows them to 已完成', async () => {
    const context = await newPhoneContext(browser, PHONE_390)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto('/huawei/device')
    await page.locator('.device-card').first().waitFor()
    // No search, no fleet action: it acts on what a search matches.
    await expect(page.getByRole('button', { name: /^批量操作/ }).count()).resolves.toBe(0)
    await page.getByRole('button', { name: '筛选' }).click()
    await page.getByRole('combobox', { name: '状态' }).selectOption('success')
    await page.getByRole('button', { name: '搜索', exact: true }).click()
    await page.waitForURL(/connectionStatus=success/)
    // The demo's online Huawei phones are the ones a simulated agent runs (src/server/demo/seed-devices.ts).
    const action = page.getByRole('button', { name: /^批量操作（符合条件的 \d+ 台）$/ })
    await action.waitFor()
    const total = Number((await action.textContent())!.match(/(\d+) 台/)![1])
    expect(total).toBeGreaterThanOrEqual(2)
    await action.click()
    const sheet = page.getByRole('dialog', { name: '批量操作' })
    await sheet.getByText(`将对符合 状态“在线” 的全部 ${total} 台设备（不只是本页）下发指令。`).waitFor()
    await sheet.getByRole('button', { name: '锁屏', exact: true }).click()
    const confirm = page.getByRole('dialog', { name: '确认批量锁屏' })
    await confirm.getByText(`确定对符合 状态“在线” 的 ${total} 台设备批量锁屏吗？`, { exact: false }).waitFor()
    await confirm.getByRole('button', { name: `确认下发（${total} 台）` }).click()
    const progress = page.getByRole('dialog', { name: '批量锁屏进度' })
    await progress.getByTestId('fleet-progress').waitFor()
    // The agents fetch, execute and report: every device ends 已完成, counted and listed.
    await progress.getByText('全部设备已结束').waitFor({ timeout: 30_000 })
    await expect(progress.locator('.fleet-counts li[data-status="DONE"] .fleet-count').textContent()).resolves.toBe(String(total))
    await expect(progress.locator('.fleet-outcome[data-status="DONE"]').count()).resolves.toBe(total)
    await expect(progress.locator('.fleet-outcome').first().textContent()).resolves.toMatch(/^HWDEMO\d{4}已完成$/)
    await expect(progress.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('100')
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/fleet-progress-390.png` })
    await context.close()
  })
})
