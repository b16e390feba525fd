import { roleEndpoints } from '../../../shared/contract/role'
import type { RequestContext } from '../../context'
import { routesOf } from '../../http/endpoints'
import { RoleService } from './service'

const service = (ctx: RequestContext) => new RoleService(ctx.services.db, ctx.user)

export const roleRoutes = routesOf(roleEndpoints, {
  authorityTree: (ctx, q) => service(ctx).tree(q.authorityUserType),
  search: (ctx, q) => service(ctx).search(q),
  detail: (ctx, q) => service(ctx).detail(q.roleId),
  list: (ctx, q) => service(ctx).list(q.roleType, q.companyId),
  add: (ctx, req) => service(ctx).add(req),
  update: async (ctx, req) => {
    await service(ctx).update(req)
    return null
  },
  remove: async (ctx, req) => {
    await service(ctx).remove(req.id)
    return null
  },
})
