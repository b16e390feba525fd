import { staffEndpoints } from '../../../shared/contract/staff'
import type { RequestContext } from '../../context'
import { routesOf } from '../../http/endpoints'
import { StaffService } from './service'

const service = (ctx: RequestContext) => new StaffService(ctx.services.db, ctx.services.sessions, ctx.user)

export const staffRoutes = routesOf(staffEndpoints, {
  search: (ctx, q) => service(ctx).search(q),
  add: (ctx, req) => service(ctx).add(req),
  update: async (ctx, req) => {
    await service(ctx).update(req)
    return null
  },
  remove: async (ctx, req) => {
    await service(ctx).remove(req.id)
    return null
  },
  resetPassword: (ctx, req) => service(ctx).resetPassword(req.staffId),
})
