import { randomBytes, randomInt } from 'node:crypto'
import { lt } from 'drizzle-orm'
import type { SecretBox } from '../crypto/secret-box'
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

/**
 * Captchas out of the database's hot path (issue #41): drawing one writes nothing. Its id is the answer, its expiry
 * and a nonce, sealed with the server's key (AES-GCM: unreadable, and any change refused), so every server process can
 * check it. Single use is the only state: a captcha answered leaves its nonce in table `captchas` until it would
 * have expired anyway. A flood of captchas costs the attacker drawing time and the address's limit, not rows.
 */
export class CaptchaService {
  private lastSweep = 0

  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
    /** Tests only (MDM_CAPTCHA_ANSWER): every captcha's answer. */
    private readonly fixedAnswer: string | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  async create(): Promise<{ id: string; img: string }> {
    const answer = (this.fixedAnswer ?? randomText()).toUpperCase()
    // Compact (the id travels in every sign-in): nonce, answer and expiry in seconds, dot-separated.
    const sealed = [randomBytes(9).toString('base64url'), answer, Math.floor((this.now() + CAPTCHA_TTL_MS) / 1000).toString(36)].join('.')
    return { id: this.secrets.seal(sealed), img: renderCaptcha(this.fixedAnswer ?? answer) }
  }

  /** Consumes the captcha whatever the answer: each captcha is checked at most once. */
  async consume(id: string, answer: string): Promise<boolean> {
    const sealed = this.open(id)
    if (!sealed || sealed.e <= this.now()) return false
    const [fresh] = await this.db
      .insert(captchas)
      .values({ id: sealed.n, answer: '', expiresAt: new Date(sealed.e) })
      .onConflictDoNothing()
      .returning({ id: captchas.id })
    await this.sweep()
    return !!fresh && sealed.a === answer.trim().toUpperCase()
  }

  /** What the id says, if this server sealed it; anything else (forged, changed, of another key) is nothing. */
  private open(id: string): Sealed | null {
    if (!id.startsWith(SEALED_PREFIX)) return null
    try {
      const [n, a, e] = this.secrets.open(id).split('.')
      const expires = parseInt(e ?? '', 36) * 1000
      return n && a && Number.isFinite(expires) ? { n, a, e: expires } : null
    } catch {
      return null
    }
  }

  /** At most once a minute: the nonces of captchas that have expired anyway go. */
  private async sweep(): Promise<void> {
    const now = this.now()
    if (now - this.lastSweep < 60_000) return
    this.lastSweep = now
    await this.db.delete(captchas).where(lt(captchas.expiresAt, new Date(now)))
  }
}

/** A captcha's id, opened: its nonce, answer and expiry (ms). */
interface Sealed {
  n: string
  a: string
  e: number
}

/** SecretBox.open passes an unsealed value through as it is: a captcha id must be sealed. */
const SEALED_PREFIX = 'v1.'
