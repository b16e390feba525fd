import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { baseURL, launchBrowser, newPhoneContext, notice, PHONE_390, signIn, TABLET_820 } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** A stat card's number on the dashboard, by its label. */
async function stat(page: Page, label: string): Promise<number> {
  const card = page.locator('.dash-stat').filter({ hasText: label })
  await card.waitFor()
  return Number((await card.locator('.dash-stat-value').textContent())!.replace(/,/g, ''))
}

/** The dashboard's counts once its panel answered (a fresh answer, not only the cache). */
async function openDashboard(page: Page) {
  const answered = page.waitForResponse((r) => r.url().includes('/mdm/api/v1/workspace/panel') && r.status() === 200)
  await page.goto('/dashboard')
  await answered
  await page.locator('.dash-stat').first().waitFor()
}

describe('dashboard (phone, 390×844)', () => {
  it('a boss moves quota to a new child company; the child adds an iPhone; its quota record and dashboard show it', async () => {
    // This journey's own child company (the shared demo accounts are left alone for the other suites).
    const tag = String(Date.now()).slice(-6)
    const childName = `看板分公司${tag}`
    const childUser = `dash${tag}`
    const serial = `DASHE2E${tag}`

    const bossContext = await newPhoneContext(browser, PHONE_390)
    const boss = await bossContext.newPage()
    await signIn(boss, 'demo')
    // Sign-in lands on the dashboard: the counts come first, then the charts (their own chunk).
    await boss.waitForURL('**/dashboard')
    await boss.locator('.dash-stat').filter({ hasText: '设备总数' }).waitFor()
    await boss.locator('.dash-chart canvas').first().waitFor({ timeout: 20_000 })
    await boss.getByRole('region', { name: '子账号' }).waitFor()
    // The top bar names the screen; the page's own heading is for screen readers, not a second 首页 under the bar.
    expect(await boss.locator('.shell-title').textContent()).toBe('首页')
    const heading = boss.getByRole('heading', { level: 1, name: '首页' })
    expect(await heading.evaluate((h) => h.getBoundingClientRect().height)).toBeLessThanOrEqual(1)
    // A tablet (820×1180) has no top bar: there the heading shows; a family's status count opens the list it counts,
    // filtered the same way (issue #43 item 10).
    await boss.setViewportSize(TABLET_820)
    await expect.poll(() => heading.evaluate((h) => h.getBoundingClientRect().height)).toBeGreaterThan(10)
    const huawei = boss.locator('.dash-family').filter({ has: boss.getByRole('link', { name: '华为', exact: true }) })
    const offlineCount = Number((await huawei.locator('.dash-family-text').getByRole('link', { name: /^离线 \d+$/ }).textContent())!.split(' ')[1])
    await huawei.locator('.dash-family-text').getByRole('link', { name: /^离线 \d+$/ }).click()
    await boss.waitForURL(/\/huawei\/device\?.*connectionStatus=error/)
    const rows = boss.getByRole('table', { name: '设备列表' }).locator('.device-row')
    await rows.first().waitFor()
    await expect(rows.locator('.state-tag').allTextContents()).resolves.toEqual(Array(offlineCount).fill('离线'))
    await boss.goBack()
    await boss.setViewportSize(PHONE_390)
    // A family's statuses in the device lists' words.
    expect(await boss.locator('.dash-family-text').first().textContent()).toMatch(/^在线 \d+ · 不稳定 \d+ · 离线 \d+$/)
    const token = await boss.evaluate(() => localStorage.getItem('mdm_token'))
    const added = await boss.request.post(`${baseURL()}/mdm/api/v1/company/add`, {
      headers: { authorization: `Bearer ${token}` },
      data: { name: childName, username: childUser, password: 'Dh3%kWz8-Ty4', confirmPassword: 'Dh3%kWz8-Ty4', bossName: '看板负责人', phoneNumber: '13800000077' },
    })
    expect((await added.json()).code).toBe(200)

    // 修改额度 on the business page: two Apple units from the boss company to the new child.
    await boss.goto('/user/business')
    // The child's card is inside its parent's: the innermost card holding the name.
    const card = boss.locator('.record-card').filter({ hasText: childName }).last()
    await boss.getByRole('button', { name: /展开下级/ }).first().click()
    await card.getByRole('button', { name: '修改额度' }).click()
    const form = boss.getByRole('dialog', { name: `修改额度：${childName}` })
    const chip = (label: string) => form.locator('.adm-selector-item').filter({ hasText: label })
    await chip('苹果').tap()
    await chip('增加（从本公司转入）').tap()
    await form.getByPlaceholder('请输入数量').fill('2')
    await form.getByRole('button', { name: '确定' }).tap()
    await notice(boss, '修改数量成功').waitFor()

    // The boss's dashboard lists the child with its quota left.
    await openDashboard(boss)
    const subAccounts = boss.getByRole('region', { name: '子账号' })
    let row = subAccounts.getByRole('row').filter({ hasText: childName })
    while ((await row.count()) === 0 && (await subAccounts.getByRole('button', { name: /下一页/ }).count()) > 0) {
      await subAccounts.getByRole('button', { name: /下一页/ }).click()
      row = subAccounts.getByRole('row').filter({ hasText: childName })
      if ((await row.count()) > 0) break
    }
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual(['0', '2', '未开通'])
    await boss.screenshot({ path: 'test-results/dashboard-boss-phone.png', fullPage: true })
    // The latest announcements, and one opens in the announcement viewer.
    const latest = boss.getByRole('region', { name: '最新公告' })
    await latest.getByRole('link', { name: /欢迎使用设备管理平台/ }).click()
    await boss.waitForURL(/\/announcement\?.*view=\d+/)
    await boss.getByRole('dialog').getByText('欢迎使用设备管理平台').first().waitFor()

    // The child signs in to its (empty) dashboard.
    const childContext = await newPhoneContext(browser, PHONE_390)
    const child = await childContext.newPage()
    await signIn(child, childUser, 'Dh3%kWz8-Ty4')
    await child.waitForURL('**/dashboard')
    await openDashboard(child)
    expect(await stat(child, '设备总数')).toBe(0)
    expect(await stat(child, '离线24小时以上')).toBe(0)
    await child.getByText('还没有设备：添加或接入设备后，这里会显示统计').waitFor()
    // A child company is not a boss: no sub-account table.
    await expect(child.getByRole('region', { name: '子账号' }).count()).resolves.toBe(0)

    // It adds an iPhone by serial number: one Apple unit is consumed.
    await child.goto('/ios/device')
    await child.getByRole('button', { name: '添加设备' }).click()
    const addForm = child.getByRole('dialog', { name: '添加设备' }).last()
    await addForm.getByPlaceholder('请输入序列号').fill(serial.toLowerCase())
    await addForm.getByPlaceholder('请输入确认序列号').fill(serial.toLowerCase())
    await addForm.getByRole('button', { name: '保存' }).click()
    await notice(child, '保存成功').waitFor()

    // The consumption record names the device and who added it.
    await child.goto('/account/ios')
    const record = child.locator('.record-card').filter({ hasText: serial })
    await record.waitFor()
    await record.getByText('看板负责人').waitFor()

    // The dashboard counts it: one device, never heard from, so offline; the offline table opens its detail.
    await openDashboard(child)
    expect(await stat(child, '设备总数')).toBe(1)
    expect(await stat(child, '离线24小时以上')).toBe(1)
    expect(await stat(child, '当前在线')).toBe(0)
    await expect(child.locator('.dash-family').filter({ hasText: '苹果' }).locator('.dash-family-total').textContent()).resolves.toBe('1')
    await child.locator('.dash-chart canvas').first().waitFor({ timeout: 20_000 })
    await child.screenshot({ path: 'test-results/dashboard-child-phone.png', fullPage: true })
    await child.getByRole('region', { name: '离线24小时以上的设备' }).getByRole('button', { name: new RegExp(serial) }).click()
    await child.waitForURL(/\/ios\/detail\?.*device-id=\d+/)
    await child.getByRole('heading', { name: serial }).waitFor()

    // And the boss's table shows the child's device and the unit it used.
    await openDashboard(boss)
    row = boss.getByRole('region', { name: '子账号' }).getByRole('row').filter({ hasText: childName })
    while ((await row.count()) === 0) {
      await boss.getByRole('region', { name: '子账号' }).getByRole('button', { name: /下一页/ }).click()
      row = boss.getByRole('region', { name: '子账号' }).getByRole('row').filter({ hasText: childName })
    }
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual(['1', '1', '未开通'])

    // No horizontal scroll at phone width.
    await expect(child.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390)

    // Offline, the home screen keeps its figures and says they are cached.
    await openDashboard(child)
    await childContext.setOffline(true)
    await child.locator('.dash-cached').first().waitFor()
    expect(await stat(child, '设备总数')).toBe(1)
    await childContext.setOffline(false)

    // Light mode is readable too (the charts redraw in its colours).
    await child.evaluate(() => localStorage.setItem('mdm_theme', 'light'))
    await openDashboard(child)
    await child.locator('.dash-chart canvas').first().waitFor({ timeout: 20_000 })
    await child.screenshot({ path: 'test-results/dashboard-child-light.png', fullPage: true })
    await bossContext.close()
    await childContext.close()
    // ~25 s alone; beside the layout walks on two cores it passed 60 s.
  }, 120_000)
})
