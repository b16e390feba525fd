import { staffEndpoints } from '../../../shared/contract/staff'
import { routesOf } from '../../http/endpoints'

const done = () => null

export const staffRoutes = routesOf(staffEndpoints, {
  search: (ctx, q) => ctx.services.staff.search(ctx.user, q),
  add: (ctx, req) => ctx.services.staff.add(ctx.user, req),
  update: (ctx, req) => ctx.services.staff.update(ctx.user, req).then(done),
  remove: (ctx, req) => ctx.services.staff.remove(ctx.user, req.id).then(done),
  resetPassword: (ctx, req) => ctx.services.staff.resetPassword(ctx.user, req.staffId),
})
