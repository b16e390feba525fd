import { describe, expect, it } from 'vitest'
import { renderCaptchaSvg, roughenOutline } from './captcha'

const svgOf = (dataUrl: string) => Buffer.from(dataUrl.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString()

/** The solver that read the old captcha (issue #10): the characters of its <text> elements, in order. */
const textSolver = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('')

describe('the captcha image (issue #10)', () => {
  it.each(['AB3K', 'WXYZ', 'HJ2N', 'test'])('draws %s as outlines: no text element, font or the answer anywhere in the markup', (answer) => {
    const url = renderCaptchaSvg(answer)
    expect(url).toMatch(/^data:image\/svg\+xml;base64,/)
    const svg = svgOf(url)
    expect(svg).toMatch(/^<svg [^>]*viewBox/)
    expect(svg).not.toMatch(/<text|<tspan|font-family|<title|<desc/i)
    expect(svg.toLowerCase()).not.toContain(answer.toLowerCase())
    expect(textSolver(svg)).toBe('')
    // One filled, transformed outline per character, besides the unfilled noise curves.
    expect(svg.match(/<path fill="#[0-9a-f]{6}" transform="rotate\(/g)).toHaveLength(answer.length)
  })

  it('differs each time for the same answer (random placement, turn and noise)', () => {
    expect(svgOf(renderCaptchaSvg('AB3K'))).not.toBe(svgOf(renderCaptchaSvg('AB3K')))
  })

  it('draws one character differently each time: no fixed command sequence to recognise a glyph by', () => {
    const glyphs = [...svgOf(renderCaptchaSvg('AAAA')).matchAll(/<path fill="#[0-9a-f]{6}" transform="[^"]+" d="([^"]+)"/g)].map((m) => m[1])
    expect(glyphs).toHaveLength(4)
    const sequences = new Set(glyphs.map((d) => d.replace(/[^MLQCZ]/g, '')))
    expect(sequences.size).toBeGreaterThan(1)
  })

  it('keeps an outline closed and its points near where they were', () => {
    const d = 'M10 10L20 10Q25 15 20 20L10 20Z'
    const rough = roughenOutline(d)
    expect(rough).toMatch(/^M[\d. ]+(?:[LQ][\d. ]+)+Z$/)
    const numbers = rough.match(/\d+\.\d+/g)!.map(Number)
    expect(Math.min(...numbers)).toBeGreaterThan(9)
    expect(Math.max(...numbers)).toBeLessThan(26)
  })
})
