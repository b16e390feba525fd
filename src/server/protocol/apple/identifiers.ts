/* A leaf module: the catalogue (commands.ts) and the detail's requests (detail-b.ts) both need it, and commands.ts
   imports detail-b.ts, so defining it in either makes an import cycle that breaks the server's start. */

/** The PayloadIdentifier of every enrollment profile this server hands out (RemoveProfile names it). */
export const ENROLLMENT_PROFILE_IDENTIFIER = 'cn.mdm-console.enrollment'
