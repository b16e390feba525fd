import { companyEndpoints } from '../../../shared/contract/company'
import type { RequestContext } from '../../context'
import { routesOf } from '../../http/endpoints'
import { CompanyService } from './service'

const service = (ctx: RequestContext) => new CompanyService(ctx.services.db, ctx.services.sessions, ctx.user)

export const companyRoutes = routesOf(companyEndpoints, {
  search: (ctx, q) => service(ctx).search(q),
  listChildren: (ctx, q) => service(ctx).listChildren(q.companyId),
  devices: (ctx, q) => service(ctx).devices(q),
  add: (ctx, req) => service(ctx).add(req),
  update: async (ctx, req) => {
    await service(ctx).update(req)
    return null
  },
  resetPassword: (ctx, req) => service(ctx).resetPassword(req.bossId),
})
