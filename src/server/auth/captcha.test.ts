import { describe, expect, it } from 'vitest'
import { renderCaptchaSvg } from './captcha'

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
})
