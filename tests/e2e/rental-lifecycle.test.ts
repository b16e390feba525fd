import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { devices, tasks, users } from '../../src/server/db/schema'
import { lifecyclePolicies } from '../../src/server/db/schema-lifecycle'
import { launchBrowser, newPhoneContext, notice, PHONE_390, servicesOfFile, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const DAY = 86_400_000
const SERIAL = `EXP${Date.now().toString(36).toUpperCase()}`

describe('the rental lifecycle on a phone (issue #45)', () => {
  it('a boss turns the automatic lock on, sees a device in 即将到期 from the dashboard, it locks when the clock passes its end, and 已付款 lifts it', async () => {
    const services = servicesOfFile()
    const [demo] = await services.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'demo'))
    // An Apple device of the demo boss's company whose year of service ends in three days.
    const [device] = await services.db
      .insert(devices)
      .values({ companyId: demo.companyId!, platform: 'IOS', serialNumber: SERIAL, renterName: '王租户', renterPhone: '13900139000', createdAt: new Date(Date.now() - 365 * DAY + 3 * DAY) })
      .returning()

    const context = await newPhoneContext(browser, PHONE_390)
    const page = await context.newPage()
    await signIn(page, 'demo')

    // The policy sheet on the renewals screen.
    await page.goto('/ios/renew')
    await page.getByRole('button', { name: '到期策略' }).click()
    const sheet = page.getByRole('dialog', { name: '到期策略' }).last()
    await sheet.getByRole('switch', { name: '到期自动锁定' }).click()
    await sheet.getByRole('spinbutton', { name: '宽限天数' }).fill('0')
    await sheet.getByRole('button', { name: '保存策略' }).click()
    await notice(page, '保存成功').waitFor()
    const [policy] = await services.db.select().from(lifecyclePolicies).where(eq(lifecyclePolicies.companyId, demo.companyId!))
    expect(policy).toMatchObject({ autoLock: true, graceDays: 0 })

    // The dashboard counts it; the tile opens the 即将到期 list.
    await page.goto('/dashboard')
    const tile = page.getByRole('link', { name: /即将到期/ })
    await tile.waitFor()
    await tile.click()
    await page.waitForURL(/\/ios\/renew\?.*view=expiring/)
    const card = page.locator('.expiring-card').filter({ hasText: SERIAL })
    await card.getByText('2 天后到期').or(card.getByText('3 天后到期')).waitFor()
    expect(await card.innerText()).toContain('王租户')
    await page.screenshot({ path: 'test-results/lifecycle-expiring-phone.png' })

    // The server's clock passes the end: the sweep queues pay mode (operator 系统) and the card says it is locked.
    const end = Date.now() + 3 * DAY
    const swept = await services.lifecycle.sweep(new Date(end + 60_000))
    expect(swept.locked).toBeGreaterThanOrEqual(1)
    const [lock] = await services.db.select().from(tasks).where(eq(tasks.deviceId, device.id))
    expect(lock).toMatchObject({ type: 'openPayMode', status: 'QUEUED', createdBy: null })
    await page.reload()
    await card.getByText('已自动锁定').waitFor()

    // 已付款 lifts it: closePayMode is queued behind the lock, and the tag goes.
    await card.getByRole('button', { name: '标记已付款' }).click()
    await page.getByRole('dialog').filter({ hasText: `确认设备 ${SERIAL} 本期已付款` }).getByRole('button', { name: '标记已付款' }).click()
    await notice(page, '已标记付款').waitFor()
    await expect(card.getByText('已自动锁定').waitFor({ state: 'detached' })).resolves.toBeUndefined()
    const queued = await services.db.select().from(tasks).where(eq(tasks.deviceId, device.id)).orderBy(tasks.id)
    expect(queued.map((t) => t.type)).toEqual(['openPayMode', 'closePayMode'])
    await page.screenshot({ path: 'test-results/lifecycle-paid-phone.png' })
    await context.close()
  })
})
