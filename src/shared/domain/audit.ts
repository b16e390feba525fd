import { auditText } from '../messages/audit'

export type AuditAction = keyof typeof auditText.actions

/** Every action the audit trail records (the search's filter offers these). */
export const auditActions = Object.keys(auditText.actions) as [AuditAction, ...AuditAction[]]
