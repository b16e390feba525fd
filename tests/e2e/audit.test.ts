import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, newPhoneContext, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('操作日志 (audit trail)', () => {
  it('a boss reads its sign-ins in the paged list and filters them by action', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto('/audit')
    const cards = page.locator('.record-card')
    await cards.first().waitFor()
    await expect(page.getByText('demo（演示租赁公司）').first().isVisible()).resolves.toBe(true)
    await page.screenshot({ path: 'test-results/audit-phone.png' })
    // Filtered to sign-outs, every card is a sign-out (other e2e files may have signed demo out on this server).
    await page.locator('select').first().selectOption('auth.logout')
    await page.getByRole('button', { name: '搜索' }).click()
    await page.waitForURL(/action=auth\.logout/)
    // Waits out the previous page's cards: a broken filter keeps showing 登录 and times out here.
    await page.waitForFunction(() => {
      const titles = [...document.querySelectorAll('.record-card .record-title')].map((e) => e.textContent)
      const settled = titles.length > 0 || document.body.innerText.includes('暂无操作记录')
      return settled && titles.every((title) => title === '退出登录')
    })
    // Narrowed to an operator nobody is, the list says there is nothing, and the link keeps both filters.
    await page.getByPlaceholder('操作人').fill('nobody-at-all')
    await page.getByRole('button', { name: '搜索' }).click()
    await page.getByText('暂无操作记录').waitFor()
    expect(page.url()).toContain('action=auth.logout')
    expect(page.url()).toContain('actor=nobody-at-all')
    // A staff member without the authority is sent to /403.
    await page.evaluate(() => localStorage.clear())
    await signIn(page, 'demo-staff')
    await page.goto('/audit')
    await page.waitForURL('**/403')
    await context.close()
  })
})
