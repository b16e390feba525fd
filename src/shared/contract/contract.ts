import { z } from 'zod'
import { agreementMessages } from '../messages/announcement'
import { access, endpoint, noRequest } from './endpoint'
import { idSchema } from './id'
import { AGREEMENT_TEXT_MAX } from '../domain/announcement'


/** PUT /contract/text: a new version of the platform's agreement (the administrator). */
export const AgreementTextRequest = z.object({ text: z.string().trim().min(1).max(AGREEMENT_TEXT_MAX) })
export type AgreementTextRequest = z.input<typeof AgreementTextRequest>

/** POST /contract/accept: the version the boss read, so a text changed meanwhile is not accepted unread. */
export const AgreementAcceptRequest = z.object({ versionId: idSchema })
export type AgreementAcceptRequest = z.input<typeof AgreementAcceptRequest>

export const AgreementAcceptance = z.object({
  versionId: z.number(),
  acceptedAt: z.string(),
  /** The boss who accepted: name (username). */
  acceptedBy: z.string(),
  /** Whether the accepted version is the current one. */
  current: z.boolean(),
})

/**
 * GET /contract/current: the current text (null before the administrator sets one); for a company user, the latest
 * acceptance of their top-level company (null when never accepted) and whether they may accept.
 */
export const AgreementResponse = z.object({
  version: z.object({ id: z.number(), text: z.string(), updatedAt: z.string() }).nullable(),
  companyName: z.string().nullable(),
  acceptance: AgreementAcceptance.nullable(),
  canAccept: z.boolean(),
  canEdit: z.boolean(),
})
export type AgreementResponse = z.infer<typeof AgreementResponse>

/**
 * The service agreement of /contract (issue #15): one platform-wide text, versioned, that the administrator sets;
 * each top-level company's boss accepts it for the company and its child companies, who read it with the date.
 */
export const contractEndpoints = {
  current: endpoint({ base: 'main', method: 'GET', path: '/contract/current', access: access.authority('contract'), request: noRequest, response: AgreementResponse }),
  setText: endpoint({ base: 'main', method: 'PUT', path: '/contract/text', access: access.authority('contract:manage'), request: AgreementTextRequest, response: AgreementResponse, success: agreementMessages.saved }),
  accept: endpoint({ base: 'main', method: 'POST', path: '/contract/accept', access: access.authority('contract'), request: AgreementAcceptRequest, response: AgreementResponse, success: agreementMessages.accepted }),
}
