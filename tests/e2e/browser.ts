import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { routeOf } from '../../src/shared/domain/routes'
import type { Services } from '../../src/server/context'
import type { DemoAbm } from '../../src/server/demo/abm'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const PHONE = { width: 360, height: 740 }
export const TABLET = { width: 1024, height: 1366 }
export const CAPTCHA = 'test'

/** Debian's Chromium with the flags this machine needs (TOOLCHAIN.md); never a downloaded browser. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

let fileServerURL: string | undefined

/**
 * How long the file's server lets a task wait: a task for a phone that never polls times out after 20 s instead of a
 * day, so that tests can watch it end.
 */
let fileTaskTimeouts = { resultMs: 20_000, queueMs: 20_000 }

/**
 * For a file whose tests wait for a task to time out: its server's task timeouts, set at the file's top level (before
 * file-server.ts's beforeAll starts the server).
 */
export function setTaskTimeouts(timeouts: { resultMs: number; queueMs: number }): void {
  fileTaskTimeouts = timeouts
}

export function taskTimeouts(): { resultMs: number; queueMs: number } {
  return fileTaskTimeouts
}

let fileServices: Services | undefined
let fileDemoAbm: DemoAbm | null = null

/** The address of this test file's own server (file-server.ts starts it before the file's tests), and its services. */
export function serveFileFrom(url: string, services?: Services, demoAbm?: DemoAbm | null): void {
  fileServerURL = url
  fileServices = services
  fileDemoAbm = demoAbm ?? null
}

/** Issue #42: the simulated Apple Business Manager this file's demo server is linked to (it plays Apple's side). */
export function demoAbmOfFile(): DemoAbm {
  if (!fileDemoAbm) throw new Error('demoAbmOfFile: the file’s demo server starts in beforeAll, with its simulated ABM')
  return fileDemoAbm
}

/** The services of this file's server, for a journey that must look behind the screen or move a clock (issue #45). */
export function servicesOfFile(): Services {
  if (!fileServices) throw new Error('servicesOfFile: the file’s server starts in beforeAll (tests/e2e/file-server.ts)')
  return fileServices
}

export function baseURL(): string {
  if (!fileServerURL) throw new Error('baseURL: the file’s server starts in beforeAll (tests/e2e/file-server.ts)')
  return fileServerURL
}

export async function newPhoneContext(browser: Browser, viewport = PHONE): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseURL(), viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' })
}

/** Signs in through the login screen, the way a user does. */
export async function signIn(page: Page, username: string, password = username === 'admin' ? 'Admin@2026' : 'Demo@2026') {
  await page.goto('/login')
  await page.getByPlaceholder('请输入用户名').fill(username)
  await page.getByPlaceholder('请输入密码').fill(password)
  await page.getByPlaceholder('请输入验证码').fill(CAPTCHA)
  await page.getByRole('button', { name: '登录' }).click()
  // Sign-in lands on /dashboard, which (until it is built) sends the user on to their first screen.
  await page.waitForURL((url) => url.pathname !== '/login' && (routeOf['/dashboard'].built || url.pathname !== '/dashboard'))
}

/** The phone the field-worker journeys are checked on (issue #11). */
export const PHONE_390 = { width: 390, height: 844 }

/** A device's card in a family's list, by its serial number. */
export const deviceCard = (page: Page, serial: string) => page.locator('.device-card').filter({ hasText: serial })

/** A notice (notify) holding this text. */
export const notice = (page: Page, text: string) => page.locator('.notice').filter({ hasText: text })
