import { accountEndpoints } from '../../../shared/contract/account'
import { routesOf } from '../../http/endpoints'
import { userInfo, userMenu } from '../user-center/service'
import { AccountService } from './service'

export const accountRoutes = routesOf(accountEndpoints, {
  captcha: (ctx) => ctx.services.captcha.create(),
  login: (ctx, req) => new AccountService(ctx.services).login(req, ctx.clientIp),
  logout: async (ctx) => {
    await new AccountService(ctx.services).logout(ctx.user.sessionId)
    return null
  },
  register: async (ctx, req) => {
    await new AccountService(ctx.services).register(req, ctx.clientIp)
    return null
  },
  wxCheck: () => ({ enabled: false }),
  appConfig: (ctx) => {
    const { icp, map } = ctx.services.config
    return { icp, map }
  },
  info: (ctx) => userInfo(ctx.user),
  menu: (ctx) => userMenu(ctx.user),
})
