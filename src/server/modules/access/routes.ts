import { accessEndpoints } from '../../../shared/contract/access'
import type { RequestContext } from '../../context'
import { routesOf } from '../../http/endpoints'
import { AccessKeyService } from './service'

const service = (ctx: RequestContext) => new AccessKeyService(ctx.services.db, ctx.user, ctx.services.secrets)

export const accessRoutes = routesOf(accessEndpoints, {
  get: (ctx) => service(ctx).get(),
  create: (ctx, req) => service(ctx).create(req),
  refresh: (ctx) => service(ctx).refresh(),
  remove: (ctx) => service(ctx).remove().then(() => null),
})
