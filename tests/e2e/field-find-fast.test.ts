import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { deviceCard, launchBrowser, newPhoneContext, notice, PHONE_390, signIn, TABLET, TABLET_820 } from './browser'
import { cameraShowing, showBarcode } from './camera'
import { expectTableFits } from './device-table'

/**
 * Issue #43 "In the field, second pass", items 2, 5, 6, 7 and 8, in one browser against one server: irreversible
 * commands guarded (the secondary password set first, in place), the iPhone detail's first screen, at least three
 * cards above the fold, scanning a barcode through the camera path, the table at tablet width, installation.
 */
// Each journey waits for real round trips; beside the rest of the suite on two cores they take tens of seconds.
vi.setConfig({ testTimeout: 120_000 })

const NO_AGENT = 'HWDEMO0003' // no simulated agent: a command sent to it stays queued
const SHOTS = process.env.MDM_SHOTS_DIR

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false })
}

describe('issue #43 item 2: a command that cannot be undone', () => {
  it('leads a user without a secondary password to set it, in place, then back to the command; a wrong one stays at the field', async () => {
    const context = await newPhoneContext(browser, PHONE_390)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto(`/huawei/device?serialNumber=${NO_AGENT}`)
    const card = deviceCard(page, NO_AGENT)
    await card.getByRole('button', { name: '更多' }).click()
    await page.locator('.adm-action-sheet').getByText('恢复出厂设置', { exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(`恢复出厂设置将清除设备 ${NO_AGENT} 上的全部数据`).waitFor()
    // No secondary password yet: the dialog asks for one to be set, and offers no way to send without it.
    await dialog.getByTestId('set-secondary-first').waitFor()
    await expect(dialog.getByTestId('irreversible-confirm').count()).resolves.toBe(0)
    await shot(page, 'guard-set-first-390')
    await dialog.getByPlaceholder('请输入登录密码').fill('Demo@2026')
    await dialog.getByPlaceholder('请输入二级密码').fill('Field#4821')
    await dialog.getByPlaceholder('请输入确认二级密码').fill('Field#4821')
    await dialog.getByRole('button', { name: '设置并继续' }).click()
    // Back to the command in the same dialog: the red button names the action and the serial.
    const confirm = dialog.getByTestId('irreversible-confirm')
    await confirm.waitFor()
    await expect(confirm.textContent()).resolves.toBe(`恢复出厂设置 ${NO_AGENT}`)
    const colour = await confirm.evaluate((el) => getComputedStyle(el).backgroundColor)
    const [r, g, b] = colour.match(/\d+/g)!.map(Number)
    expect(r).toBeGreaterThan(180)
    expect(g).toBeLessThan(120)
    expect(b).toBeLessThan(120)
    // A wrong one: the dialog stays, the reason at the field, nothing sent.
    await dialog.getByPlaceholder('二级密码', { exact: true }).fill('Wrong#9999')
    await confirm.click()
    await dialog.getByRole('alert').filter({ hasText: '二级密码错误' }).waitFor()
    await shot(page, 'guard-wrong-390')
    await dialog.getByPlaceholder('二级密码', { exact: true }).fill('Field#4821')
    await confirm.click()
    await notice(page, '“恢复出厂设置”已发送，等待设备执行').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await card.getByTestId('pending-tag').waitFor()
    await context.close()
  })
})

/** The bottom of what a phone shows above its bottom bar (the viewport's foot where there is none). */
const fold = (page: Page) =>
  page.evaluate(() => document.querySelector('.bottom-bar')?.getBoundingClientRect().top ?? window.innerHeight)

describe('issue #43 items 5 and 6: the first screen of a phone', () => {
  it('fits at least three whole cards above the fold on every device list, its toolbar on one row, a bottom bar to the screens used most', async () => {
    const context = await newPhoneContext(browser, PHONE_390)
    const page = await context.newPage()
    await signIn(page, 'demo')
    for (const list of ['/huawei/device', '/ios/device', '/mi/device']) {
      await page.goto(list)
      await page.locator('.device-card').nth(3).waitFor()
      const bottoms = await page.locator('.device-card').evaluateAll((cards) => cards.slice(0, 3).map((c) => c.getBoundingClientRect().bottom))
      expect(Math.max(...bottoms), `${list}: the third card ends above the fold`).toBeLessThanOrEqual(await fold(page))
      const rows = await page.locator('.device-toolbar > *, .device-toolbar-actions > *').evaluateAll((els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2))).size)
      expect(rows, `${list}: one toolbar row`).toBe(1)
      await shot(page, `list${list.replace(/\//g, '-')}-390`)
    }
    const bar = page.getByRole('navigation', { name: '常用' })
    for (const label of ['首页', '设备', '扫码', '我的']) await bar.getByRole('button', { name: label }).waitFor()
    await bar.getByRole('button', { name: '我的' }).click()
    await page.waitForURL(/\/center$/)
    await bar.getByRole('button', { name: '设备' }).click()
    await page.waitForURL(/\/huawei\/device/)
    await context.close()
  })

  it('opens the iPhone detail on its state, four commands and 更多指令, with every tab named in full on the first screen', async () => {
    const context = await newPhoneContext(browser, PHONE_390)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto('/ios/device')
    await page.locator('.device-card').first().getByRole('button', { name: '详情' }).click()
    await page.waitForURL(/\/ios\/detail/)
    const commands = page.getByRole('region', { name: '远程指令' })
    await commands.getByRole('button', { name: '更多指令' }).waitFor()
    await expect(commands.locator('.command-grid > *').count()).resolves.toBeLessThanOrEqual(5)
    const bottom = await fold(page)
    for (const tab of ['应用', '设备信息', '日志', '地图', '消息推送', '限制策略', '壁纸']) {
      const box = (await page.getByRole('tab', { name: tab, exact: true }).boundingBox())!
      expect(box.y + box.height, `${tab} on the first screen`).toBeLessThanOrEqual(bottom)
      // Not cut: the name fits its tab.
      await expect(page.getByRole('tab', { name: tab, exact: true }).evaluate((el) => el.scrollWidth <= el.clientWidth)).resolves.toBe(true)
    }
    await shot(page, 'ios-detail-390')
    // The rest in the sheet; one that cannot work now is disabled, its reason under it.
    await commands.getByRole('button', { name: '更多指令' }).click()
    const sheet = page.locator('.adm-action-sheet')
    await sheet.getByText('一键抹掉', { exact: true }).waitFor()
    // The first demo iPhone has not finished enrolling: its MDM commands say why they cannot be sent.
    await sheet.getByText('设备尚未通过 MDM 注册，无法下发指令').first().waitFor()
    await shot(page, 'ios-more-commands-390')
    await sheet.getByText('取消', { exact: true }).click()
    await context.close()
  })
})

describe('issue #43 item 6: scanning a barcode', () => {
  it('reads a serial number’s and an IMEI’s Code 128 barcodes through the camera path and searches the list for them', async () => {
    const context = await newPhoneContext(browser, PHONE_390)
    // The camera shows the printed barcode of a serial number (camera.ts: the ZXing reader reads it, as on a phone
    // without BarcodeDetector).
    await cameraShowing(context, 'HWDEMO0002')
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto('/huawei/device')
    await page.locator('.device-card').first().waitFor()
    await page.getByRole('button', { name: '扫码搜索' }).click()
    await page.waitForURL(/serialNumber=HWDEMO0002/, { timeout: 20_000 })
    // The list shows its previous page until the search's answer replaces it.
    await expect.poll(() => page.locator('.device-card').count()).toBe(1)
    await deviceCard(page, 'HWDEMO0002').waitFor()
    await expect(page.getByRole('textbox', { name: '序列号' }).inputValue()).resolves.toBe('HWDEMO0002')
    // The IMEI on another phone's box (HWDEMO0001's, demo IMEIs are distinct) finds that phone alone.
    await showBarcode(page, '860000000000011')
    await page.getByRole('button', { name: '扫码搜索' }).click()
    // The router quotes a text that reads as a number (%22…%22), so that it comes back as text.
    await page.waitForURL(/serialNumber=(%22)?860000000000011/, { timeout: 20_000 })
    await deviceCard(page, 'HWDEMO0001').waitFor()
    await expect.poll(() => page.locator('.device-card').count()).toBe(1)
    await showBarcode(page, null)
    // And to add: 扫码填入 fills the add form's serial number.
    await page.getByRole('button', { name: '添加设备' }).click()
    const form = page.getByRole('dialog', { name: '添加设备' }).last()
    await form.getByRole('button', { name: '扫码填入' }).first().click()
    await expect.poll(() => form.getByPlaceholder('请输入序列号').inputValue(), { timeout: 20_000 }).toBe('HWDEMO0002')
    await context.close()
  })
})

describe('issue #43 items 7 and 8: a tablet, and installing', () => {
  it('shows a tablet a sortable table with selection and the same commands, the side column’s foot in view, and an install button when the browser offers it', async () => {
    const context = await newPhoneContext(browser, TABLET_820)
    const page = await context.newPage()
    await signIn(page, 'demo')
    // Five rows a page: the demo's eight Huawei phones make two.
    await page.goto('/huawei/device?pageSize=5')
    const table = page.getByRole('table', { name: '设备列表' })
    await table.locator('.device-row').nth(2).waitFor()
    await page.getByRole('heading', { name: '华为设备', level: 1 }).waitFor()
    await expect(page.locator('.record-card.device-card').count()).resolves.toBe(0)
    // Newest first (HWDEMO0008 was added last), then sorted by serial number over the whole list by the server: the
    // sort starts again on page 1, which now holds the oldest phones of page 2; then the other way.
    const serials = () => table.locator('tbody th .device-title-link').allTextContents()
    const demo = (...n: number[]) => n.map((i) => `HWDEMO000${i}`)
    await expect.poll(serials).toEqual(demo(8, 7, 6, 5, 4))
    await page.getByRole('button', { name: '下一页' }).click()
    await expect.poll(serials).toEqual(demo(3, 2, 1))
    await table.getByRole('button', { name: /序列号/ }).click()
    await expect.poll(serials).toEqual(demo(1, 2, 3, 4, 5))
    expect(new URL(page.url()).searchParams.get('sortBy')).toBe('serialNumber')
    await page.getByRole('button', { name: '下一页' }).click()
    await expect.poll(serials).toEqual(demo(6, 7, 8))
    await table.getByRole('button', { name: /序列号/ }).click()
    await expect.poll(serials).toEqual(demo(8, 7, 6, 5, 4))
    await expect(table.getByRole('columnheader', { name: /序列号/ }).getAttribute('aria-sort')).resolves.toBe('descending')
    expect(new URL(page.url()).searchParams.get('sortOrder')).toBe('desc')
    // Selection brings the bulk bar; a row has the card's commands.
    const row = table.locator('.device-row').filter({ hasText: 'HWDEMO0008' })
    await row.getByRole('checkbox').check()
    await page.getByText(/已选\s*1/).first().waitFor()
    await row.getByRole('button', { name: '详情' }).waitFor()
    await row.getByRole('button', { name: '更多' }).waitFor()
    // The side column keeps 黑名单, the theme switch and 退出登录 on screen.
    for (const target of [page.getByRole('link', { name: '黑名单' }), page.getByRole('button', { name: '退出登录' }), page.locator('.theme-toggle')]) {
      const box = (await target.boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(1180)
    }
    // The browser offers installation: the button appears, and asks the browser's own dialog.
    await expect(page.getByRole('button', { name: '安装到桌面' }).count()).resolves.toBe(0)
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => void ((window as { prompted?: boolean }).prompted = true),
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      })
      window.dispatchEvent(offer)
    })
    await page.getByRole('button', { name: '安装到桌面' }).click()
    await expect.poll(() => page.evaluate(() => (window as { prompted?: boolean }).prompted === true)).toBe(true)
    await shot(page, 'tablet-table-820')
    await expectTableFits(page, 'huawei 820')
    // The iPhones' rows offer 开启丢失模式, the widest command; and a larger tablet.
    await page.goto('/ios/device')
    await table.locator('.device-row').first().waitFor()
    await shot(page, 'tablet-table-ios-820')
    await expectTableFits(page, 'ios 820')
    await page.setViewportSize(TABLET)
    await expectTableFits(page, 'ios 1024')
    await shot(page, 'tablet-table-ios-1024')
    await context.close()
  }, 120_000)

  it('gives iOS Safari the 添加到主屏幕 steps, and WeChat’s browser the hint to open the system browser', async () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
    for (const [ua, check] of [
      [iphone, async (page: Page) => {
        await page.getByRole('button', { name: '菜单' }).click()
        await page.getByRole('button', { name: '添加到主屏幕' }).click()
        await page.getByRole('dialog').getByText('在菜单中选择“添加到主屏幕”').waitFor()
      }],
      [`${iphone} MicroMessenger/8.0.50`, async (page: Page) => {
        await page.getByRole('note').filter({ hasText: '在浏览器打开' }).waitFor()
      }],
    ] as const) {
      const context = await browser.newContext({ baseURL: (await import('./browser')).baseURL(), viewport: PHONE_390, userAgent: ua, isMobile: true, hasTouch: true, locale: 'zh-CN' })
      const page = await context.newPage()
      await signIn(page, 'demo')
      await check(page)
      await context.close()
    }
  }, 120_000)
})
