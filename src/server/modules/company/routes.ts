import { companyEndpoints } from '../../../shared/contract/company'
import { routesOf } from '../../http/endpoints'

const done = () => null

export const companyRoutes = routesOf(companyEndpoints, {
  search: (ctx, q) => ctx.services.companies.search(ctx.user, q),
  listChildren: (ctx, q) => ctx.services.companies.listChildren(ctx.user, q.companyId),
  devices: (ctx, q) => ctx.services.companies.devices(ctx.user, q),
  add: (ctx, req) => ctx.services.companies.add(ctx.user, req),
  update: (ctx, req) => ctx.services.companies.update(ctx.user, req).then(done),
  resetPassword: (ctx, req) => ctx.services.companies.resetPassword(ctx.user, req.bossId),
})
