import { iosDetailEndpoints } from '../../../shared/contract/ios-detail-a'
import { routesOf } from '../../http/endpoints'

/** The Apple detail's restriction, message, location and device-information endpoints (contract/ios-detail-a.ts). */
export const iosDetailRoutes = routesOf(iosDetailEndpoints, {
  restriction: (ctx, q) => ctx.services.iosDetail.restriction(ctx.user, q.deviceId),
  installRestriction: (ctx, req) => ctx.services.iosDetail.installRestriction(ctx.user, req),
  releaseRestriction: (ctx, req) => ctx.services.iosDetail.releaseRestriction(ctx.user, req.deviceId),
  lockScreenMessage: (ctx, q) => ctx.services.iosDetail.lockScreenMessage(ctx.user, q.deviceId),
  sendLockScreenMessage: (ctx, req) => ctx.services.iosDetail.sendLockScreenMessage(ctx.user, req),
  clearLockScreenMessage: (ctx, req) => ctx.services.iosDetail.clearLockScreenMessage(ctx.user, req.deviceId),
  location: (ctx, q) => ctx.services.iosDetail.location(ctx.user, q.deviceId),
  information: (ctx, q) => ctx.services.iosDetail.information(ctx.user, q.deviceId),
  refreshInformation: (ctx, req) => ctx.services.iosDetail.refreshInformation(ctx.user, req.deviceId),
})
