import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deviceCard, launchBrowser, newPhoneContext, notice, PHONE_390, signIn, TABLET } from './browser'

/**
 * Issue #14 on a tablet: the iOS detail's tabs over the real MDM protocol. F2LXDEMO0002 is the demo boss company's
 * supervised simulated iPhone in lost mode (src/server/demo/iphones.ts), so it answers Settings and DeviceLocation;
 * no other e2e file commands it.
 */
const IPHONE = 'F2LXDEMO0002'

/** A valid 2×2 PNG: the server checks the image header, not the extension. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
)

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function openDetail(page: Page) {
  await signIn(page, 'demo')
  await page.goto('/ios/device')
  const device = deviceCard(page, IPHONE)
  await device.waitFor()
  await device.getByRole('button', { name: '详情' }).click()
  await page.waitForURL(/\/ios\/detail\?.*device-id=\d+/)
  await page.getByRole('heading', { name: IPHONE }).waitFor()
}

const openTab = (page: Page, title: string) => page.getByRole('tab', { name: title, exact: true }).click()

describe('iOS device detail (tablet, 1024×1366)', () => {
  it('saves a restriction strategy and releases it, sends a wallpaper and requests a location, each confirmed by the iPhone', async () => {
    const context = await newPhoneContext(browser, TABLET)
    const page = await context.newPage()
    await openDetail(page)

    // 限制策略: turn one restriction on and save; 保存策略成功 only once the iPhone installed the profile.
    await openTab(page, '限制策略')
    const strategy = page.getByRole('region', { name: '限制策略' })
    const camera = strategy.getByRole('switch').first()
    await camera.waitFor()
    const before = await camera.getAttribute('aria-checked')
    await camera.click()
    await expect(camera.getAttribute('aria-checked')).resolves.not.toBe(before)
    await strategy.getByRole('button', { name: '保存策略' }).click()
    await notice(page, '“保存策略”已发送，等待设备执行').waitFor({ timeout: 5000 })
    await notice(page, '保存策略成功').waitFor({ timeout: 20_000 })
    await strategy.getByText('设备已安装策略').waitFor({ timeout: 10_000 })
    await page.screenshot({ path: 'test-results/ios-detail-restriction-tablet.png' })
    // 解除限制: asked first, then the iPhone takes the profile off; 解除限制成功 only once it answered the RemoveProfile
    // (it answers an error for a profile it does not hold), and nothing is left to release.
    await strategy.getByRole('button', { name: '解除限制' }).click()
    const ask = page.getByRole('dialog').filter({ hasText: '从设备上移除限制策略' })
    await ask.getByRole('button', { name: '解除限制' }).click()
    await notice(page, '解除限制成功').waitFor({ timeout: 20_000 })
    await strategy.getByText('已解除限制，策略已从设备移除').waitFor({ timeout: 10_000 })
    await expect(strategy.getByRole('button', { name: '解除限制' }).isDisabled()).resolves.toBe(true)
    await expect(camera.getAttribute('aria-checked')).resolves.not.toBe(before)

    // 壁纸: upload one (it becomes the chosen one), send it; the device's current wallpaper then shows it.
    await openTab(page, '壁纸')
    const name = `e2e-${Date.now()}.png`
    await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG })
    await page.getByRole('button', { name }).waitFor()
    await expect(page.getByRole('button', { name }).getAttribute('aria-pressed')).resolves.toBe('true')
    await page.getByRole('button', { name: '下发壁纸' }).click()
    await notice(page, '下发壁纸成功').waitFor({ timeout: 20_000 })
    await page.getByRole('region', { name: '设备当前壁纸' }).getByText(name.replace(/\.png$/, '')).first().waitFor({ timeout: 10_000 })
    await page.screenshot({ path: 'test-results/ios-detail-wallpaper-tablet.png' })

    // 地图: a request for a location puts the marker where the iPhone reported; the next one moves it (the
    // simulated iPhone walks a little between reports).
    await openTab(page, '地图')
    const map = page.getByTestId('device-map')
    const marker = page.locator('.device-map-marker')
    const at = async () => [await map.getAttribute('data-lat'), await map.getAttribute('data-lng')]
    const locate = async () => {
      const before = await at()
      await page.getByRole('button', { name: '获取最新位置' }).click()
      await expect.poll(at, { timeout: 20_000 }).not.toEqual(before)
      await marker.waitFor()
      return at()
    }
    const first = await locate()
    const firstText = await page.getByTestId('location-text').innerText()
    const second = await locate()
    expect(second).not.toEqual(first)
    await expect(page.getByTestId('location-text').innerText()).resolves.not.toBe(firstText)
    expect(await marker.count()).toBe(1)
    await page.screenshot({ path: 'test-results/ios-detail-map-tablet.png' })

    // 应用: 刷新已装应用 asks the iPhone for its apps; the list says when it was reported.
    await openTab(page, '应用')
    const installed = page.getByRole('region', { name: '已装应用' })
    await installed.getByRole('button', { name: '刷新已装应用' }).click()
    await notice(page, '设备已上报已装应用').waitFor({ timeout: 20_000 })
    await installed.getByText(/^上报于 /).waitFor({ timeout: 10_000 })
    await context.close()
    // Five round trips to the iPhone, each waited for: beside the rest of the suite on two cores, more than a minute.
  }, 120_000)

  it('is usable at phone size: every tab opens without sideways scrolling, its action in reach', async () => {
    const context = await newPhoneContext(browser, PHONE_390)
    const page = await context.newPage()
    await openDetail(page)
    for (const [tab, action] of [
      ['限制策略', '保存策略'],
      ['壁纸', '下发壁纸'],
      ['地图', '获取最新位置'],
      ['消息推送', '发送消息'],
      ['设备信息', '刷新设备信息'],
      ['应用', '刷新已装应用'],
    ] as const) {
      await openTab(page, tab)
      // The tap shows the tab: its bar comes up from the foot of the screen (below the 18 commands).
      await expect.poll(() => page.locator('.ios-tabs').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(PHONE_390.height / 2)
      const tabBox = await page.getByRole('tab', { name: tab, exact: true }).boundingBox()
      expect(Math.min(tabBox!.width, tabBox!.height), `${tab}: a 44 px target`).toBeGreaterThanOrEqual(44)
      const button = page.getByRole('button', { name: action })
      await button.waitFor()
      if (tab === '消息推送') {
        // A past date typed into the field is refused there, before anything is sent.
        await page.getByRole('textbox', { name: '消息内容' }).fill('请联系门店')
        await page.getByLabel('过期日期').fill('2020-01-01')
        await page.getByRole('alert').filter({ hasText: '过期日期不能早于今天' }).waitFor()
        expect(await button.isDisabled()).toBe(true)
      }
      await button.scrollIntoViewIfNeeded()
      const box = await button.boundingBox()
      expect(box, `${tab}: ${action}`).not.toBeNull()
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_390.width)
      expect(box!.height).toBeGreaterThanOrEqual(36)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, `${tab} scrolls sideways`).toBeLessThanOrEqual(0)
    }
    await page.screenshot({ path: 'test-results/ios-detail-phone-tabs.png' })
    await context.close()
  })
})
