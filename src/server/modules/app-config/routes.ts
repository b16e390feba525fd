import { Hono } from 'hono'
import type { AppConfigResponse } from '../../../shared/contract/account'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { ok } from '../../http/envelope'

/** Public settings the console needs before sign-in (footer ICP notice, map tiles). */
export const appConfigRoutes = new Hono<AppEnv>().get('/app/config', access.public, (c) => {
  const { icp, map } = c.var.services.config
  const body: AppConfigResponse = { icp, map }
  return ok(c, body)
})
