import ExcelJS from 'exceljs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPhoneContext, signIn, TABLET } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** HWDEMO0001 has a simulated agent in demo mode (src/server/db/seed-devices.ts), polling every 3 s. */
const AGENT_DEVICE = 'HWDEMO0001'

async function noHorizontalScroll(page: Page, width: number) {
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width)
}

async function openDevice(page: Page, serial: string) {
  await page.goto('/huawei/device')
  const card = page.locator('.device-card').filter({ hasText: serial })
  await card.getByRole('button', { name: '详情' }).click()
  await page.waitForURL(/\/huawei\/detail\?huawei-device-id=\d+/)
  await page.getByRole('heading', { name: serial }).waitFor()
}

async function commandReachesDone(page: Page, button: string, typeLabel: string, success: string) {
  const log = page.getByRole('region', { name: '任务日志' })
  // Loaded: either tasks or the empty state.
  await log.locator('.task-item, .state-block').first().waitFor()
  const first = () => log.locator('.task-item').first().getAttribute('data-task-id', { timeout: 1000 }).catch(() => null)
  const before = await first()
  await page.getByRole('region', { name: '远程指令' }).getByRole('button', { name: button, exact: true }).click()
  // Issue #11: sent first; the success only once the device reported it.
  await page.getByRole('status').filter({ hasText: `“${typeLabel}”已发送，等待设备执行` }).waitFor()
  await page.getByRole('status').filter({ hasText: success }).waitFor({ timeout: 20_000 })
  // The new task appears at the top of the log and, once the agent has polled and answered, shows 已完成.
  await expect.poll(first, { timeout: 10_000 }).not.toBe(before)
  const task = log.locator('.task-item').first()
  await expect(task.locator('.task-type').textContent()).resolves.toBe(typeLabel)
  await task.and(page.locator('[data-status="DONE"]')).waitFor({ timeout: 30_000 })
  await expect(task.locator('.task-status').textContent()).resolves.toBe('已完成')
}

describe('Huawei devices (phone, 360×740)', () => {
  it('opens a device, locks its screen and sees the task reach its final state in the task log', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto('/huawei/device')
    await page.locator('.device-card').first().waitFor()
    // All three status colours appear in the demo fleet.
    for (const status of ['success', 'warning', 'error']) await page.locator(`.device-card [data-status="${status}"]`).first().waitFor()
    await noHorizontalScroll(page, 360)
    // Each card's checkbox is named after its device (its own label, no aria-label on a <label>).
    await page.getByRole('checkbox', { name: `选择设备 ${AGENT_DEVICE}` }).check()
    // The selection bar keeps its actions on one row at 360 px, every target at least 44 px.
    const bar = page.getByRole('region', { name: '已选 1 台' })
    await bar.getByRole('button', { name: '取消选择' }).waitFor()
    const barButtons = await Promise.all((await bar.getByRole('button').all()).map((b) => b.boundingBox()))
    expect(barButtons).toHaveLength(3)
    for (const box of barButtons) {
      expect(box!.height).toBeGreaterThanOrEqual(44)
      expect(box!.width).toBeGreaterThanOrEqual(44)
      expect(box!.y).toBe(barButtons[0]!.y)
    }
    await bar.getByRole('button', { name: '取消选择' }).click()

    await openDevice(page, AGENT_DEVICE)
    await noHorizontalScroll(page, 360)
    const commands = page.getByRole('region', { name: '远程指令' })
    // Measured once all 12 are there (.all() and evaluateAll do not wait): lock or unlock, as the state says.
    await commands.locator('.command-grid button').nth(11).waitFor()
    await expect(commands.locator('[data-command="lockScreen"], [data-command="unlockScreen"]').count()).resolves.toBe(1)
    for (const box of await Promise.all((await commands.getByRole('button').all()).map((b) => b.boundingBox()))) {
      expect(box!.height).toBeGreaterThanOrEqual(44)
    }
    // Every label on one line (恢复出厂设置 broke into two when the grid had three columns at 360 px).
    const labelLines = await commands.locator('.command-grid button').evaluateAll((buttons) =>
      buttons.map((b) => {
        const range = document.createRange()
        range.selectNodeContents(b)
        return [b.textContent, new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size]
      }),
    )
    expect(labelLines).toHaveLength(12)
    for (const [label, lines] of labelLines) expect({ label, lines }).toEqual({ label, lines: 1 })
    await commandReachesDone(page, '锁屏', '锁屏', '锁屏成功')
    const info = page.getByRole('region', { name: '设备信息' })
    await info.locator('div').filter({ hasText: /^锁屏状态已锁屏$/ }).waitFor({ timeout: 10_000 })

    await commandReachesDone(page, '解锁', '解锁', '解锁成功')
    await info.locator('div').filter({ hasText: /^锁屏状态未锁屏$/ }).waitFor({ timeout: 10_000 })

    // SPEC §4: a check is followed by its taskId to its end, and the end is told.
    await commandReachesDone(page, '检查设备', '检查设备', '检查成功')
    await context.close()
  })

  it('asks before restoring factory settings, naming the device, and sends nothing when cancelled', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await openDevice(page, AGENT_DEVICE)
    const log = page.getByRole('region', { name: '任务日志' })
    await log.locator('.task-item').first().waitFor()
    const firstTask = await log.locator('.task-item').first().getAttribute('data-task-id')
    // At 360 px each part of a task's line (下发时间 and its date, 完成时间 …) stays on one line: a date is not
    // wrapped away from its time.
    const linesPerPart = await log
      .locator('.task-item')
      .first()
      .locator('.task-part')
      .evaluateAll((parts) =>
        parts.map((part) => {
          const text = document.createRange()
          text.selectNodeContents(part)
          return new Set([...text.getClientRects()].map((line) => Math.round(line.top))).size
        }),
      )
    expect(linesPerPart.length).toBeGreaterThan(0)
    expect(linesPerPart).toEqual(linesPerPart.map(() => 1))
    await page.getByRole('region', { name: '远程指令' }).getByRole('button', { name: '恢复出厂设置' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(`恢复出厂设置将清除设备 ${AGENT_DEVICE} 上的全部数据`).waitFor()
    await dialog.getByRole('button', { name: '取消' }).click()
    await page.waitForTimeout(500)
    await expect(log.locator('.task-item').first().getAttribute('data-task-id')).resolves.toBe(firstTask)

    await page.getByRole('region', { name: '远程指令' }).getByRole('button', { name: '退出管控' }).click()
    await page.getByRole('dialog').getByText(`设备 ${AGENT_DEVICE} 退出管控后`).waitFor()
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click()
    await context.close()
  })

  it('shows the lock passcode the device returns in a dialog', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await openDevice(page, AGENT_DEVICE)
    await page.getByRole('region', { name: '远程指令' }).getByRole('button', { name: '查看锁屏密码' }).click()
    const dialog = page.getByRole('dialog').filter({ hasText: '锁屏密码' })
    await dialog.waitFor({ timeout: 30_000 })
    await expect(dialog.getByTestId('lock-passcode').textContent()).resolves.toBe('246810')
    await dialog.getByRole('button', { name: '关闭' }).click()
    // The passcode is never written to the persisted cache.
    await page.waitForTimeout(1500)
    await expect(page.evaluate(() => JSON.stringify(localStorage))).resolves.not.toContain('246810')
    await context.close()
  })

  it('says the device has no lock passcode when it returns none (SPEC §4)', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    // HWDEMO0002 runs a simulated agent and has no passcode set (src/server/db/seed-devices.ts).
    await openDevice(page, 'HWDEMO0002')
    await page.getByRole('region', { name: '远程指令' }).getByRole('button', { name: '查看锁屏密码' }).click()
    const dialog = page.getByRole('dialog').filter({ hasText: '锁屏密码' })
    await dialog.waitFor({ timeout: 30_000 })
    await dialog.getByText('该设备未设置锁屏密码').waitFor()
    await expect(dialog.getByTestId('lock-passcode').count()).resolves.toBe(0)
    await context.close()
  })

  it('adds a device: the serial is upper-cased, bad input is explained, a refused save keeps what was typed', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto('/huawei/device')
    await page.locator('.device-card').first().waitFor()
    await page.getByRole('button', { name: '添加设备' }).click()
    const form = page.getByRole('dialog', { name: '添加设备' }).last()
    const serial = form.getByPlaceholder('请输入序列号')
    await serial.fill('hwdemo0001')
    await expect(serial.inputValue()).resolves.toBe('HWDEMO0001')
    const phone = form.getByPlaceholder('请输入租用人手机号')
    await phone.fill('123')
    await form.getByPlaceholder('请输入租用人', { exact: true }).click()
    await form.getByText('手机号必须是11位数字，以1开头').waitFor()
    await phone.fill('13912340000')
    await form.getByRole('button', { name: '保存' }).click()
    await page.getByRole('alert').filter({ hasText: '该序列号的设备已存在' }).waitFor()
    await expect(serial.inputValue()).resolves.toBe('HWDEMO0001')
    await expect(phone.inputValue()).resolves.toBe('13912340000')
    await serial.fill('e2e-new-01')
    await form.getByRole('button', { name: '保存' }).click()
    await page.getByRole('status').filter({ hasText: '保存成功' }).waitFor()
    await page.locator('.device-card').filter({ hasText: 'E2E-NEW-01' }).waitFor()
    await noHorizontalScroll(page, 360)
    await context.close()
  })

  it('exports the device list as a real xlsx that opens', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto('/huawei/device')
    await page.locator('.device-card').first().waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()])
    expect(download.suggestedFilename()).toBe('设备列表.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(await download.path())
    const sheet = workbook.worksheets[0]
    expect(sheet.name).toBe('设备列表')
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(header.slice(0, 3)).toEqual(['序列号', 'IMEI', '型号'])
    const serials = sheet.getColumn(1).values.slice(2)
    expect(serials).toEqual(expect.arrayContaining(['HWDEMO0001', 'HWDEMO0004', 'HWDEMO0008']))
    expect(serials).not.toContain('MIDEMO0001')
    await context.close()
  })

  it('lays out the list and the Mi area without horizontal scrolling on a tablet', async () => {
    const context = await newPhoneContext(browser, TABLET)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto('/mi/device')
    const card = page.locator('.device-card').filter({ hasText: 'MIDEMO0001' })
    await card.waitFor()
    await noHorizontalScroll(page, TABLET.width)
    await card.getByRole('button', { name: '详情' }).click()
    await page.waitForURL(/\/mi\/device\?.*mi-device-id=\d+/)
    await page.getByRole('heading', { name: 'MIDEMO0001' }).waitFor()
    await page.getByRole('region', { name: '任务日志' }).waitFor()
    await noHorizontalScroll(page, TABLET.width)
    await context.close()
  })

  it('returns from a detail to the list it was opened from, by the back button and by 返回列表', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    // Mi: the detail is shown on the list's route, and must still be a history entry of its own.
    await page.goto('/mi/device?serialNumber=MIDEMO')
    const card = page.locator('.device-card').filter({ hasText: 'MIDEMO0002' })
    // A tap on the card's body opens it, as 详情 does (the phone-size walk-through tapped the card and stayed).
    await card.getByText('租用人', { exact: true }).click()
    await page.waitForURL(/\/mi\/device\?.*mi-device-id=\d+/)
    await page.getByRole('heading', { name: 'MIDEMO0002' }).waitFor()
    // Titled as a detail, as the Huawei and Apple details are, though it is shown at the list's address.
    await page.locator('.shell-title').filter({ hasText: /^小米设备详情$/ }).waitFor()
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/mi/device' && !url.searchParams.has('mi-device-id'))
    await page.locator('.shell-title').filter({ hasText: /^小米设备$/ }).waitFor()
    expect(new URL(page.url()).searchParams.get('serialNumber')).toBe('MIDEMO')
    await card.getByRole('button', { name: '详情' }).click()
    await page.getByRole('heading', { name: 'MIDEMO0002' }).waitFor()
    await page.getByRole('button', { name: '返回列表' }).click()
    await card.waitFor()
    expect(new URL(page.url()).searchParams.get('serialNumber')).toBe('MIDEMO')
    expect(new URL(page.url()).searchParams.has('mi-device-id')).toBe(false)
    // 返回列表 went back to the list's entry rather than pushing another: one more back leaves the Mi area.
    await page.goBack()
    await page.waitForURL((url) => !url.pathname.startsWith('/mi/'))

    // Huawei: 返回列表 keeps the list's filter.
    await page.goto('/huawei/device?serialNumber=HWDEMO0003')
    await page.locator('.device-card').filter({ hasText: 'HWDEMO0003' }).getByRole('button', { name: '详情' }).click()
    await page.getByRole('heading', { name: 'HWDEMO0003' }).waitFor()
    await page.getByRole('button', { name: '返回列表' }).click()
    await page.waitForURL((url) => url.pathname === '/huawei/device' && url.searchParams.get('serialNumber') === 'HWDEMO0003')
    await context.close()
  })

  it('shows a recycled device as such: no commands, edit or transfer, a way out, and the recycle bin as its list', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    // HWDEMO0008 is used by no other test.
    await openDevice(page, 'HWDEMO0008')
    await page.locator('.device-detail-actions').getByRole('button', { name: '淘汰' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '淘汰' }).click()
    await page.getByText('该设备已淘汰，移出回收站后才能操作').waitFor()
    await expect(page.getByTestId('recycled-tag').textContent()).resolves.toBe('已淘汰')
    await expect(page.getByRole('region', { name: '远程指令' }).count()).resolves.toBe(0)
    for (const action of ['编辑', '转移']) await expect(page.getByRole('button', { name: action, exact: true }).count()).resolves.toBe(0)
    await noHorizontalScroll(page, 360)
    await page.getByRole('button', { name: '返回列表' }).click()
    await page.waitForURL('**/huawei/recycle')

    // The recycle bin's selection takes devices out, asking first and summing up.
    const card = page.locator('.device-card').filter({ hasText: 'HWDEMO0008' })
    await page.getByRole('checkbox', { name: '选择设备 HWDEMO0008' }).check()
    await page.getByRole('region', { name: '已选 1 台' }).getByRole('button', { name: '移出回收站' }).click()
    // Issue #11: a bulk confirmation names the devices.
    await page.getByRole('dialog').getByText('确定要对 HWDEMO0008 执行“移出回收站”吗？').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: '移出回收站' }).click()
    await page.getByRole('status').filter({ hasText: '已将 1 台设备移出回收站' }).waitFor()
    await card.waitFor({ state: 'detached' })
    await context.close()
  })

  it('waits for a lock passcode visibly, cancellably, and without blocking the other commands', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    // HWDEMO0003 runs no agent: its passcode never comes.
    await openDevice(page, 'HWDEMO0003')
    const commands = page.getByRole('region', { name: '远程指令' })
    await commands.getByRole('button', { name: '查看锁屏密码' }).click()
    const waiting = commands.getByRole('status').filter({ hasText: '正在等待设备返回锁屏密码' })
    await waiting.waitFor()
    // Still there after a notice would have gone (3 s), while the others can be used.
    await page.waitForTimeout(3500)
    await expect(waiting.isVisible()).resolves.toBe(true)
    await expect(commands.getByRole('button', { name: '锁屏', exact: true }).isEnabled()).resolves.toBe(true)
    await commands.getByRole('button', { name: '锁屏', exact: true }).click()
    // Sent, not done: the device never polls (issue #11).
    await page.getByRole('status').filter({ hasText: '“锁屏”已发送，等待设备执行' }).waitFor()
    await expect(waiting.isVisible()).resolves.toBe(true)
    await waiting.getByRole('button', { name: '取消等待' }).click()
    await waiting.waitFor({ state: 'detached' })
    await expect(commands.locator('[data-command="getLockPasscode"]').getAttribute('class')).resolves.not.toContain('adm-button-loading')
    await context.close()
  })

  it('shows no state for a device that never reported one, and warns before queueing a command for it', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    // HWDEMO0005 has never communicated.
    await openDevice(page, 'HWDEMO0005')
    const info = page.getByRole('region', { name: '设备信息' })
    for (const row of ['管控状态', '电源', '锁屏状态']) await info.locator('div').filter({ hasText: new RegExp(`^${row}—$`) }).waitFor()
    const log = page.getByRole('region', { name: '任务日志' })
    await log.locator('.task-item, .state-block').first().waitFor()
    const tasks = await log.locator('.task-item').count()
    await page.getByRole('region', { name: '远程指令' }).getByRole('button', { name: '重启' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('设备 HWDEMO0005 尚未接入，“重启”将在设备接入后执行。是否继续？').waitFor()
    await dialog.getByRole('button', { name: '取消' }).click()
    await page.waitForTimeout(500)
    await expect(log.locator('.task-item').count()).resolves.toBe(tasks)
    await context.close()
  })

  it('asks before a new enrollment token replaces the old one, and cuts an over-long search instead of failing', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto(`/huawei/device?serialNumber=${'A'.repeat(300)}`)
    await page.getByText('暂无设备').waitFor()
    await expect(page.getByText('加载失败').count()).resolves.toBe(0)

    await page.goto('/huawei/device')
    await page.getByRole('button', { name: '设备接入' }).click()
    const enrollment = page.getByRole('dialog', { name: '设备接入令牌' })
    const confirm = page.getByRole('dialog').filter({ hasText: '之前生成的接入令牌（如有）立即失效' })
    await enrollment.getByRole('button', { name: '生成接入令牌' }).click()
    await confirm.getByRole('button', { name: '取消' }).click()
    await confirm.waitFor({ state: 'detached' })
    await expect(enrollment.getByTestId('enrollment-token').count()).resolves.toBe(0)
    await enrollment.getByRole('button', { name: '生成接入令牌' }).click()
    await confirm.getByRole('button', { name: '生成接入令牌' }).click()
    await enrollment.getByTestId('enrollment-token').waitFor()
    await enrollment.getByRole('button', { name: '重新生成接入令牌' }).waitFor()
    await context.close()
  })

  it('steps back from a page past the end to the last page with devices, and a search box stops at the server\'s limit', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto('/huawei/device?current=99')
    await page.waitForURL((url) => url.searchParams.get('current') === '1')
    await page.getByText('HWDEMO0001').first().waitFor()
    await expect(page.getByText('暂无设备').count()).resolves.toBe(0)
    const serial = page.getByRole('textbox', { name: '序列号' })
    await serial.fill('S'.repeat(100))
    await expect(serial.inputValue()).resolves.toHaveLength(64)
    await context.close()
  })
})
