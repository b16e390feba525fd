import { describe, expect, it } from 'vitest'
import { ALPHABET, renderCaptcha } from './captcha'
import { CAPTCHA_HEIGHT, CAPTCHA_SCALE, CAPTCHA_WIDTH, glyphsOf } from './captcha-draw'
import { rasterise, type Polygon } from './captcha-raster'

const pngOf = (dataUrl: string) => Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64')

/** The PNG's chunks, by type, in order. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  const out: { type: string; data: Buffer }[] = []
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at)
    out.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) })
    at += 12 + length
  }
  return out
}

describe('the captcha image (issues #10 and #41)', () => {
  it.each(['AB3K', 'WXYZ', 'HJ2N', 'test'])('draws %s as pixels: a PNG with no text, markup or outline in it', (answer) => {
    const url = renderCaptcha(answer)
    expect(url).toMatch(/^data:image\/png;base64,/)
    const png = pngOf(url)
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    const parts = chunks(png)
    // IHDR, PLTE, IDAT, IEND only: no tEXt or other chunk that could carry words.
    expect(parts.map((c) => c.type)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND'])
    expect(parts[0].data.readUInt32BE(0)).toBe(CAPTCHA_WIDTH * CAPTCHA_SCALE)
    expect(parts[0].data.readUInt32BE(4)).toBe(CAPTCHA_HEIGHT * CAPTCHA_SCALE)
    expect(png.toString('latin1').toLowerCase()).not.toContain(answer.toLowerCase())
  })

  it('differs each time for the same answer (random glyphs, placement, warp and noise)', () => {
    expect(renderCaptcha('AB3K')).not.toBe(renderCaptcha('AB3K'))
  })

  it('has every character of the alphabet in both glyph sets, standing from the top (-1) to the baseline (0, the tail of Q below it)', () => {
    for (const ch of ALPHABET) {
      for (const glyph of Object.values(glyphsOf(ch))) {
        const ys = [...glyph.outlines.flat(), ...glyph.strokes.flat()].map((p) => p[1])
        expect(Math.min(...ys), ch).toBeCloseTo(-1, 1)
        expect(Math.max(...ys), ch).toBeGreaterThan(-0.05)
        expect(Math.max(...ys), ch).toBeLessThan(ch === 'Q' ? 0.1 : 0.05)
      }
      expect(glyphsOf(ch).pen.strokes.length, ch).toBeGreaterThan(0)
    }
    // The font's 4 is read as an A once turned: the pen's 4 stands in for it.
    expect(glyphsOf('4').font).toBe(glyphsOf('4').pen)
    expect(glyphsOf('A').font.outlines.length).toBeGreaterThan(0)
  })
})

describe('rasterise', () => {
  const square = (x: number, y: number, size: number): Polygon => [
    [x, y],
    [x + size, y],
    [x + size, y + size],
    [x, y + size],
  ]
  const at = (coverage: Float32Array, width: number, x: number, y: number) => coverage[y * width + x]

  it('covers each pixel by the area of it inside the shape', () => {
    const coverage = rasterise([square(1.5, 1, 2)], 4, 4, 1)
    expect(at(coverage, 4, 0, 1)).toBe(0)
    expect(at(coverage, 4, 1, 1)).toBeCloseTo(0.5)
    expect(at(coverage, 4, 2, 2)).toBeCloseTo(1)
    expect(at(coverage, 4, 3, 2)).toBeCloseTo(0.5)
    expect(at(coverage, 4, 2, 3)).toBe(0)
  })

  it('unites overlapping shapes wound alike, and cuts a hole wound the other way only where nothing else covers it', () => {
    const hole = square(2, 2, 2).reverse()
    const coverage = rasterise([square(0, 0, 6), square(3, 3, 3), hole, square(0, 2, 3)], 6, 6, 1)
    expect(at(coverage, 6, 4, 4)).toBeCloseTo(1) // the outer square and the overlapping one: still full, not doubled
    expect(at(coverage, 6, 3, 2)).toBeCloseTo(0) // inside the hole only
    expect(at(coverage, 6, 2, 2)).toBeCloseTo(1) // the hole under the third square
  })

  it('scales shapes given in CSS pixels to the picture', () => {
    const coverage = rasterise([square(1, 1, 1)], 6, 6, 3)
    expect(at(coverage, 6, 3, 3)).toBeCloseTo(1)
    expect(at(coverage, 6, 2, 3)).toBe(0)
  })
})
