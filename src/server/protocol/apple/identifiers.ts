/* A leaf module: the catalogue (commands.ts), the detail's requests (detail-b.ts), the reading of answers
   (acknowledged.ts) and the enrollment profile (profile.ts) all need it. */

/** The PayloadIdentifier of every enrollment profile this server hands out (RemoveProfile names it). */
export const ENROLLMENT_PROFILE_IDENTIFIER = 'cn.mdm-console.enrollment'
