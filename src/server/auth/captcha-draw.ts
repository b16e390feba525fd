import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { penGlyphs } from './captcha-glyphs'
import { encodePng, rasterise, type Point, type Polygon } from './captcha-raster'

/** The picture's size in CSS pixels (the login form shows it at 120 × 44); it is drawn at 3 × for phone screens. */
export const CAPTCHA_WIDTH = 120
export const CAPTCHA_HEIGHT = 44
export const CAPTCHA_SCALE = 3

/** Random numbers for the drawing, from the system's generator (Math.random's state can be recovered from its output). */
class Dice {
  private pool = randomBytes(0)
  private at = 0
  unit(): number {
    if (this.at + 4 > this.pool.length) {
      this.pool = randomBytes(1024)
      this.at = 0
    }
    const n = this.pool.readUInt32BE(this.at)
    this.at += 4
    return n / 2 ** 32
  }
  between(low: number, high: number): number {
    return low + (high - low) * this.unit()
  }
  sign(): number {
    return this.unit() < 0.5 ? -1 : 1
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.unit() * list.length)]
  }
}

/**
 * A character's shape with its cap height 1, from y = -1 (top) to 0 (baseline): filled outlines of a font, or the centre
 * lines of pen strokes. Curves are already cut into segments short enough for the warp to bend them.
 */
interface Glyph {
  outlines: Polygon[]
  strokes: Point[][]
}

const STEP = 0.06 // of the cap height: under two pixels, short beside the warp's waves

function bezier(points: Point[], t: number): Point {
  let p = points
  while (p.length > 1) p = p.slice(1).map((b, i) => [p[i][0] + (b[0] - p[i][0]) * t, p[i][1] + (b[1] - p[i][1]) * t])
  return p[0]
}

/** Appends the segment or curve from `from` through `controls` to `to`, in pieces no longer than STEP. */
function flatten(out: Point[], from: Point, controls: Point[], to: Point) {
  const hull = [from, ...controls, to]
  let length = 0
  for (let i = 1; i < hull.length; i++) length += Math.hypot(hull[i][0] - hull[i - 1][0], hull[i][1] - hull[i - 1][1])
  const pieces = Math.max(1, Math.ceil(length / STEP))
  for (let i = 1; i <= pieces; i++) out.push(bezier(hull, i / pieces))
}

function signedArea(polygon: Polygon): number {
  let area = 0
  for (let i = 0; i < polygon.length; i++) {
    const [ax, ay] = polygon[i]
    const [bx, by] = polygon[(i + 1) % polygon.length]
    area += ax * by - bx * ay
  }
  return area / 2
}

interface FontPathCommand {
  type: 'M' | 'L' | 'Q' | 'C' | 'Z'
  x?: number
  y?: number
  x1?: number
  y1?: number
  x2?: number
  y2?: number
}
interface Font {
  charToGlyph(ch: string): { getPath(x: number, y: number, size: number): { commands: FontPathCommand[] } }
}

/** svg-captcha's font (Comismsh, read by opentype.js); its type declarations omit the options the module exports. */
const font = (createRequire(import.meta.url)('svg-captcha') as { options: { font: Font } }).options.font

function fontOutlines(ch: string, size: number): Polygon[] {
  const outlines: Polygon[] = []
  let current: Point[] = []
  let at: Point = [0, 0]
  for (const c of font.charToGlyph(ch).getPath(0, 0, size).commands) {
    const to: Point = [c.x ?? 0, c.y ?? 0]
    if (c.type === 'M') {
      if (current.length > 2) outlines.push(current)
      current = [to]
    } else if (c.type === 'L') flatten(current, at, [], to)
    else if (c.type === 'Q') flatten(current, at, [[c.x1!, c.y1!]], to)
    else if (c.type === 'C')
      flatten(current, at, [
        [c.x1!, c.y1!],
        [c.x2!, c.y2!],
      ], to)
    else {
      if (current.length > 2) outlines.push(current)
      current = []
    }
    at = c.type === 'Z' ? at : to
  }
  if (current.length > 2) outlines.push(current)
  // Filled shapes are wound one way and holes the other (see rasterise): turn the glyph over if the font winds them
  // the other way round.
  const outer = outlines.reduce((a, b) => (Math.abs(signedArea(b)) > Math.abs(signedArea(a)) ? b : a))
  return signedArea(outer) < 0 ? outlines.map((o) => o.reverse()) : outlines
}

function penStrokes(d: string): Point[][] {
  const strokes: Point[][] = []
  let at: Point = [0, 0]
  for (const [, command, args] of d.matchAll(/([MLC])([^MLC]*)/g)) {
    const n = args.trim().split(/[\s,]+/).map(Number)
    const points: Point[] = []
    for (let i = 0; i + 1 < n.length; i += 2) points.push([n[i] / 10, n[i + 1] / 10 - 1])
    const to = points[points.length - 1]
    if (command === 'M') strokes.push([to])
    else flatten(strokes[strokes.length - 1], at, points.slice(0, -1), to)
    at = to
  }
  return strokes
}

/**
 * The font's glyph, scaled to stand from y = -1 to 0 like the pen's: the font's digits are a sixth shorter than its
 * capitals, and with their thin strokes looked smaller still beside the pen's letters.
 */
function fontGlyph(ch: string): Glyph {
  const ys = fontOutlines(ch, 1).flat().map((p) => p[1])
  const height = Math.max(...ys) - Math.min(...ys)
  const outlines = fontOutlines(ch, 1 / height)
  const bottom = Math.max(...outlines.flat().map((p) => p[1]))
  return { outlines: outlines.map((o) => o.map(([x, y]): Point => [x, y - bottom])), strokes: [] }
}
const glyphCache = new Map<string, { font: Glyph; pen: Glyph }>()

/**
 * The character in both alphabets (made once per character). The font's 4, a slanted triangle without a stem below
 * it, reads as an A once turned: a 4 is always the pen's, whose upright stem runs through the bar. A character the
 * pen alphabet lacks (the tests' fixed answer is lower case) is the font's twice.
 */
export function glyphsOf(ch: string): { font: Glyph; pen: Glyph } {
  let glyphs = glyphCache.get(ch)
  if (!glyphs) {
    const pen: Glyph = penGlyphs[ch] ? { outlines: [], strokes: penStrokes(penGlyphs[ch]) } : fontGlyph(ch)
    glyphs = { font: ch === '4' ? pen : fontGlyph(ch), pen }
    glyphCache.set(ch, glyphs)
  }
  return glyphs
}

/** A round pen's dab at `centre`. */
function disc([x, y]: Point, r: number): Polygon {
  const out: Polygon = []
  for (let k = 0; k < 10; k++) out.push([x + r * Math.cos((k * Math.PI) / 5), y + r * Math.sin((k * Math.PI) / 5)])
  return out
}

/** The band of half-width r either side of a gently bending line (offset along the mean normal at each point). */
function ribbon(run: Point[], r: number): Polygon {
  const left: Point[] = []
  const right: Point[] = []
  for (let i = 0; i < run.length; i++) {
    const [ax, ay] = run[Math.max(0, i - 1)]
    const [bx, by] = run[Math.min(run.length - 1, i + 1)]
    const length = Math.hypot(bx - ax, by - ay) || 1
    const nx = (-(by - ay) / length) * r
    const ny = ((bx - ax) / length) * r
    left.push([run[i][0] + nx, run[i][1] + ny])
    right.push([run[i][0] - nx, run[i][1] - ny])
  }
  const band = [...left, ...right.reverse()]
  return signedArea(band) < 0 ? band.reverse() : band
}

/**
 * The outline of a round pen's trace along `line`: a band along each stretch between corners, a dab at each corner and
 * end (a band bent sharply would fold over itself).
 */
function strokeOutline(line: Point[], width: number): Polygon[] {
  const r = width / 2
  const points = line.filter((p, i) => i === 0 || Math.hypot(p[0] - line[i - 1][0], p[1] - line[i - 1][1]) > 1e-3)
  const out: Polygon[] = [disc(points[0], r)]
  let run: Point[] = [points[0]]
  for (let i = 1; i < points.length; i++) {
    run.push(points[i])
    if (i === points.length - 1) break
    const [ax, ay] = points[i - 1]
    const [bx, by] = points[i]
    const [cx, cy] = points[i + 1]
    const turn = Math.abs(Math.atan2((bx - ax) * (cy - by) - (by - ay) * (cx - bx), (bx - ax) * (cx - bx) + (by - ay) * (cy - by)))
    if (turn > 0.5) {
      out.push(ribbon(run, r), disc(points[i], r))
      run = [points[i]]
    }
  }
  if (run.length > 1) out.push(ribbon(run, r))
  out.push(disc(points[points.length - 1], r))
  return out
}

/**
 * A font glyph made bolder by `by`: every point of its outlines moved that far along its normal, to the side of less
 * ink (outwards from a filled shape, into a hole, as each is wound).
 */
function embolden(outline: Polygon, by: number): Polygon {
  return outline.map(([x, y], i) => {
    const [ax, ay] = outline[(i + outline.length - 1) % outline.length]
    const [bx, by2] = outline[(i + 1) % outline.length]
    const length = Math.hypot(bx - ax, by2 - ay) || 1
    return [x + ((by2 - ay) / length) * by, y - ((bx - ax) / length) * by]
  })
}

interface Placed {
  outlines: Polygon[]
  strokes: Point[][]
  penWidth: number
}

/**
 * Turns, slants, stretches and tapers one glyph point by point (the taper, wider at the top or the bottom, is not
 * affine), about its own middle.
 */
function distortGlyph(glyph: Glyph, capHeight: number, dice: Dice): { outlines: Polygon[]; strokes: Point[][] } {
  const all = [...glyph.outlines.flat(), ...glyph.strokes.flat()]
  const xs = all.map((p) => p[0])
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2
  // Turned and slanted, but its upright strokes never leaning more than 24° in all (a letter on its side reads as
  // another); a wide letter (M, W) made narrower, or its neighbours would cover it.
  const turn = dice.between(-0.22, 0.22)
  const lean = Math.max(-0.42, Math.min(0.42, turn + dice.between(-0.3, 0.3)))
  const shear = turn - lean
  const sx = capHeight * dice.between(0.85, 1.15) * Math.min(1, 0.72 / (Math.max(...xs) - Math.min(...xs)))
  const sy = capHeight * dice.between(0.92, 1.08)
  const taper = dice.between(-0.15, 0.15)
  const cos = Math.cos(turn)
  const sin = Math.sin(turn)
  const map = ([x, y]: Point): Point => {
    const ly = y + 0.5
    const lx = (x - cx) * (1 + taper * ly)
    const u = (lx + shear * ly) * sx
    const v = ly * sy
    return [u * cos - v * sin, u * sin + v * cos]
  }
  return { outlines: glyph.outlines.map((o) => o.map(map)), strokes: glyph.strokes.map((s) => s.map(map)) }
}

/** The leftmost and rightmost ink of each 2-pixel band of rows, of a glyph's points (with the pen's reach). */
function profile(points: Point[], reach: number): Map<number, [number, number]> {
  const bands = new Map<number, [number, number]>()
  for (const [x, y] of points) {
    const band = Math.floor(y / 2)
    const b = bands.get(band)
    if (!b) bands.set(band, [x - reach, x + reach])
    else {
      b[0] = Math.min(b[0], x - reach)
      b[1] = Math.max(b[1], x + reach)
    }
  }
  return bands
}

/**
 * Places the glyphs side by side so that each overlaps the one before it by a few pixels where they come closest (their
 * ink touches and crosses: no column of background separates them).
 */
function placeGlyphs(text: string, dice: Dice): Placed[] {
  const placed: Placed[] = []
  let previous: Map<number, [number, number]> | undefined
  for (const ch of text) {
    const source = dice.unit() < 0.5 ? 'font' : 'pen'
    const glyph = glyphsOf(ch)[source]
    const penWidth = glyph.strokes.length ? dice.between(2.4, 3.4) : dice.between(0.9, 1.6)
    const shape = distortGlyph(glyph, dice.between(26, 29), dice)
    const dy = CAPTCHA_HEIGHT / 2 + dice.between(-2.5, 2.5)
    const points = [...shape.outlines.flat(), ...shape.strokes.flat()].map(([x, y]): Point => [x, y + dy])
    const own = profile(points, penWidth / 2)
    let dx = 0
    if (previous) {
      // The smallest shift that leaves `overlap` pixels of ink over the previous glyph in the rows where they meet.
      const overlap = dice.between(-1, 0.8)
      let shift = -Infinity
      for (const [band, [left]] of own) {
        const prior = previous.get(band)
        if (prior) shift = Math.max(shift, prior[1] - left - overlap)
      }
      dx = Number.isFinite(shift) ? shift : Math.max(...[...previous.values()].map((b) => b[1])) - Math.min(...[...own.values()].map((b) => b[0]))
    }
    const moved = (p: Point): Point => [p[0] + dx, p[1] + dy]
    placed.push({ outlines: shape.outlines.map((o) => o.map(moved)), strokes: shape.strokes.map((s) => s.map(moved)), penWidth })
    previous = new Map([...own].map(([band, [l, r]]) => [band, [l + dx, r + dx]]))
  }
  // Centred (a little off at random), and narrowed to fit if the glyphs came out wide.
  const xs = placed.flatMap((g) => [...g.outlines.flat(), ...g.strokes.flat()].map((p) => p[0]))
  const left = Math.min(...xs)
  const span = Math.max(...xs) - left
  const fit = Math.min(1, (CAPTCHA_WIDTH - 6) / span)
  const start = (CAPTCHA_WIDTH - span * fit) / 2 + dice.between(-2, 2)
  const fitted = (p: Point): Point => [start + (p[0] - left) * fit, p[1]]
  return placed.map((g) => ({ outlines: g.outlines.map((o) => o.map(fitted)), strokes: g.strokes.map((s) => s.map(fitted)), penWidth: g.penWidth }))
}

/**
 * A curve across the picture, through the letters: drawn with a pen as wide as the glyphs' and in their ink, so that
 * neither colour nor width tells it apart. A person follows one long smooth curve easily; more curves, or short
 * strokes, were read as parts of letters.
 */
function noiseStroke(dice: Dice): { line: Point[]; width: number } {
  const band = (): number => CAPTCHA_HEIGHT / 2 + dice.between(-9, 9)
  const line: Point[] = [[dice.between(-4, 12), band()]]
  flatten(line, line[0], [[dice.between(25, 55), band()], [dice.between(65, 95), band()]], [dice.between(108, 124), band()])
  return { line, width: dice.between(1.8, 2.8) }
}

/** A smooth, non-linear bend of the whole picture, applied to every point of letters and noise alike. */
function warp(dice: Dice): (p: Point) => Point {
  const wave = () => ({ a: dice.between(1.2, 2.6) * dice.sign(), k: (2 * Math.PI) / dice.between(28, 60), phase: dice.between(0, 2 * Math.PI) })
  const [w1, w2, w3] = [wave(), wave(), wave()]
  return ([x, y]) => [
    x + w1.a * Math.sin(y * w1.k + w1.phase) + 0.5 * w3.a * Math.sin((x + y) * w3.k + w3.phase),
    y + w2.a * Math.sin(x * w2.k + w2.phase) + 0.5 * w3.a * Math.cos((x - y) * w3.k + w3.phase),
  ]
}

/** Dark inks, each read easily on the light paper. */
const INKS: readonly [number, number, number][] = [
  [29, 57, 196],
  [168, 7, 26],
  [35, 100, 4],
  [83, 29, 171],
  [135, 56, 0],
  [0, 88, 96],
  [38, 38, 38],
  [158, 16, 104],
]
const LEVELS = 32 // shades between paper and ink: smooth edges at three pixels to the CSS pixel

/** Every filled shape of a captcha of `text`, in CSS pixels: exported for the tests' attackers. */
export function captchaShapes(text: string, dice = new Dice()): Polygon[] {
  const bend = warp(dice)
  const shapes: Polygon[] = []
  for (const g of placeGlyphs(text, dice)) {
    // A font glyph is made bolder by a random amount; a pen glyph is traced with a pen of random width.
    for (const o of g.outlines) shapes.push(embolden(o.map(bend), g.penWidth / 2))
    for (const s of g.strokes) shapes.push(...strokeOutline(s.map(bend), g.penWidth))
  }
  const noise = noiseStroke(dice)
  shapes.push(...strokeOutline(noise.line.map(bend), noise.width))
  return shapes
}

/** The captcha as a PNG: one ink for letters and noise alike. */
export function drawCaptcha(text: string): Buffer {
  const dice = new Dice()
  const width = CAPTCHA_WIDTH * CAPTCHA_SCALE
  const height = CAPTCHA_HEIGHT * CAPTCHA_SCALE
  const coverage = rasterise(captchaShapes(text, dice), width, height, CAPTCHA_SCALE)
  const ink = dice.pick(INKS)
  const paper = [dice.between(240, 250), dice.between(240, 250), dice.between(238, 248)]
  const palette = new Uint8Array(LEVELS * 3)
  for (let level = 0; level < LEVELS; level++)
    for (let i = 0; i < 3; i++) palette[level * 3 + i] = Math.round(paper[i] + ((ink[i] - paper[i]) * level) / (LEVELS - 1))
  const pixels = new Uint8Array(width * height)
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.round(coverage[i] * (LEVELS - 1))
  return encodePng(pixels, width, height, palette)
}
