import { personalCenterEndpoints } from '../../../shared/contract/personal-center'
import { routesOf } from '../../http/endpoints'

const done = () => null

export const personalCenterRoutes = routesOf(personalCenterEndpoints, {
  security: (ctx) => ctx.services.personalCenter.security(ctx.user),
  updatePassword: (ctx, req) => ctx.services.personalCenter.updatePassword(ctx.user, req).then(done),
  updateSecondaryPassword: (ctx, req) => ctx.services.personalCenter.updateSecondaryPassword(ctx.user, req).then(done),
  sendCode: (ctx, req) => ctx.services.personalCenter.sendCode(ctx.user, req.phoneNumber, ctx.clientIp),
  updatePhoneNumber: (ctx, req) => ctx.services.personalCenter.updatePhoneNumber(ctx.user, req).then(done),
})
