import { iosAppEndpoints } from '../../../shared/contract/ios-apps'
import { routesOf } from '../../http/endpoints'

/** The apps tab's endpoints (contract/ios-apps.ts). */
export const iosAppRoutes = routesOf(iosAppEndpoints, {
  list: (ctx) => ctx.services.iosApps.list(ctx.user),
  add: (ctx, req) => ctx.services.iosApps.add(ctx.user, req),
  delete: (ctx, req) => ctx.services.iosApps.delete(ctx.user, req.id).then(() => null),
  restrictions: (ctx, q) => ctx.services.iosApps.restrictions(ctx.user, q.deviceId),
  install: (ctx, req) => ctx.services.iosApps.install(ctx.user, req),
})
