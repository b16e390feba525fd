import { registrationEndpoints } from '../../../shared/contract/registration'
import type { RequestContext } from '../../context'
import { routesOf } from '../../http/endpoints'
import { RegistrationService } from './service'

const service = (ctx: RequestContext) => new RegistrationService(ctx.services.db)
const done = () => null

export const registrationRoutes = routesOf(registrationEndpoints, {
  search: (ctx, q) => service(ctx).search(q),
  approve: (ctx, req) => service(ctx).approve(req.id).then(done),
  reject: (ctx, req) => service(ctx).reject(req.id).then(done),
  remove: (ctx, req) => service(ctx).remove(req.id).then(done),
  update: (ctx, req) => service(ctx).update(req).then(done),
})
