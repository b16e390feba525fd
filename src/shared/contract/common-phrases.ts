import { z } from 'zod'
import { successMessages } from '../messages/common'
import { phraseText } from '../messages/apple'
import { isContactPhone, normalizeContactPhone } from '../domain/contact-phone'
import { access, endpoint, noData } from './endpoint'
import { idSchema } from './id'

/**
 * Saved phrases and phones of SPEC §7 'Phrases' (main base, /user/commonPhrasesPhone/…): the lost-mode dialog picks
 * its message from the PHRASES and its phone from the PHONE entries, and adds or removes them in place. They belong
 * to a company: its users and staff share them, and no other company sees them.
 */
export const phraseTypes = ['PHRASES', 'PHONE'] as const
export const phraseTypeSchema = z.enum(phraseTypes)
export type PhraseType = z.infer<typeof phraseTypeSchema>

/** A phrase fits a lock screen's message (EnableLostMode Message, 200 characters at most here). */
export const PHRASE_MAX_LENGTH = 200
/** Entries per company and type: a picker, not a notebook. */
export const MAX_PHRASES_PER_TYPE = 50

/** A phone a finder can call (domain/contact-phone.ts), stored and sent without spaces. */
export const contactPhoneSchema = z.string().trim().refine(isContactPhone, { error: phraseText.phoneFormat }).transform(normalizeContactPhone)

/** POST /user/commonPhrasesPhone/add: a phrase (1–200 characters) or a phone (contactPhoneSchema). */
export const CommonPhraseAddRequest = z
  .object({ type: phraseTypeSchema, value: z.string().trim().min(1).max(PHRASE_MAX_LENGTH) })
  .transform((r, ctx) => {
    if (r.type === 'PHRASES') return r
    const phone = contactPhoneSchema.safeParse(r.value)
    if (phone.success) return { ...r, value: phone.data }
    ctx.addIssue({ code: 'custom', path: ['value'], message: phraseText.phoneFormat })
    return z.NEVER
  })
export type CommonPhraseAddRequest = z.input<typeof CommonPhraseAddRequest>

export const CommonPhrase = z.object({ id: z.number(), type: phraseTypeSchema, value: z.string(), createdAt: z.string() })
export type CommonPhrase = z.infer<typeof CommonPhrase>

export const CommonPhraseListQuery = z.object({ type: phraseTypeSchema })
export const CommonPhraseDeleteRequest = z.object({ id: idSchema })

const phrases = access.authority('ios:command')

export const commonPhraseEndpoints = {
  add: endpoint({ base: 'main', method: 'POST', path: '/user/commonPhrasesPhone/add', access: phrases, request: CommonPhraseAddRequest, response: z.object({ id: z.number() }), success: successMessages.save }),
  delete: endpoint({ base: 'main', method: 'POST', path: '/user/commonPhrasesPhone/delete', access: phrases, request: CommonPhraseDeleteRequest, response: noData, success: successMessages.delete }),
  /** Oldest first, so an entry keeps its place in the picker. */
  listByType: endpoint({ base: 'main', method: 'GET', path: '/user/commonPhrasesPhone/listByType', access: phrases, request: CommonPhraseListQuery, response: z.array(CommonPhrase) }),
}
