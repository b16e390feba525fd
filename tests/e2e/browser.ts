import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { routeOf } from '../../src/shared/domain/routes'
import { TOKEN_KEY, USER_KEY } from '../../src/app/api/token'
import { accountEndpoints } from '../../src/shared/contract/account'
import { endpointUrl } from '../../src/shared/contract/endpoint'
import { ResultCode } from '../../src/shared/contract/envelope'
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

/** Sessions this file's tests signed in to through the login screen, by user and password. */
const sessions = new Map<string, { token: string; user: string }>()

/** Whether this file's server still takes a session's token (not signed out, password unchanged, user enabled). */
async function stillSignedIn(token: string): Promise<boolean> {
  const res = await fetch(baseURL() + endpointUrl(accountEndpoints.info), { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
  const body = (await res.json().catch(() => null)) as { code?: number } | null
  return res.ok && body?.code === ResultCode.ok
}

/**
 * Signs in through the login screen, the way a user does. A later sign-in of the file as the same user with the same
 * password takes the session the first one got, if the server still takes it (~1.2 s less each: no login screen, no
 * password hashing): the page lands where sign-in lands, as that user. Tests of the login screen itself use the form.
 */
export async function signIn(page: Page, username: string, password = username === 'admin' ? 'Admin@2026' : 'Demo@2026') {
  const key = `${baseURL()}\n${username}\n${password}`
  const saved = sessions.get(key)
  const reuse = saved !== undefined && (await stillSignedIn(saved.token))
  if (reuse) {
    // On the console's origin (a static file: no app), the session as the console keeps it (src/app/api/token.ts).
    await page.goto('/favicon.svg')
    await page.evaluate(([keys, session]) => {
      localStorage.setItem(keys.token, session.token)
      localStorage.setItem(keys.user, session.user)
    }, [{ token: TOKEN_KEY, user: USER_KEY }, saved] as const)
    await page.goto('/dashboard')
  } else {
    await page.goto('/login')
    await page.getByPlaceholder('请输入用户名').fill(username)
    await page.getByPlaceholder('请输入密码').fill(password)
    await page.getByPlaceholder('请输入验证码').fill(CAPTCHA)
    await page.getByRole('button', { name: '登录' }).click()
  }
  // Sign-in lands on /dashboard, which (until it is built) sends the user on to their first screen.
  await page.waitForURL((url) => url.pathname !== '/login' && (routeOf['/dashboard'].built || url.pathname !== '/dashboard'))
  if (!reuse) {
    const [token, user] = await page.evaluate((keys) => [localStorage.getItem(keys[0]), localStorage.getItem(keys[1])], [TOKEN_KEY, USER_KEY] as const)
    if (token && user) sessions.set(key, { token, user })
  }
}

/** The phone the field-worker journeys are checked on (issue #11). */
export const PHONE_390 = { width: 390, height: 844 }
/** The tablet the field-worker journeys are checked on (issue #43): the narrowest width with the device table. */
export const TABLET_820 = { width: 820, height: 1180 }

/** A device's card in a family's list, by its serial number. */
export const deviceCard = (page: Page, serial: string) => page.locator('.device-card').filter({ hasText: serial })

/** A notice (notify) holding this text. */
export const notice = (page: Page, text: string) => page.locator('.notice').filter({ hasText: text })
