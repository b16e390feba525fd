import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ABM_ORG, DEMO_ABM_SERVER } from '../../src/server/demo/abm'
import { deviceCard, demoAbmOfFile, launchBrowser, newPhoneContext, notice, PHONE_390, signIn } from './browser'

/**
 * Issue #42 at phone size, one server and one browser: the demo boss company's Apple Business Manager (a simulated
 * ABM that checks OAuth as Apple does), linked from the console with the public key and a token made for it; its
 * devices; the phone that came out of its box enrolled supervised and takes lost mode; 解除ABM of one that never
 * enrolled reaches Apple. F2LXABM00001 enrolls at the demo's start (src/server/demo/abm.ts); no other file uses them.
 */
const ENROLLED = 'F2LXABM00001'
const WAITING = 'F2LXABM00002'
const ARRIVING = 'F2LXABM00009'
const DAY_MS = 24 * 3600_000
const SHOTS = process.env.MDM_SHOTS_DIR ?? 'test-results'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const abmCard = (page: Page, serial: string) => page.locator('.record-card').filter({ hasText: serial })
const noSideScroll = (page: Page) => expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE_390.width)

describe('Apple Business Manager (phone, 390×844)', () => {
  it('links ABM, lists and syncs its devices, the out-of-box phone is supervised and takes lost mode, 解除ABM reaches Apple', async () => {
    const abm = demoAbmOfFile().sim
    const context = await newPhoneContext(browser, PHONE_390)
    const page = await context.newPage()
    await signIn(page, 'demo')

    // Reached from the phone's menu, in the 苹果设备 group.
    await page.getByRole('button', { name: '菜单' }).click()
    await page.locator('.drawer-body').getByRole('link', { name: '苹果商务管理' }).click()
    await page.waitForURL('**/ios/abm')

    // The demo is linked at its start: the steps wait, folded, for the token's renewal. The public key goes to ABM;
    // the token ABM makes for it comes back (it ends in 20 days: the warning shows).
    await page.getByText('更新服务器令牌（续期或更换 MDM 服务器）').click()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载公钥证书' }).click()])
    const publicKey = await readFile((await download.path())!, 'utf8')
    expect(publicKey).toMatch(/^-----BEGIN CERTIFICATE-----/)
    const token = abm.issueToken(publicKey, { expiresAt: new Date(Date.now() + 20 * DAY_MS), orgName: DEMO_ABM_ORG, serverName: DEMO_ABM_SERVER })
    expect(token).toContain('application/pkcs7-mime')
    await page.locator('input[type=file][accept^=".p7m"]').setInputFiles({ name: 'Demo_Token.p7m', mimeType: 'application/pkcs7-mime', buffer: Buffer.from(token) })
    await page.getByRole('button', { name: '上传令牌' }).click()
    await notice(page, '已连接苹果商务管理').waitFor({ timeout: 20_000 })
    const state = page.getByRole('region', { name: '连接状态' })
    await state.getByText(DEMO_ABM_ORG).waitFor()
    await state.getByText(DEMO_ABM_SERVER).waitFor()
    await page.getByText(/^ABM 服务器令牌将在 (19|20) 天后到期/).waitFor()

    // Its devices: the enrolled phone and those waiting for their first start.
    await abmCard(page, ENROLLED).getByText('已激活').waitFor()
    await abmCard(page, WAITING).getByText('待激活').waitFor()
    await abmCard(page, WAITING).getByText('已分配（assigned）').waitFor()
    await noSideScroll(page)
    await page.screenshot({ path: `${SHOTS}/abm-phone.png` })

    // A phone assigned in ABM arrives with 立即同步, and gets the company's profile.
    abm.addDevices([{ serial_number: ARRIVING, model: 'iPhone 16', color: 'WHITE', description: 'IPHONE 16 WHITE', device_family: 'iPhone', os: 'iOS' }], { serverName: DEMO_ABM_SERVER })
    await page.getByRole('button', { name: '立即同步' }).click()
    await notice(page, '同步完成').waitFor({ timeout: 20_000 })
    await abmCard(page, ARRIVING).getByText('待激活').waitFor()
    await abmCard(page, ARRIVING).getByText('已分配（assigned）').waitFor()
    expect(abm.assignments.get(ARRIVING)).toBeTruthy()

    // The dashboard warns of the token as of the APNs certificate.
    await page.goto('/dashboard')
    await page.getByText(/^ABM 服务器令牌将在 (19|20) 天后到期/).waitFor()

    // The out-of-box phone: supervised, and lost mode reaches it (丢失成功 only once it acknowledged).
    await page.goto(`/ios/device?serialNumber=${ENROLLED}`)
    const phone = deviceCard(page, ENROLLED)
    await phone.getByRole('button', { name: '开启丢失' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: '锁屏提示' }).fill('此手机为租赁设备，请联系归还')
    await dialog.getByRole('textbox', { name: '联系电话' }).fill('13800138000')
    await dialog.getByRole('button', { name: '下发' }).click()
    await notice(page, '丢失成功').waitFor({ timeout: 30_000 })
    await phone.getByTestId('lost-tag').waitFor({ timeout: 10_000 })
    await phone.getByRole('button', { name: '详情' }).click()
    await page.waitForURL(/\/ios\/detail\?.*device-id=\d+/)
    await page.getByText('受监管', { exact: true }).first().waitFor()
    // Enrolled through ABM, and done with Setup Assistant (DeviceConfigured answered).
    await page.getByTestId('abm-tag').filter({ hasText: 'ABM 注册' }).first().waitFor()
    await page.screenshot({ path: `${SHOTS}/abm-enrolled-detail.png` })

    // 解除ABM of a phone that never enrolled: Apple is asked for its serial alone, and its answer is shown.
    await page.goto(`/ios/device?serialNumber=${WAITING}`)
    const waiting = deviceCard(page, WAITING)
    await waiting.getByText('待激活').first().waitFor()
    await waiting.getByRole('button', { name: '更多' }).click()
    await page.locator('.adm-action-sheet').getByText('解除ABM', { exact: true }).click()
    const confirm = page.getByRole('dialog')
    await confirm.getByText(`解除ABM后，设备 ${WAITING} 将从 Apple 商务管理中释放，无法撤销。确定继续吗？`).waitFor()
    // It cannot be undone: the account sets its secondary password first (the demo boss has none), then confirms with it.
    await confirm.getByPlaceholder('请输入登录密码').fill('Demo@2026')
    await confirm.getByPlaceholder('请输入二级密码').fill('Abm#48213')
    await confirm.getByPlaceholder('请输入确认二级密码').fill('Abm#48213')
    await confirm.getByRole('button', { name: '设置并继续' }).click()
    await confirm.getByPlaceholder('二级密码', { exact: true }).fill('Abm#48213')
    await confirm.getByTestId('irreversible-confirm').click()
    await notice(page, '解除ABM成功').waitFor({ timeout: 20_000 })
    expect(abm.disowned.has(WAITING)).toBe(true)
    expect(abm.requests.filter((r) => r.path === '/devices/disown').map((r) => r.body)).toEqual([{ devices: [WAITING] }])
    await page.goto(`/ios/abm?serialNumber=${WAITING}`)
    await abmCard(page, WAITING).getByText(/解除 ABM SUCCESS/).waitFor()
    await abmCard(page, WAITING).scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/abm-disowned.png` })
    await context.close()
  })
})
