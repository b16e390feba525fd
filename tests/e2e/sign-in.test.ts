import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, newPhoneContext, signIn, TABLET } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('sign-in journey (phone)', () => {
  it('redirects a protected path to /login without a token', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await page.goto('/huawei/device')
    await page.waitForURL(/\/login/)
    expect(new URL(page.url()).pathname).toBe('/login')
    // The address changes before the sign-in screen's code has arrived: wait for the screen, do not sample it.
    await page.getByRole('button', { name: '登录' }).waitFor()
    // /404 and /403 are not public either (SPEC §2), nor is an unknown path, which goes by /404.
    for (const path of ['/404', '/403', '/no-such-screen']) {
      await page.goto(path)
      await page.waitForURL((url) => url.pathname === '/login')
      await page.getByRole('button', { name: '登录' }).waitFor()
    }
    await context.close()
  })

  it('keeps what was typed and reloads the captcha after a failed login', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await page.goto('/login')
    const img = page.getByRole('img', { name: '验证码图片，点击刷新' })
    await img.waitFor()
    const before = await img.getAttribute('src')
    await page.getByPlaceholder('请输入用户名').fill('demo')
    await page.getByPlaceholder('请输入密码').fill('wrong-password1')
    await page.getByPlaceholder('请输入验证码').fill('test')
    await page.getByRole('button', { name: '登录' }).click()
    await page.getByRole('alert').filter({ hasText: '用户名或密码错误' }).waitFor()
    await expect(page.getByRole('alert').textContent()).resolves.toContain('提示')
    await page.waitForFunction((src) => document.querySelector('.captcha-button img')?.getAttribute('src') !== src, before)
    await expect(page.getByPlaceholder('请输入用户名').inputValue()).resolves.toBe('demo')
    await expect(page.getByPlaceholder('请输入验证码').inputValue()).resolves.toBe('')
    expect(new URL(page.url()).pathname).toBe('/login')
    await context.close()
  })

  it('shows the whole captcha placeholder beside the picture at 360 px', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await page.goto('/login')
    const captcha = page.getByPlaceholder('请输入验证码')
    await captcha.waitFor()
    const { text, width } = await captcha.evaluate((el: HTMLInputElement) => {
      const context2d = document.createElement('canvas').getContext('2d')!
      context2d.font = getComputedStyle(el).font
      return { text: context2d.measureText(el.placeholder).width, width: el.clientWidth }
    })
    expect(text).toBeLessThanOrEqual(width)
    await context.close()
  })

  it('registers with the first tap on 注册 after every refused field was corrected', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await page.goto('/register')
    await page.getByRole('button', { name: '注册' }).tap()
    await page.getByText('请输入手机号', { exact: true }).waitFor()
    await page.getByPlaceholder('请输入用户名').fill('first-tap')
    await page.getByPlaceholder('请输入密码').fill('Kq7#vLm2-Tz9')
    await page.getByPlaceholder('请输入确认密码').fill('Kq7#vLm2-Tz9')
    await page.getByPlaceholder('请输入公司名称').fill('一次点击租赁')
    await page.getByPlaceholder('请输入联系人').fill('李四')
    // The last field keeps the focus, as on a phone: the tap on 注册 is what takes it away.
    await page.getByPlaceholder('请输入手机号').fill('13912340000')
    const sent = page.waitForRequest('**/mdm/api/v1/register', { timeout: 5000 })
    await page.getByRole('button', { name: '注册' }).tap()
    expect((await sent).postDataJSON()).toMatchObject({ username: 'first-tap' })
    await page.waitForURL('**/login')
    await context.close()
  })

  it('signs in, shows the shell in dark mode with the menu for the account, and signs out', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await expect(page.evaluate(() => document.documentElement.getAttribute('data-prefers-color-scheme'))).resolves.toBe('dark')
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(bg).toBe('rgb(18, 18, 18)')
    await expect(page.locator('.icp-footer').textContent()).resolves.toMatch(/ICP/)
    // Phones: the menu is a drawer behind the menu button.
    await page.getByRole('button', { name: '菜单' }).click()
    const drawer = page.locator('.drawer-body')
    await drawer.getByRole('link', { name: '下级公司' }).waitFor()
    const links = await drawer.getByRole('link').allTextContents()
    // SPEC §2: the front end adds home at the start, and the personal centre and the blacklist at the end.
    expect(links[0]).toBe('首页')
    expect(links.slice(-2)).toEqual(['个人中心', '黑名单'])
    expect(links).toContain('角色管理')
    await drawer.getByRole('link', { name: '员工管理' }).click()
    await page.waitForURL('**/user/staff')
    await page.getByRole('heading', { name: '员工管理' }).waitFor()
    // No horizontal scrolling at 360 px.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(360)

    await page.getByRole('button', { name: '菜单' }).click()
    await drawer.getByRole('button', { name: '退出登录' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click()
    await page.waitForURL('**/login')
    await expect(page.evaluate(() => localStorage.getItem('mdm_token'))).resolves.toBeNull()
    await page.goto('/dashboard')
    await page.waitForURL(/\/login/)
    await context.close()
  })

  it('shows a staff member only what the role allows, and /403 for a page outside it', async () => {
    const context = await newPhoneContext(browser, TABLET)
    const page = await context.newPage()
    await signIn(page, 'demo-staff')
    // The staff member's role holds the dashboard: they land on it, like every user who may open it.
    await page.waitForURL('**/dashboard')
    const side = page.locator('.shell-side')
    await side.getByRole('link', { name: '设备列表' }).first().waitFor()
    const links = await side.getByRole('link').allTextContents()
    expect(links).toContain('设备列表')
    expect(links).not.toContain('角色管理')
    expect(links).not.toContain('下级公司')
    await page.goto('/sys')
    await page.waitForURL('**/403')
    await page.getByText('无权访问').waitFor()
    await context.close()
  })

  it('remembers the light theme once chosen', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByRole('switch', { name: '深色模式' }).click()
    await expect(page.evaluate(() => document.documentElement.getAttribute('data-prefers-color-scheme'))).resolves.toBe('light')
    // The page's text is the light theme's own #1f1f1f, not antd-mobile's #333 (its body rule comes later in the stylesheet).
    await expect(page.evaluate(() => getComputedStyle(document.body).color)).resolves.toBe('rgb(31, 31, 31)')
    await page.reload()
    await expect(page.evaluate(() => document.documentElement.getAttribute('data-prefers-color-scheme'))).resolves.toBe('light')
    await context.close()
  })

  it('sends unknown paths to /404 once signed in', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await signIn(page, 'demo')
    await page.goto('/no/such/page')
    await page.waitForURL('**/404')
    await page.getByText('页面不存在').first().waitFor()
    await context.close()
  })
})
