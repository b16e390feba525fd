import { and, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  BlacklistAddRequest,
  BlacklistEntry,
  BlacklistHit,
  BlacklistLookupResponse,
  BlacklistSearchQuery,
} from '../../../shared/contract/blacklist'
import { ResultCode } from '../../../shared/contract/envelope'
import type { BlacklistKind } from '../../../shared/domain/blacklist'
import { validateIdCard } from '../../../shared/domain/validators'
import { isImei } from '../../../shared/domain/device-list-order'
import { blacklistKindLabels, blacklistText as t } from '../../../shared/messages/biz'
import type { RateLimiter, LimitRule } from '../../auth/rate-limit'
import type { CurrentUser } from '../../auth/sessions'
import type { SecretBox } from '../../crypto/secret-box'
import type { Db } from '../../db/client'
import { likePattern } from '../../db/like'
import { newestFirst, pageWindow } from '../../db/paging'
import { blacklistEntries, users } from '../../db/schema'
import { isUniqueViolation } from '../../db/unique-violation'
import { ApiError } from '../../http/errors'
import { iso } from '../../http/iso'
import { recordAudit } from '../audit/service'

type Tx = Pick<Db, 'select'>
type SearchInput = z.output<typeof BlacklistSearchQuery>

/**
 * Lookups per account: enough for a desk checking renters all day, too few to walk through serial or ID-card
 * numbers and harvest which are listed (docs/blacklist.md).
 */
export const blacklistLookupLimit: LimitRule = { name: 'blacklist:lookup', points: 60, windowMs: 60 * 60_000, message: t.lookupLocked }

const SERIAL = /^[A-Z0-9-]{1,64}$/
const ID_CARD = /^\d{17}[\dX]$/

/** What a device being saved or enrolling may match: its serial, its IMEI, its renter's ID-card number. */
export interface BlacklistCandidates {
  serialNumber?: string
  imei?: string
  renterIdCard?: string
}

/** 110101**********123X: enough to tell entries apart, not enough to be the number. */
export function maskIdCard(value: string): string {
  return `${value.slice(0, 4)}${'*'.repeat(10)}${value.slice(-4)}`
}

/**
 * The platform's blacklist (issue #15): the administrator's entries, the lookup every user has, and the checks the
 * device registry and the enrollment protocols make. ID-card numbers are matched by a keyed digest only.
 */
export class BlacklistService {
  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
    private readonly limiter: RateLimiter,
  ) {}

  /** The keys a value matches under each kind it can be. */
  private keysOf(c: BlacklistCandidates): { kind: BlacklistKind; matchKey: string }[] {
    const keys: { kind: BlacklistKind; matchKey: string }[] = []
    const serial = c.serialNumber?.trim().toUpperCase()
    const imei = c.imei?.trim()
    const idCard = c.renterIdCard?.trim().toUpperCase()
    if (serial && SERIAL.test(serial)) keys.push({ kind: 'SERIAL', matchKey: serial })
    if (isImei(imei)) keys.push({ kind: 'IMEI', matchKey: imei })
    if (idCard && ID_CARD.test(idCard)) keys.push({ kind: 'ID_CARD', matchKey: this.secrets.digest(idCard) })
    return keys
  }

  /** The entries in force that match any of the candidates. */
  async matches(candidates: BlacklistCandidates, tx: Tx = this.db) {
    return activeMatches(tx, this.keysOf(candidates))
  }

  /**
   * Before a device is added or registered: a match answers ResultCode.blacklisted with the kinds and reasons (what
   * the user typed is all it names), unless the user already confirmed; a confirmed save is in the audit trail.
   */
  async guardNewDevice(tx: Tx & Pick<Db, 'insert'>, candidates: BlacklistCandidates, confirmed: boolean | undefined): Promise<void> {
    const hits = await this.matches(candidates, tx)
    if (hits.length === 0) return
    const listed = hits.map((h) => t.hit(blacklistKindLabels[h.kind], h.reason)).join(t.hitSeparator)
    if (!confirmed) throw new ApiError(ResultCode.blacklisted, t.warning(listed))
    await recordAudit(tx, { action: 'blacklist.override', targetKind: 'DEVICE', targetId: candidates.serialNumber ?? '', summary: `${candidates.serialNumber ?? ''}：${listed}` })
  }

  /** GET /blacklist/lookup: whether and why — never whose. Counted per account (the administrator is not limited). */
  async lookup(user: CurrentUser, value: string): Promise<BlacklistLookupResponse> {
    if (user.kind !== 'ADMIN') {
      const subject = `user:${user.id}`
      await this.limiter.take(blacklistLookupLimit, subject)
    }
    const v = value.trim()
    const hits = await this.matches({ serialNumber: v, imei: v, renterIdCard: v })
    const answer: BlacklistHit[] = hits.map((h) => ({ kind: h.kind, reason: h.reason, since: iso(h.createdAt), blockEnrollment: h.blockEnrollment }))
    return { listed: answer.length > 0, hits: answer }
  }

  /** GET /blacklist/search: the entries in force, newest first; the keyword finds a serial or IMEI in part, an ID-card number whole. */
  async search(q: SearchInput): Promise<{ records: BlacklistEntry[]; total: number }> {
    const keyword = q.keyword?.trim()
    const idCard = keyword?.toUpperCase()
    const where: SQL | undefined = and(
      isNull(blacklistEntries.removedAt),
      q.kind ? eq(blacklistEntries.kind, q.kind) : undefined,
      keyword
        ? or(
            ilike(blacklistEntries.display, likePattern(keyword)),
            idCard && ID_CARD.test(idCard) ? eq(blacklistEntries.matchKey, this.secrets.digest(idCard)) : undefined,
          )
        : undefined,
    )
    const [rows, [{ total }]] = await Promise.all([
      newestFirst(
        this.db.select({ e: blacklistEntries, createdByName: users.name }).from(blacklistEntries).leftJoin(users, eq(users.id, blacklistEntries.createdBy)),
        blacklistEntries.id,
        where,
        pageWindow(q),
      ),
      this.db.select({ total: count() }).from(blacklistEntries).where(where),
    ])
    return { total, records: rows.map(({ e, createdByName }) => entryOf(e, createdByName)) }
  }

  /** The value as its kind stores it, or the reason it is not one. */
  private normalized(kind: BlacklistKind, raw: string): { matchKey: string; display: string } {
    const value = raw.trim().toUpperCase()
    switch (kind) {
      case 'SERIAL':
        if (!SERIAL.test(value)) throw ApiError.badRequest(t.serialInvalid)
        return { matchKey: value, display: value }
      case 'IMEI':
        if (!isImei(value)) throw ApiError.badRequest(t.imeiInvalid)
        return { matchKey: value, display: value }
      case 'ID_CARD': {
        const refusal = validateIdCard(value)
        if (refusal) throw ApiError.badRequest(refusal)
        return { matchKey: this.secrets.digest(value), display: maskIdCard(value) }
      }
    }
  }

  /** POST /blacklist/add */
  async add(user: CurrentUser, req: z.output<typeof BlacklistAddRequest>): Promise<BlacklistEntry> {
    const key = this.normalized(req.kind, req.value)
    try {
      const [row] = await this.db
        .insert(blacklistEntries)
        .values({ kind: req.kind, ...key, reason: req.reason, blockEnrollment: req.blockEnrollment, createdBy: user.id })
        .returning()
      await recordAudit(this.db, { action: 'blacklist.add', targetKind: 'BLACKLIST', targetId: row.id, summary: `${t.summary(blacklistKindLabels[req.kind], key.display)}：${req.reason}` })
      return entryOf(row, user.name)
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict(t.duplicate)
      throw err
    }
  }

  /** POST /blacklist/remove: the entry stops matching; the row stays with who removed it and when. */
  async remove(user: CurrentUser, id: number): Promise<null> {
    const [row] = await this.db
      .update(blacklistEntries)
      .set({ removedAt: new Date(), removedBy: user.id })
      .where(and(eq(blacklistEntries.id, id), isNull(blacklistEntries.removedAt)))
      .returning()
    if (!row) throw ApiError.notFound(t.entryNotFound)
    await recordAudit(this.db, { action: 'blacklist.remove', targetKind: 'BLACKLIST', targetId: row.id, summary: t.summary(blacklistKindLabels[row.kind], row.display) })
    return null
  }
}

function entryOf(e: typeof blacklistEntries.$inferSelect, createdByName: string | null): BlacklistEntry {
  return { id: e.id, kind: e.kind, display: e.display, reason: e.reason, blockEnrollment: e.blockEnrollment, createdAt: iso(e.createdAt), createdByName }
}

async function activeMatches(tx: Tx, keys: { kind: BlacklistKind; matchKey: string }[]) {
  if (keys.length === 0) return []
  return tx
    .select()
    .from(blacklistEntries)
    .where(and(isNull(blacklistEntries.removedAt), or(...keys.map((k) => and(eq(blacklistEntries.kind, k.kind), eq(blacklistEntries.matchKey, k.matchKey))))))
    .orderBy(blacklistEntries.id)
}

/**
 * Whether an enrolling phone (Apple Authenticate, the Huawei / Mi agent's enroll) matches an entry whose
 * administrator chose to refuse enrollment. Serial and IMEI only: an enrolling phone names no renter.
 */
export async function enrollmentBlocked(tx: Tx, serialNumber: string, imei?: string | null): Promise<boolean> {
  const keys: { kind: BlacklistKind; matchKey: string }[] = [{ kind: 'SERIAL', matchKey: serialNumber.trim().toUpperCase() }]
  const enrolling = imei?.trim()
  if (isImei(enrolling)) keys.push({ kind: 'IMEI', matchKey: enrolling })
  const hits = await activeMatches(tx, keys)
  return hits.some((h) => h.blockEnrollment)
}

