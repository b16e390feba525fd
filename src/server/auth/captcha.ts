import { randomBytes, randomInt } from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { captchas } from '../db/schema'
import { drawCaptcha } from './captcha-draw'

export const CAPTCHA_TTL_MS = 5 * 60_000
// No 0/O, 1/I/l: a field worker reading a small phone screen must not have to guess.
export const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const LENGTH = 4

function randomText(): string {
  let s = ''
  for (let i = 0; i < LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)]
  return s
}

/**
 * The answer drawn as a PNG data URL (captcha-draw.ts): pixels only, so nothing in the answer's markup says where a
 * letter is (issue #10: the old <text> captcha was solved by one regular expression; issue #41: the outlines that
 * replaced it stood upright in their path data and were read by matching them with the font's).
 */
export function renderCaptcha(text: string): string {
  return `data:image/png;base64,${drawCaptcha(text).toString('base64')}`
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
    return { id, img: renderCaptcha(answer) }
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
