import { accountEndpoints } from '../../../shared/contract/account'
import { routesOf } from '../../http/endpoints'
import { userInfo, userMenu } from '../user-center/service'

export const accountRoutes = routesOf(accountEndpoints, {
  captcha: (ctx) => ctx.services.account.captcha(ctx.clientIp),
  login: (ctx, req) => ctx.services.account.login(req, ctx.clientIp),
  logout: async (ctx) => {
    await ctx.services.account.logout(ctx.user.sessionId)
    return null
  },
  register: async (ctx, req) => {
    await ctx.services.account.register(req, ctx.clientIp)
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
