import { auditEndpoints } from '../../../shared/contract/audit'
import { routesOf } from '../../http/endpoints'

/** The audit trail is read only: this is its one endpoint (a test walks every route to keep it so). */
export const auditRoutes = routesOf(auditEndpoints, {
  search: (ctx, q) => ctx.services.audit.search(ctx.user, q),
})
