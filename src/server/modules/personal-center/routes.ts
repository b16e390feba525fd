import { personalCenterEndpoints } from '../../../shared/contract/personal-center'
import type { RequestContext } from '../../context'
import { routesOf } from '../../http/endpoints'
import { limits } from '../../auth/rate-limit'
import { PersonalCenterService } from './service'

const service = (ctx: RequestContext) => new PersonalCenterService(ctx.services.db, ctx.services.sessions, ctx.services.sms, ctx.user)
const done = () => null

export const personalCenterRoutes = routesOf(personalCenterEndpoints, {
  security: (ctx) => service(ctx).security(),
  updatePassword: (ctx, req) => service(ctx).updatePassword(req).then(done),
  updateSecondaryPassword: (ctx, req) => service(ctx).updateSecondaryPassword(req).then(done),
  sendCode: async (ctx, req) => {
    // Each account has its own limit (the service's); codes sent from one address are limited too (issue #10).
    const { limiter } = ctx.services
    await limiter.check(limits.smsPerAddress, ctx.clientIp)
    const sent = await service(ctx).sendCode(req.phoneNumber)
    await limiter.hit(limits.smsPerAddress, ctx.clientIp)
    return sent
  },
  updatePhoneNumber: (ctx, req) => service(ctx).updatePhoneNumber(req).then(done),
})
