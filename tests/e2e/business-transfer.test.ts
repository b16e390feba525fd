import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, newPhoneContext, signIn } from './browser'

/** SPEC §2: the business page's per-company device list offers device transfer. MIDEMO0003 is used by no other test. */
const SERIAL = 'MIDEMO0003'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('business page (phone)', () => {
  it('moves a device from the boss company to a child company from the per-company device list', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto('/user/business')
    const own = page.locator('.record-card').filter({ hasText: '演示租赁公司' }).filter({ hasText: '本公司' }).first()
    await own.getByRole('button', { name: '设备列表' }).click()
    const list = page.getByRole('dialog', { name: '演示租赁公司的设备' })
    const card = list.locator('.record-card').filter({ hasText: SERIAL })
    await card.getByRole('button', { name: '转移' }).click()

    const dialog = page.getByRole('dialog', { name: `转移设备 ${SERIAL}` })
    await dialog.getByRole('heading', { name: '转移到公司' }).waitFor()
    await dialog.getByText('演示租赁华西分公司', { exact: true }).click()
    await dialog.getByRole('button', { name: '确定' }).click()
    await page.getByRole('status').filter({ hasText: '转移成功' }).waitFor()
    await card.waitFor({ state: 'detached' })

    // The device now shows under the child company, and no longer under the boss company.
    await page.keyboard.press('Escape')
    await page.goto('/user/business')
    await page.getByRole('button', { name: /展开/ }).first().click()
    // The child's own card: the parent's card contains the children's too.
    const west = page.locator('.record-card', { has: page.getByRole('heading', { name: '演示租赁华西分公司', exact: true }) }).last()
    await west.getByRole('button', { name: '设备列表' }).click()
    await page.getByRole('dialog', { name: '演示租赁华西分公司的设备' }).locator('.record-card').filter({ hasText: SERIAL }).waitFor()
    await expect(page.getByRole('dialog', { name: '演示租赁华西分公司的设备' }).textContent()).resolves.toContain(SERIAL)
    await context.close()
  })
})
