import { lifecycleEndpoints } from '../../../shared/contract/lifecycle'
import { routesOf } from '../../http/endpoints'

export const lifecycleRoutes = routesOf(lifecycleEndpoints, {
  policy: (ctx) => ctx.services.lifecycle.policy(ctx.user),
  savePolicy: (ctx, req) => ctx.services.lifecycle.savePolicy(ctx.user, req),
  expiring: (ctx, q) => ctx.services.lifecycle.expiring(ctx.user, q),
  markPaid: (ctx, req) => ctx.services.lifecycle.markPaid(ctx.user, req.deviceId),
  exempt: (ctx, req) => ctx.services.lifecycle.setExempt(ctx.user, req.deviceId, req.exempt),
})
