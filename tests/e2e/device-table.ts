import { expect } from 'vitest'
import type { Page } from 'playwright-core'

/**
 * Issue #43 item 7: the device table fits its box — nothing to scroll sideways, its last column inside the viewport —
 * with 44 px targets, and no word broken across lines (a serial, a phone number, a company's name, a tag, a command).
 */
export async function expectTableFits(page: Page, where: string) {
  const fit = await page.locator('.device-table-wrap').evaluate((wrap) => {
    const lastColumn = wrap.querySelector('thead th:last-child')!.getBoundingClientRect()
    const targets = [...wrap.querySelectorAll('.adm-button, .device-table-sort, .device-select, .device-title-link')].map((el) => el.getBoundingClientRect().height)
    // Lines broken inside a word: between two letters, digits or Chinese characters of one text (not at a space or
    // between two parts).
    const broken: string[] = []
    const walker = document.createTreeWalker(wrap, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    const topOf = (node: Node, i: number) => (range.setStart(node, i), range.setEnd(node, i + 1), range.getBoundingClientRect().top)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (let i = 1; i < text.length; i++) {
        if (/[\p{L}\p{N}]/u.test(text[i - 1]) && /[\p{L}\p{N}]/u.test(text[i]) && topOf(node, i) > topOf(node, i - 1) + 2) broken.push(text)
      }
    }
    const columns = [...wrap.querySelectorAll('thead th')].map((th) => Math.round(th.getBoundingClientRect().width)).join(' + ')
    return { columns, scroll: wrap.scrollWidth, client: wrap.clientWidth, right: lastColumn.right, viewport: window.innerWidth, smallest: Math.min(...targets), broken }
  })
  expect(fit.scroll, `${where}: the table scrolls sideways (columns ${fit.columns})`).toBeLessThanOrEqual(fit.client)
  expect(fit.right, `${where}: the last column in the viewport`).toBeLessThanOrEqual(fit.viewport)
  expect(fit.smallest, `${where}: touch targets`).toBeGreaterThanOrEqual(44)
  expect(fit.broken, `${where}: texts broken inside`).toEqual([])
}
