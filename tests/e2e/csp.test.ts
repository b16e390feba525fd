import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPhoneContext, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

declare global {
  interface Window {
    __cspViolations?: string[]
  }
}

/** Every CSP violation a page reports, from its `securitypolicyviolation` events and from the console. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text())
  })
  await page.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`)
    })
  })
  return async () => [...fromConsole, ...(await page.evaluate(() => window.__cspViolations ?? []))]
}

/** The main screens; each waits for its own content, so what it loads has been loaded. */
const screens: [path: string, ready: string][] = [
  ['/dashboard', '.adm-card, .dashboard, main'],
  ['/huawei/device', '.device-card'],
  ['/mi/device', '.device-card, .state-block'],
  ['/huawei/recycle', '.device-card, .state-block'],
  ['/user/business', 'main'],
  ['/user/staff', 'main'],
  ['/sys', 'main'],
  ['/account/huawei', 'main'],
  ['/access', 'main'],
  ['/center', 'main'],
]

describe('Content-Security-Policy (phone)', () => {
  it('the console runs without one CSP violation: login, sign-in, the main screens and a device detail', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    const violations = await watchViolations(page)

    const login = await page.goto('/login')
    expect(login?.headers()['content-security-policy']).toContain("script-src 'self'")
    await page.getByRole('img', { name: '验证码图片，点击刷新' }).waitFor()
    // The captcha is a data: image: it must have loaded, not been blocked.
    await expect(page.locator('.captcha-button img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true)

    await signIn(page, 'demo')
    for (const [path, ready] of screens) {
      await page.goto(path)
      await page.locator(ready).first().waitFor()
      await page.waitForLoadState('networkidle')
    }
    await page.goto('/huawei/device')
    await page.locator('.device-card').first().getByRole('button', { name: '详情' }).click()
    await page.waitForURL(/\/huawei\/detail\?huawei-device-id=\d+/)
    await page.getByRole('region', { name: '远程指令' }).waitFor()

    // Violations are reported asynchronously: give the last screen's a moment.
    await page.waitForTimeout(300)
    expect(await violations()).toEqual([])
    await context.close()
  })

  it('would report a violation: an inline script is refused', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    const violations = await watchViolations(page)
    await page.goto('/login')
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__inlineRan = true'
      document.body.append(script)
    })
    await page.waitForTimeout(300)
    await expect(page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).resolves.toBeUndefined()
    expect((await violations()).length).toBeGreaterThan(0)
    await context.close()
  })
})
