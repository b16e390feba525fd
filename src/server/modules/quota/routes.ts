import { quotaEndpoints } from '../../../shared/contract/quota'
import type { RequestContext } from '../../context'
import { routesOf } from '../../http/endpoints'
import { QuotaAccountService } from './account-service'

const service = (ctx: RequestContext) => new QuotaAccountService(ctx.services.db, ctx.user)

export const quotaRoutes = routesOf(quotaEndpoints, {
  changeQuantity: (ctx, req) => service(ctx).changeQuantity(req),
  openHuawei: (ctx, req) => service(ctx).openHuawei(req.companyId),
  records: (ctx, q) => service(ctx).records(q),
  info: (ctx, q) => service(ctx).info(q.quotaType, q.companyId),
  own: (ctx) => service(ctx).own(),
})
