import { quotaEndpoints } from '../../../shared/contract/quota'
import { routesOf } from '../../http/endpoints'

export const quotaRoutes = routesOf(quotaEndpoints, {
  changeQuantity: (ctx, req) => ctx.services.quotaAccounts.changeQuantity(ctx.user, req),
  openHuawei: (ctx, req) => ctx.services.quotaAccounts.openHuawei(ctx.user, req.companyId),
  records: (ctx, q) => ctx.services.quotaAccounts.records(ctx.user, q),
  info: (ctx, q) => ctx.services.quotaAccounts.info(ctx.user, q.quotaType, q.companyId),
  own: (ctx) => ctx.services.quotaAccounts.own(ctx.user),
})
