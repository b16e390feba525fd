import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, newPhoneContext, PHONE, signIn, TABLET_820 } from './browser'

/**
 * Issue #4: every screen usable at 360×740 (phone) and a tablet (820×1180 since issue #43) — no horizontal scrolling and
 * touch targets of at least 44 px — for every page the boss and the administrator can open. Issue #16: none of them
 * loads the schema library before a form is opened.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** The built files holding zod (its objects' `_zod` property), whatever the build named them; forms use it, so there are some. */
const assets = path.join(inject('distDir'), 'assets')
const schemaFiles = new Set(
  readdirSync(assets)
    .filter((f) => f.endsWith('.js') && readFileSync(path.join(assets, f), 'utf8').includes('._zod'))
    .map((f) => `/assets/${f}`),
)
it('finds the schema library in the build', () => {
  expect(schemaFiles.size).toBeGreaterThan(0)
})

async function menuRoutes(page: Page): Promise<string[]> {
  const menu = await page.evaluate(async () => {
    const res = await fetch('/mdm/api/v1/userCenter/menu', { headers: { Authorization: `Bearer ${localStorage.getItem('mdm_token')}` } })
    return (await res.json()).data as { component: string; type: number; children: { component: string; type: number }[] }[]
  })
  const pages = menu.flatMap((m) => (m.type === -1 ? m.children : [m])).filter((m) => m.type === 0 || m.type === 2)
  return ['/dashboard', ...pages.map((p) => p.component), '/center', '/blacklist']
}

/** Visible controls smaller than 44 px in height (or width, for icon-only buttons). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="switch"], select')) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.height === 0) continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"], .adm-popup[style*="display: none"]')) continue
      // The switch's own box is small, but its label row is the target.
      const target = el.getAttribute('role') === 'switch' ? (el.closest('label') ?? el).getBoundingClientRect() : r
      if (target.height < 44 - 0.5 || target.width < 44 - 0.5) out.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 20)}" ${Math.round(target.width)}×${Math.round(target.height)}`)
    }
    return out
  })
}

/**
 * The four walks run at once, each in a context of its own: most of a walk is waiting for the network to go quiet on
 * each page (networkidle: 500 ms without a request), which one after another left the machine idle ~50 s. Each
 * walk gets the time of all four, as they share the CPU.
 */
describe.concurrent.each([
  ['phone', PHONE],
  // Issue #43: the tablet the field workers use (820×1180, the narrowest at which the device lists become a table);
  // the other tablet journeys run at TABLET's 1024×1366.
  ['tablet', TABLET_820],
])('layout at %s size', (_name, viewport) => {
  it.each(['demo', 'admin'])('every page of %s fits the width, has 44 px touch targets and loads no schemas', async (username) => {
    const context = await newPhoneContext(browser, viewport)
    const page = await context.newPage()
    const problems: string[] = []
    // No screen loads the schema library (zod) until a form is opened, and the walk opens none (issue #16). The unit
    // test src/app/screens.test.ts checks the source's imports; this, what the build made of them (left to itself, it
    // once put zod in with a small module every screen imports: src/build/chunk-groups.ts, 'schemas').
    let route = '/login'
    page.on('request', (request) => {
      if (schemaFiles.has(new URL(request.url()).pathname)) problems.push(`${route}: loads the schema library`)
    })
    await signIn(page, username)
    for (route of await menuRoutes(page)) {
      await page.goto(route)
      await page.locator('.shell-content h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      if (overflow > 0) problems.push(`${route}: ${overflow}px horizontal overflow`)
      for (const t of await smallTargets(page)) problems.push(`${route}: ${t}`)
    }
    await context.close()
    expect(problems).toEqual([])
  }, 240_000)
})
