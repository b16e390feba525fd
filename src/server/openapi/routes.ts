import { openApiEndpoints } from '../../shared/contract/huawei-device'
import { routesOf } from '../http/endpoints'
import { deviceHandlers } from '../modules/huawei-device/routes'

/** The open API's device handlers are the console's own (same service, scope and authorities), under other paths. */
function openDeviceHandlers(platform: 'HUAWEI' | 'MI') {
  const console = deviceHandlers(platform)
  return { search: console.search, detail: console.detail, command: console.command }
}

/** The open API for access keys (ARCHITECTURE: src/server/openapi): every route is signed, then scoped like the console. */
export const openApiRoutes = routesOf(openApiEndpoints, {
  companyInfo: async (ctx) => {
    const u = ctx.user
    return { companyId: u.companyId, companyName: u.companyName, username: u.username, quota: await ctx.services.quotaAccounts.own(u) }
  },
  huawei: openDeviceHandlers('HUAWEI'),
  mi: openDeviceHandlers('MI'),
})
