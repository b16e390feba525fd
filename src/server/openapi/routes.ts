import { Hono } from 'hono'
import { DeviceCommandRequest, DeviceIdQuery, DeviceSearchQuery, commandNameSchema } from '../../shared/contract/huawei-device'
import { huaweiDeviceText } from '../../shared/messages'
import type { AppEnv } from '../context'
import { ok, parseBody, parseQuery } from '../http/envelope'
import { ApiError } from '../http/errors'
import { huaweiArea, miArea, type DeviceArea } from '../modules/huawei-device/routes'
import { DeviceService } from '../modules/huawei-device/service'
import { QuotaAccountService } from '../modules/quota/account-service'
import { openAuthority, signedRequest } from './auth'

export const OPEN_API_BASE = '/openapi/v1'

/** Device search, detail and commands of one area, through the console's own DeviceService and scope. */
function openDeviceRoutes(area: DeviceArea) {
  const service = (c: { var: AppEnv['Variables'] }) => new DeviceService(c.var.services, area.platform)
  return new Hono<AppEnv>()
    .get('/device/search', openAuthority(area.authority.device), async (c) => {
      const query = parseQuery(c, DeviceSearchQuery)
      return ok(c, await service(c).search(c.var.user, query))
    })
    .get('/device/detail', openAuthority(area.authority.device), async (c) =>
      ok(c, await service(c).detail(c.var.user, parseQuery(c, DeviceIdQuery).deviceId)),
    )
    .post('/device/command/:name', openAuthority(area.authority.command), async (c) => {
      const name = commandNameSchema.safeParse(c.req.param('name'))
      if (!name.success) throw ApiError.notFound(huaweiDeviceText.commandUnknown(c.req.param('name')))
      const { deviceId, secondaryPassword } = await parseBody(c, DeviceCommandRequest)
      return ok(c, await service(c).command(c.var.user, deviceId, name.data, secondaryPassword), huaweiDeviceText.commandSuccess[name.data])
    })
}

/** The open API for access keys (ARCHITECTURE: src/server/openapi): every route is signed, then scoped like the console. */
export const openApiRoutes = new Hono<AppEnv>()
  .use('*', signedRequest)
  .get('/company/info', async (c) => {
    const u = c.var.user
    return ok(c, { companyId: u.companyId, companyName: u.companyName, username: u.username, quota: await new QuotaAccountService(c.var.services.db, u).own() })
  })
  .route('/huawei', openDeviceRoutes(huaweiArea))
  .route('/mi', openDeviceRoutes(miArea))

