import { and, asc, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { MAX_PHRASES_PER_TYPE, type CommonPhrase, type CommonPhraseAddRequest, type PhraseType } from '../../../shared/contract/common-phrases'
import { phraseText as t } from '../../../shared/messages/apple'
import { ownCompanyId } from '../../auth/scope'
import type { CurrentUser } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { commonPhrases } from '../../db/schema'
import { isUniqueViolation } from '../../db/unique-violation'
import { ApiError } from '../../http/errors'

type AddInput = z.output<typeof CommonPhraseAddRequest>

/**
 * Saved phrases and phones (SPEC §7 'Phrases') of the user's own company (auth/scope.ts ownCompanyId): what one
 * company saves, no other sees or deletes; an id of another company's entry answers like a missing one.
 */
export class CommonPhraseService {
  constructor(private readonly db: Db) {}

  private company(user: CurrentUser): number {
    const companyId = ownCompanyId(user)
    if (companyId === null) throw ApiError.forbidden(t.companyOnly)
    return companyId
  }

  /** GET /user/commonPhrasesPhone/listByType: oldest first. The administrator has none. */
  async listByType(user: CurrentUser, type: PhraseType): Promise<CommonPhrase[]> {
    const companyId = ownCompanyId(user)
    if (companyId === null) return []
    const rows = await this.db
      .select()
      .from(commonPhrases)
      .where(and(eq(commonPhrases.companyId, companyId), eq(commonPhrases.type, type)))
      .orderBy(asc(commonPhrases.createdAt), asc(commonPhrases.id))
    return rows.map((r) => ({ id: r.id, type: r.type, value: r.value, createdAt: r.createdAt.toISOString() }))
  }

  /** POST /user/commonPhrasesPhone/add: a value saved twice is refused; a company keeps at most MAX_PHRASES_PER_TYPE of a type. */
  async add(user: CurrentUser, req: AddInput): Promise<{ id: number }> {
    const companyId = this.company(user)
    try {
      return await this.db.transaction(async (tx) => {
        const [{ saved }] = await tx
          .select({ saved: count() })
          .from(commonPhrases)
          .where(and(eq(commonPhrases.companyId, companyId), eq(commonPhrases.type, req.type)))
        const [same] = await tx
          .select({ id: commonPhrases.id })
          .from(commonPhrases)
          .where(and(eq(commonPhrases.companyId, companyId), eq(commonPhrases.type, req.type), eq(commonPhrases.value, req.value)))
        if (same) throw ApiError.conflict(t.duplicate(req.type))
        if (saved >= MAX_PHRASES_PER_TYPE) throw ApiError.badRequest(t.tooMany(MAX_PHRASES_PER_TYPE))
        const [row] = await tx
          .insert(commonPhrases)
          .values({ companyId, type: req.type, value: req.value, createdBy: user.id })
          .returning({ id: commonPhrases.id })
        return row
      })
    } catch (err) {
      // Two adds of one value at the same moment: the unique index refuses the second.
      if (isUniqueViolation(err)) throw ApiError.conflict(t.duplicate(req.type))
      throw err
    }
  }

  /** POST /user/commonPhrasesPhone/delete */
  async delete(user: CurrentUser, id: number): Promise<void> {
    const companyId = ownCompanyId(user)
    const deleted = companyId === null
      ? []
      : await this.db
          .delete(commonPhrases)
          .where(and(eq(commonPhrases.id, id), eq(commonPhrases.companyId, companyId)))
          .returning({ id: commonPhrases.id })
    if (deleted.length === 0) throw ApiError.notFound(t.notFound)
  }
}
