import { accessEndpoints } from '../../../shared/contract/access'
import { routesOf } from '../../http/endpoints'

const done = () => null

export const accessRoutes = routesOf(accessEndpoints, {
  get: (ctx) => ctx.services.accessKeys.get(ctx.user),
  create: (ctx, req) => ctx.services.accessKeys.create(ctx.user, req),
  refresh: (ctx) => ctx.services.accessKeys.refresh(ctx.user),
  remove: (ctx) => ctx.services.accessKeys.remove(ctx.user).then(done),
})
