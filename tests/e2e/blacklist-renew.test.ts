import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { deviceCard, launchBrowser, newPhoneContext, notice, PHONE_390, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

// Serials of this run only: other journeys share the server and its demo tenant.
const run = Date.now().toString(36).toUpperCase()
const LISTED = `BLK${run}`

const popup = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true }).last()

describe('黑名单 and 续费管理 on a phone', () => {
  it('the administrator lists a serial; a company user looks it up, and the add dialog warns before saving it', async () => {
    const context = await newPhoneContext(browser, PHONE_390)
    const page = await context.newPage()
    await signIn(page, 'admin')
    await page.goto('/blacklist')
    await page.getByRole('button', { name: '添加', exact: true }).click()
    const form = popup(page, '添加黑名单')
    await form.getByPlaceholder('请输入号码').fill(LISTED.toLowerCase())
    await form.getByPlaceholder('原因').fill('设备被盗，禁止租赁')
    await form.getByRole('button', { name: '确定' }).click()
    await notice(page, '保存成功').waitFor()
    await page.locator('.record-card').filter({ hasText: LISTED }).waitFor()
    await page.screenshot({ path: 'test-results/blacklist-admin-phone.png' })

    await page.evaluate(() => localStorage.clear())
    await signIn(page, 'demo')
    await page.goto('/blacklist')
    // An empty lookup says what to type, not nothing.
    await page.getByRole('button', { name: '查询' }).click()
    await notice(page, '请输入要查询的序列号、IMEI 或身份证号').waitFor()
    await page.getByPlaceholder('序列号 / IMEI / 身份证号').fill(LISTED)
    await page.getByRole('button', { name: '查询' }).click()
    const answer = page.getByTestId('blacklist-answer')
    await answer.waitFor()
    // A company user has the lookup only (checked once the screen has answered, not before it is drawn).
    await expect(page.getByRole('button', { name: '添加', exact: true }).count()).resolves.toBe(0)
    expect(await answer.innerText()).toContain(`${LISTED} 在黑名单中`)
    expect(await answer.innerText()).toContain('设备被盗，禁止租赁')
    // The empty lookup's warning went with the answer, not left covering the title beside it.
    expect(await notice(page, '请输入要查询的序列号、IMEI 或身份证号').count()).toBe(0)
    await page.screenshot({ path: 'test-results/blacklist-lookup-phone.png' })
    // 64 characters with no space wrap inside the answer, not past the screen's edge.
    await page.getByPlaceholder('序列号 / IMEI / 身份证号').fill('X'.repeat(64))
    await page.getByRole('button', { name: '查询' }).click()
    await answer.filter({ hasText: '不在黑名单中' }).waitFor()
    const box = await answer.boundingBox()
    expect(await answer.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_390.width)

    // Adding the listed serial asks first; cancelling keeps the dialog with what was typed, confirming saves it.
    await page.goto('/ios/device')
    await page.getByRole('button', { name: '添加设备' }).click()
    const add = popup(page, '添加设备')
    await add.getByPlaceholder('请输入序列号').fill(LISTED)
    await add.getByPlaceholder('请输入确认序列号').fill(LISTED)
    await add.getByRole('button', { name: '保存' }).click()
    const warning = page.getByRole('dialog').filter({ hasText: '该设备在黑名单中' })
    await warning.waitFor()
    expect(await warning.innerText()).toContain('序列号（设备被盗，禁止租赁）')
    await page.screenshot({ path: 'test-results/blacklist-warning-phone.png' })
    await warning.getByRole('button', { name: '取消' }).click()
    await expect(add.getByPlaceholder('请输入序列号').inputValue()).resolves.toBe(LISTED)
    await add.getByRole('button', { name: '保存' }).click()
    await page.getByRole('dialog').filter({ hasText: '该设备在黑名单中' }).getByRole('button', { name: '仍要保存' }).click()
    await notice(page, '保存成功').waitFor()
    await deviceCard(page, LISTED).waitFor()
    await context.close()
  })

  it('a boss drafts and starts a renewal: the quota is consumed and the new service end date shows', async () => {
    const context = await newPhoneContext(browser, PHONE_390)
    const page = await context.newPage()
    await signIn(page, 'demo')
    const serial = `RNW${run}`
    // The device, added through the same API the dialog uses.
    const added = await page.evaluate(async (sn) => {
      const res = await fetch('/mdm/api/v1/myDevice/add', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('mdm_token')}` },
        body: JSON.stringify({ serialNumber: sn, confirmSerialNumber: sn }),
      })
      return (await res.json()).code
    }, serial)
    expect(added).toBe(200)

    await page.goto('/ios/renew')
    await page.getByRole('button', { name: '发起续费' }).first().click()
    const form = popup(page, '发起续费')
    await form.getByPlaceholder('输入序列号查找设备').fill(serial)
    await form.getByText('2 年').click()
    await form.getByRole('button', { name: '发起续费' }).click()
    await notice(page, '发起续费成功').waitFor()
    const card = page.locator('.renewal-card').filter({ hasText: serial })
    await card.getByText('待开始').waitFor()

    await card.getByRole('button', { name: '开始' }).click()
    const confirm = page.getByRole('dialog').filter({ hasText: '将消耗 2 个苹果额度' })
    await confirm.waitFor()
    await confirm.getByRole('button', { name: '开始' }).click()
    await notice(page, '开始续费成功').waitFor()
    await card.getByText('续费中').waitFor()
    // Added today: a first year, then two more.
    const year = new Date().getFullYear()
    const text = await card.innerText()
    expect(text).toMatch(new RegExp(`${year + 1}-\\d\\d-\\d\\d → ${year + 3}-\\d\\d-\\d\\d`))
    expect(text).toContain('2 个')
    expect(text).toContain('演示老板')
    await page.screenshot({ path: 'test-results/renew-phone.png' })

    // The consumption is on the Apple quota page with the serial and the operator.
    await page.goto(`/account/ios?serialNumber=${serial}`)
    const record = page.locator('.record-card').filter({ has: page.getByText('-2', { exact: true }) })
    await record.waitFor()
    expect(await record.innerText()).toContain('演示老板')
    await context.close()
  })
})
