import { certificateEndpoints } from '../../../shared/contract/certificate'
import { routesOf } from '../../http/endpoints'

/** The certificate page's endpoints (contract/certificate.ts). */
export const certificateRoutes = routesOf(certificateEndpoints, {
  apns: (ctx) => ctx.services.certificates.info(),
  apnsExpiry: (ctx) => ctx.services.certificates.expiry(),
  upload: (ctx, req) => ctx.services.certificates.upload(ctx.user, req),
  pushRequest: (ctx) => ctx.services.certificates.pushRequests.state(),
  createPushRequest: (ctx) => ctx.services.certificates.pushRequests.create(ctx.user),
  pushRequestFile: (ctx, q) => ctx.services.certificates.pushRequests.file(q.kind),
})
