import { blacklistEndpoints } from '../../../shared/contract/blacklist'
import { routesOf } from '../../http/endpoints'

export const blacklistRoutes = routesOf(blacklistEndpoints, {
  lookup: (ctx, q) => ctx.services.blacklist.lookup(ctx.user, q.value),
  search: (ctx, q) => ctx.services.blacklist.search(q),
  add: (ctx, req) => ctx.services.blacklist.add(ctx.user, req),
  remove: (ctx, req) => ctx.services.blacklist.remove(ctx.user, req.id),
})
