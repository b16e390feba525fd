import { personalCenterEndpoints } from '../../../shared/contract/personal-center'
import type { RequestContext } from '../../context'
import { routesOf } from '../../http/endpoints'
import { PersonalCenterService } from './service'

const service = (ctx: RequestContext) => new PersonalCenterService(ctx.services.db, ctx.services.sessions, ctx.services.sms, ctx.user)
const done = () => null

export const personalCenterRoutes = routesOf(personalCenterEndpoints, {
  security: (ctx) => service(ctx).security(),
  updatePassword: (ctx, req) => service(ctx).updatePassword(req).then(done),
  updateSecondaryPassword: (ctx, req) => service(ctx).updateSecondaryPassword(req).then(done),
  sendCode: (ctx, req) => service(ctx).sendCode(req.phoneNumber),
  updatePhoneNumber: (ctx, req) => service(ctx).updatePhoneNumber(req).then(done),
})
