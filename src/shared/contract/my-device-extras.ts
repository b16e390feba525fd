import { z } from 'zod'
import { access, binaryResponse, endpoint, noRequest } from './endpoint'
import { TaskSearchQuery, TaskSearchResponse } from './huawei-device'

/**
 * The 'my device' endpoints SPEC §7 leaves unshown ("some detail paths are not shown"), beside my-device.ts:
 * an Apple device's task log (the detail's 日志), and a one-time link to the enrollment profile that a phone can
 * open from a QR code — the phone carries no console token, so the link itself is the permission.
 */

/** A ticket: sealed by the server (its secret box), opaque to everyone else. */
export const EnrollmentTicketQuery = z.object({ ticket: z.string().trim().regex(/^v1\.[A-Za-z0-9_-]{40,400}$/) })

export const EnrollmentLinkResponse = z.object({
  /** Absolute path on this server (the console prefixes its origin). */
  path: z.string(),
  /** ISO time after which the link answers 404. */
  expiresAt: z.string(),
})
export type EnrollmentLinkResponse = z.infer<typeof EnrollmentLinkResponse>

export const myDeviceExtraEndpoints = {
  taskSearch: endpoint({ base: 'main', method: 'GET', path: '/myDevice/task/search', access: access.authority('ios:device'), request: TaskSearchQuery, response: TaskSearchResponse }),
  /** A single-use, short-lived link to a fresh profile of the user's own company (company accounts only). */
  enrollmentLink: endpoint({ base: 'main', method: 'POST', path: '/myDevice/enrollmentLink', access: access.authority('ios:device'), request: noRequest, response: EnrollmentLinkResponse }),
  /** The profile behind a link, once: the ticket is spent by the download. */
  enrollmentByTicket: endpoint({ base: 'main', method: 'GET', path: '/myDevice/enrollmentProfile/byTicket', access: access.public, request: EnrollmentTicketQuery, response: binaryResponse, binary: true }),
}
