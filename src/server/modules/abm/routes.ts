import { abmEndpoints } from '../../../shared/contract/abm'
import { routesOf } from '../../http/endpoints'

/** The company's Apple Business Manager link (contract/abm.ts, issue #42). */
export const abmRoutes = routesOf(abmEndpoints, {
  state: (ctx) => ctx.services.abm.state(ctx.user),
  publicKey: (ctx) => ctx.services.abm.publicKey(ctx.user),
  token: (ctx, req) => ctx.services.abm.linkToken(ctx.user, req.token),
  sync: (ctx) => ctx.services.abm.syncNow(ctx.user),
  devices: (ctx, req) => ctx.services.abm.devices(ctx.user, req),
})
