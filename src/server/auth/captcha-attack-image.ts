import { inflateSync } from 'node:zlib'

/**
 * The captcha attackers' image tools (captcha-attack.test.ts): PNG decoding, binarising, opening, ink boxes and
 * fingerprints for template matching. Test code only: nothing of the server imports it.
 */

export interface Picture {
  width: number
  height: number
  /** Luminance, 0 (black) to 1 (white). */
  lum: Float32Array
  rgb: Uint8Array
}

/** Any 8-bit PNG (palette, grey, RGB, with or without alpha, every row filter). */
export function decodePng(png: Buffer): Picture {
  let width = 0
  let height = 0
  let colourType = 0
  let palette: Buffer = Buffer.alloc(0)
  const data: Buffer[] = []
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at)
    const type = png.toString('latin1', at + 4, at + 8)
    const body = png.subarray(at + 8, at + 8 + length)
    if (type === 'IHDR') [width, height, colourType] = [body.readUInt32BE(0), body.readUInt32BE(4), body[9]]
    if (type === 'PLTE') palette = body
    if (type === 'IDAT') data.push(body)
    at += 12 + length
  }
  const bpp = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colourType]
  const raw = inflateSync(Buffer.concat(data))
  const stride = width * bpp
  const px = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]
      const a = i >= bpp ? px[y * stride + i - bpp] : 0
      const b = y > 0 ? px[(y - 1) * stride + i] : 0
      const c = i >= bpp && y > 0 ? px[(y - 1) * stride + i - bpp] : 0
      const p = a + b - c
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c
      px[y * stride + i] = (x + [0, a, b, (a + b) >> 1, paeth][filter]) & 0xff
    }
  }
  const lum = new Float32Array(width * height)
  const rgb = new Uint8Array(width * height * 3)
  for (let i = 0; i < width * height; i++) {
    const o = i * bpp
    const [r, g, b] = colourType === 3 ? palette.subarray(px[o] * 3, px[o] * 3 + 3) : colourType < 2 || colourType === 4 ? [px[o], px[o], px[o]] : px.subarray(o, o + 3)
    const alpha = colourType === 6 ? px[o + 3] / 255 : colourType === 4 ? px[o + 1] / 255 : 1
    rgb.set([r, g, b].map((v) => v * alpha + 255 * (1 - alpha)), i * 3)
    lum[i] = (0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2]) / 255
  }
  return { width, height, lum, rgb }
}

/** Otsu's threshold: ink is what is darker than the best split of the histogram. */
export function binarise(picture: Picture): Uint8Array {
  const bins = new Array<number>(64).fill(0)
  for (const v of picture.lum) bins[Math.min(63, Math.floor(v * 64))]++
  const total = picture.lum.length
  const sum = bins.reduce((s, n, i) => s + n * i, 0)
  let best = 0
  let threshold = 32
  let sumBelow = 0
  let below = 0
  for (let t = 0; t < 64; t++) {
    below += bins[t]
    sumBelow += t * bins[t]
    if (below === 0 || below === total) continue
    const between = below * (total - below) * (sumBelow / below - (sum - sumBelow) / (total - below)) ** 2
    if (between > best) [best, threshold] = [between, t]
  }
  return Uint8Array.from(picture.lum, (v) => (Math.floor(v * 64) <= threshold ? 1 : 0))
}

/** Erosion then dilation by a square of side 2r + 1: lines thinner than that disappear, thicker strokes stay. */
export function opening(ink: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const pass = (src: Uint8Array, grow: boolean) =>
    src.map((_, i) => {
      const x0 = i % w
      const y0 = Math.floor(i / w)
      for (let y = y0 - r; y <= y0 + r; y++)
        for (let x = x0 - r; x <= x0 + r; x++) {
          const v = y < 0 || y >= h || x < 0 || x >= w ? 0 : src[y * w + x]
          if (grow && v) return 1
          if (!grow && !v) return 0
        }
      return grow ? 0 : 1
    })
  return pass(pass(ink, false), true)
}

export type Box = [number, number, number, number]

export function inkBox(ink: ArrayLike<number>, w: number, h: number, x0 = 0, x1 = w): Box | undefined {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -1, -1]
  for (let y = 0; y < h; y++)
    for (let x = x0; x < x1; x++)
      if (ink[y * w + x] > 0.5) [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)]
  return maxX < 0 ? undefined : [minX, minY, maxX + 1, maxY + 1]
}

// ---------- the pixel matcher: templates of both glyph sources, segmentation, nearest template ----------

const GRID = 16

/** The ink of a box resampled to GRID × GRID, centred and scaled to length 1 (a dot product is then a correlation). */
export function fingerprint(ink: ArrayLike<number>, w: number, [x0, y0, x1, y1]: Box): Float32Array | undefined {
  if (x1 - x0 < 2 || y1 - y0 < 2) return undefined
  const v = new Float32Array(GRID * GRID)
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) v[Math.floor(((y - y0) / (y1 - y0)) * GRID) * GRID + Math.floor(((x - x0) / (x1 - x0)) * GRID)] += ink[y * w + x]
  const mean = v.reduce((s, c) => s + c, 0) / v.length
  const norm = Math.sqrt(v.reduce((s, c) => s + (c - mean) ** 2, 0)) || 1
  return v.map((c) => (c - mean) / norm)
}

export interface FontPathCommand {
  type: string
  x: number
  y: number
  x1: number
  y1: number
  x2: number
  y2: number
}
