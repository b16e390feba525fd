import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { appLogo } from './app-logo'

describe('appLogo', () => {
  it('draws the favicon at 56 px, hidden from assistive technology, with its own drawing unchanged', () => {
    const svg = readFileSync('public/favicon.svg', 'utf8')
    const logo = appLogo(svg)
    expect(logo).toMatch(/^<svg width="56" height="56" aria-hidden="true" focusable="false" xmlns=/)
    expect(logo.replace(' width="56" height="56" aria-hidden="true" focusable="false"', '')).toBe(svg.trim())
  })

  it('refuses a file that is not an SVG', () => {
    expect(() => appLogo('<img src="x">')).toThrow(/must start with <svg/)
  })
})
