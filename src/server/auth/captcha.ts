import { randomBytes, randomInt } from 'node:crypto'
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

/** Renders the answer as an SVG with per-glyph rotation and noise lines, returned as a data URL. */
export function renderCaptchaSvg(text: string): string {
  const width = 120
  const height = 44
  const palette = ['#1677ff', '#d4380d', '#389e0d', '#c41d7f', '#d48806', '#531dab']
  const color = () => palette[randomInt(palette.length)]
  const noise = Array.from({ length: 5 }, () => {
    const [x1, y1, x2, y2] = [randomInt(width), randomInt(height), randomInt(width), randomInt(height)]
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${color()}" stroke-width="1.5" opacity="0.6"/>`
  }).join('')
  const glyphs = [...text]
    .map((ch, i) => {
      const x = 16 + i * 26
      const y = 31 + randomInt(7) - 3
      const angle = randomInt(41) - 20
      return `<text x="${x}" y="${y}" fill="${color()}" font-size="26" font-family="monospace" font-weight="bold" transform="rotate(${angle} ${x} ${y})">${ch}</text>`
    })
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f5f5f5"/>${noise}${glyphs}</svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
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
