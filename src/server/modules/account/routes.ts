import { Hono } from 'hono'
import { LoginRequest, RegisterRequest } from '../../../shared/contract/account'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { clientIp } from '../../http/client-ip'
import { ok, parseBody } from '../../http/envelope'
import { AccountService } from './service'

const service = (c: { var: AppEnv['Variables'] }) => new AccountService(c.var.services)

export const accountRoutes = new Hono<AppEnv>()
  .get('/captcha', access.public, async (c) => ok(c, await c.var.services.captcha.create()))
  .post('/login', access.public, async (c) => ok(c, await service(c).login(await parseBody(c, LoginRequest), clientIp(c))))
  .post('/logout', access.signedIn, async (c) => {
    await service(c).logout(c.var.user.sessionId)
    return ok(c, null)
  })
  .post('/register', access.public, async (c) => {
    await service(c).register(await parseBody(c, RegisterRequest), clientIp(c))
    return ok(c, null)
  })
  // WeChat sign-in is not offered; the console asks before showing a WeChat button.
  .get('/account/WXCheck', access.public, (c) => ok(c, { enabled: false }))
