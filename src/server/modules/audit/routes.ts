import { auditEndpoints } from '../../../shared/contract/audit'
import { routesOf } from '../../http/endpoints'
import { AuditService } from './service'

export const auditRoutes = routesOf(auditEndpoints, {
  search: (ctx, q) => new AuditService(ctx.services.db, ctx.user).search(q),
})
