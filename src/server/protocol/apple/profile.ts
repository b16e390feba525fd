import { randomUUID } from 'node:crypto'
import { appleMdmText as t } from '../../../shared/messages/apple'
import { ENROLLMENT_PROFILE_IDENTIFIER } from './identifiers'
import { buildPlist } from './plist'

export const APPLE_MDM_BASE = '/mdm/apple'
export const CHECKIN_PATH = '/checkin'
export const SERVER_PATH = '/server'
/** Issue #42: the enrollment URL of the company's ABM profile (MDM_PUBLIC_URL + APPLE_MDM_BASE + this). */
export const DEP_ENROLL_PATH = '/dep/enroll'
/** All rights an MDM server can ask for (Apple's com.apple.mdm AccessRights: the sum of every bit, 1…4096). */
export const ALL_ACCESS_RIGHTS = 8191

/**
 * The enrollment profile (.mobileconfig) of one download: a com.apple.security.pkcs12 payload with the device
 * identity the server's CA issued for it, and the com.apple.mdm payload that names that identity, this server's
 * check-in and command URLs and the APNs topic. Keys as in Apple's schema (mdm/profiles/com.apple.mdm.yaml).
 */
export function enrollmentProfile(input: {
  publicUrl: string
  topic: string
  companyName: string
  identity: { pkcs12: Buffer; password: string }
}): string {
  const identityUuid = randomUUID().toUpperCase()
  const mdmUuid = randomUUID().toUpperCase()
  return buildPlist({
    PayloadType: 'Configuration',
    PayloadVersion: 1,
    PayloadIdentifier: ENROLLMENT_PROFILE_IDENTIFIER,
    PayloadUUID: randomUUID().toUpperCase(),
    PayloadDisplayName: t.profileDisplayName(input.companyName),
    PayloadDescription: t.profileDescription,
    PayloadOrganization: input.companyName,
    PayloadRemovalDisallowed: false,
    PayloadContent: [
      {
        PayloadType: 'com.apple.security.pkcs12',
        PayloadVersion: 1,
        PayloadIdentifier: `${ENROLLMENT_PROFILE_IDENTIFIER}.identity`,
        PayloadUUID: identityUuid,
        PayloadDisplayName: t.identityPayloadName,
        PayloadCertificateFileName: 'identity.p12',
        PayloadContent: input.identity.pkcs12,
        Password: input.identity.password,
      },
      {
        PayloadType: 'com.apple.mdm',
        PayloadVersion: 1,
        PayloadIdentifier: `${ENROLLMENT_PROFILE_IDENTIFIER}.mdm`,
        PayloadUUID: mdmUuid,
        PayloadDisplayName: t.mdmPayloadName,
        ServerURL: `${input.publicUrl}${APPLE_MDM_BASE}${SERVER_PATH}`,
        CheckInURL: `${input.publicUrl}${APPLE_MDM_BASE}${CHECKIN_PATH}`,
        Topic: input.topic,
        IdentityCertificateUUID: identityUuid,
        SignMessage: true,
        AccessRights: ALL_ACCESS_RIGHTS,
        CheckOutWhenRemoved: true,
      },
    ],
  })
}
