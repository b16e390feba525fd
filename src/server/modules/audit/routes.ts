import { Hono } from 'hono'
import { AuditSearchQuery } from '../../../shared/contract/audit'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { ok, parseQuery } from '../../http/envelope'
import { AuditService } from './service'

/** The audit trail is read only: this is its one endpoint (a test walks every route to keep it so). */
export const auditRoutes = new Hono<AppEnv>().get('/audit/search', access.authority('audit'), async (c) =>
  ok(c, await new AuditService(c.var.services.db, c.var.user).search(parseQuery(c, AuditSearchQuery))),
)
