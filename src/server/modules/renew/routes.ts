import { renewEndpoints } from '../../../shared/contract/renew'
import { routesOf } from '../../http/endpoints'

export const renewRoutes = routesOf(renewEndpoints, {
  search: (ctx, q) => ctx.services.renewals.search(ctx.user, q),
  init: (ctx, req) => ctx.services.renewals.init(ctx.user, req),
  start: (ctx, req) => ctx.services.renewals.start(ctx.user, req.id),
  stop: (ctx, req) => ctx.services.renewals.stop(ctx.user, req.id),
})
