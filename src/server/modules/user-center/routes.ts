import { Hono } from 'hono'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { ok } from '../../http/envelope'
import { userInfo, userMenu } from './service'

export const userCenterRoutes = new Hono<AppEnv>()
  .post('/userCenter/info', access.signedIn, (c) => ok(c, userInfo(c.var.user)))
  .get('/userCenter/menu', access.signedIn, (c) => ok(c, userMenu(c.var.user)))
