import { Hono } from 'hono'
import { AccessCreateRequest } from '../../../shared/contract/access'
import { successMessages } from '../../../shared/messages'
import { access } from '../../auth/guard'
import type { AppEnv } from '../../context'
import { ok, parseBody } from '../../http/envelope'
import { AccessKeyService } from './service'

const service = (c: { var: AppEnv['Variables'] }) => new AccessKeyService(c.var.services.db, c.var.user, c.var.services.secrets)
const accessKey = access.authority('access')

export const accessRoutes = new Hono<AppEnv>()
  .get('/access/get', accessKey, async (c) => {
    // The answer carries the secret: never cache it anywhere on the way.
    c.header('Cache-Control', 'no-store')
    return ok(c, await service(c).get())
  })
  .post('/access/create', accessKey, async (c) => {
    c.header('Cache-Control', 'no-store')
    return ok(c, await service(c).create(await parseBody(c, AccessCreateRequest)), successMessages.createKey)
  })
  .put('/access/refresh', accessKey, async (c) => {
    c.header('Cache-Control', 'no-store')
    return ok(c, await service(c).refresh(), successMessages.regenerateKey)
  })
  .post('/access/delete', accessKey, async (c) => {
    await service(c).remove()
    return ok(c, null, successMessages.delete)
  })
