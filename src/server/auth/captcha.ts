import { randomBytes, randomInt } from 'node:crypto'
import { createRequire } from 'node:module'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { captchas } from '../db/schema'

export const CAPTCHA_TTL_MS = 5 * 60_000
// No 0/O, 1/I/l: a field worker reading a small phone screen must not have to guess.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const LENGTH = 4

function randomText(): string {
  let s = ''
  for (let i = 0; i < LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)]
  return s
}

/** svg-captcha's renderer (its type declarations omit the module's own export, the function that draws a text). */
type RenderText = (text: string, options: Record<string, unknown>) => string
const renderText = createRequire(import.meta.url)('svg-captcha') as RenderText

const WIDTH = 120
const HEIGHT = 44
const PALETTE = ['#1677ff', '#d4380d', '#389e0d', '#c41d7f', '#d48806', '#531dab']

/**
 * Renders the answer as an SVG data URL whose glyphs are outlines drawn from a font (svg-captcha, opentype.js),
 * each slanted and turned at random, among crossing noise curves: the answer is in no <text> element, attribute
 * or string of the markup (issue #10: the old <text> captcha was solved by one regular expression).
 */
type Point = [number, number]
const lerp = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
const fmt = (p: Point) => `${p[0].toFixed(2)} ${p[1].toFixed(2)}`

/**
 * Redraws a glyph outline so that no two drawings of a character are alike: every point moves a little, and about a
 * third of the lines and curves are split in two at a random place (a curve exactly, by de Casteljau). Otherwise a
 * character's outline has a fixed sequence of commands, and a solver could read glyphs by that sequence alone.
 */
export function roughenOutline(d: string): string {
  const out: string[] = []
  const jitter = ([x, y]: Point): Point => [x + (randomInt(-40, 41) / 100), y + (randomInt(-40, 41) / 100)]
  const split = () => randomInt(100) < 35
  const at = () => 0.3 + randomInt(41) / 100
  let current: Point = [0, 0]
  let start: Point = [0, 0]
  for (const [, command, args] of d.matchAll(/([MLQCZ])([^MLQCZ]*)/gi)) {
    const n = (args.match(/-?\d*\.?\d+/g) ?? []).map(Number)
    const points: Point[] = []
    for (let i = 0; i + 1 < n.length; i += 2) points.push(jitter([n[i], n[i + 1]]))
    switch (command.toUpperCase()) {
      case 'M':
        current = start = points[0]
        out.push(`M${fmt(current)}`)
        break
      case 'L': {
        const [end] = points
        if (split()) out.push(`L${fmt(jitter(lerp(current, end, at())))}`)
        out.push(`L${fmt(end)}`)
        current = end
        break
      }
      case 'Q': {
        const [control, end] = points
        if (split()) {
          const t = at()
          const a = lerp(current, control, t)
          const b = lerp(control, end, t)
          out.push(`Q${fmt(a)} ${fmt(lerp(a, b, t))}`, `Q${fmt(b)} ${fmt(end)}`)
        } else out.push(`Q${fmt(control)} ${fmt(end)}`)
        current = end
        break
      }
      case 'C':
        out.push(`C${points.map(fmt).join(' ')}`)
        current = points[2]
        break
      default:
        out.push('Z')
        current = start
    }
  }
  return out.join('')
}

export function renderCaptchaSvg(text: string): string {
  const svg = renderText(text, { width: WIDTH, height: HEIGHT, fontSize: 42, noise: 3, color: true, background: '#f5f5f5' })
  // svg-captcha only jitters each outline's points by a tenth of a unit: turn and slant each glyph about its own
  // centre (found from its outline: the library shuffles glyphs and noise, so their order says nothing).
  const distorted = svg.replace(/<path fill="#[0-9a-f]+" d="([^"]+)"/gi, (_match, d: string) => {
    const xs = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number).filter((_n, i) => i % 2 === 0)
    const cx = ((Math.min(...xs) + Math.max(...xs)) / 2).toFixed(1)
    const turn = randomInt(-20, 21)
    const slant = randomInt(-15, 16)
    return `<path fill="${PALETTE[randomInt(PALETTE.length)]}" transform="rotate(${turn} ${cx} ${HEIGHT / 2}) translate(${cx} 0) skewX(${slant}) translate(-${cx} 0)" d="${roughenOutline(d)}"`
  })
  return `data:image/svg+xml;base64,${Buffer.from(distorted).toString('base64')}`
}

export class CaptchaService {
  constructor(
    private readonly db: Db,
    /** Tests only (MDM_CAPTCHA_ANSWER): every captcha's answer. */
    private readonly fixedAnswer: string | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  async create(): Promise<{ id: string; img: string }> {
    const id = randomBytes(16).toString('hex')
    const answer = this.fixedAnswer ?? randomText()
    await this.db.insert(captchas).values({ id, answer: answer.toUpperCase(), expiresAt: new Date(this.now() + CAPTCHA_TTL_MS) })
    // Expired captchas are swept as new ones are made, so the table stays small without a timer.
    await this.db.delete(captchas).where(lt(captchas.expiresAt, new Date(this.now())))
    return { id, img: renderCaptchaSvg(answer) }
  }

  /** Consumes the captcha whatever the answer: each captcha is checked at most once. */
  async consume(id: string, answer: string): Promise<boolean> {
    const [row] = await this.db
      .delete(captchas)
      .where(and(eq(captchas.id, id), gt(captchas.expiresAt, new Date(this.now()))))
      .returning({ answer: captchas.answer })
    return !!row && row.answer === answer.trim().toUpperCase()
  }
}
