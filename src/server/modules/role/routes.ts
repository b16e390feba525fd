import { roleEndpoints } from '../../../shared/contract/role'
import { routesOf } from '../../http/endpoints'

const done = () => null

export const roleRoutes = routesOf(roleEndpoints, {
  authorityTree: (ctx, q) => ctx.services.roles.tree(ctx.user, q.authorityUserType),
  search: (ctx, q) => ctx.services.roles.search(ctx.user, q),
  detail: (ctx, q) => ctx.services.roles.detail(ctx.user, q.roleId),
  list: (ctx, q) => ctx.services.roles.list(ctx.user, q.roleType, q.companyId),
  add: (ctx, req) => ctx.services.roles.add(ctx.user, req),
  update: (ctx, req) => ctx.services.roles.update(ctx.user, req).then(done),
  remove: (ctx, req) => ctx.services.roles.remove(ctx.user, req.id).then(done),
})
