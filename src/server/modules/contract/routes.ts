import { contractEndpoints } from '../../../shared/contract/contract'
import { routesOf } from '../../http/endpoints'

export const contractRoutes = routesOf(contractEndpoints, {
  current: (ctx) => ctx.services.agreements.current(ctx.user),
  setText: (ctx, req) => ctx.services.agreements.setText(ctx.user, req.text),
  accept: (ctx, req) => ctx.services.agreements.accept(ctx.user, req.versionId),
})
