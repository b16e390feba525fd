import type { AgentCommand } from '../../../shared/contract/agent'
import { deviceEndpoints, type DeviceEndpoints } from '../../../shared/contract/huawei-device'
import type { HuaweiTypePlatform } from '../../../shared/domain/device-areas'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import type { RequestContext } from '../../context'
import { routesOf, type HandlersOf } from '../../http/endpoints'
import { XLSX_CONTENT_TYPE } from '../../http/xlsx'
import { agentCommands } from '../../../shared/contract/agent'

const done = () => null

/**
 * The handlers of one Huawei-type device area (SPEC §7, Huawei base). The console's table entries and the open
 * API's (src/server/openapi/routes.ts) both use these, so a command behaves the same whichever way it comes in.
 */
export function deviceHandlers(platform: HuaweiTypePlatform): HandlersOf<DeviceEndpoints> {
  const service = (ctx: RequestContext) => ctx.services.devices[platform]
  const command = (name: AgentCommand) => (ctx: RequestContext, req: { deviceId: number; secondaryPassword?: string }) =>
    service(ctx).command(ctx.user, req.deviceId, name, req.secondaryPassword)
  return {
    search: (ctx, q) => service(ctx).search(ctx.user, q),
    detail: (ctx, q) => service(ctx).detail(ctx.user, q.deviceId),
    add: (ctx, req) => service(ctx).add(ctx.user, req),
    updateRentUserInfo: (ctx, req) => service(ctx).updateRentUserInfo(ctx.user, req).then(done),
    putInRecycle: (ctx, req) => service(ctx).setRecycled(ctx.user, req.deviceId, true).then(done),
    takeOutRecycle: (ctx, req) => service(ctx).setRecycled(ctx.user, req.deviceId, false).then(done),
    moveTargets: (ctx) => service(ctx).moveTargets(ctx.user),
    move: (ctx, req) => service(ctx).move(ctx.user, req).then(done),
    taskSearch: (ctx, q) => service(ctx).taskSearch(ctx.user, q),
    export: async (ctx, q) => ({ bytes: await service(ctx).export(ctx.user, q), fileName: t.exportFileName, contentType: XLSX_CONTENT_TYPE }),
    enrollmentToken: async (ctx) => ({ token: await ctx.services.agent.issueEnrollmentTokenFor(ctx.user, platform), platform }),
    command: Object.fromEntries(agentCommands.map((name) => [name, command(name)])) as HandlersOf<DeviceEndpoints>['command'],
  }
}

export const huaweiDeviceRoutes = routesOf(deviceEndpoints('HUAWEI'), deviceHandlers('HUAWEI'))
export const miDeviceRoutes = routesOf(deviceEndpoints('MI'), deviceHandlers('MI'))
