import { registrationEndpoints } from '../../../shared/contract/registration'
import { routesOf } from '../../http/endpoints'

const done = () => null

export const registrationRoutes = routesOf(registrationEndpoints, {
  search: (ctx, q) => ctx.services.registrations.search(q),
  approve: (ctx, req) => ctx.services.registrations.approve(req.id).then(done),
  reject: (ctx, req) => ctx.services.registrations.reject(req.id).then(done),
  remove: (ctx, req) => ctx.services.registrations.remove(req.id).then(done),
  update: (ctx, req) => ctx.services.registrations.update(req).then(done),
})
