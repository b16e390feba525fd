import { myDeviceEndpoints } from '../../../shared/contract/my-device'
import { myDeviceCommandNames, type MyDeviceCommandName } from '../../../shared/domain/ios-commands'
import { myDeviceExtraEndpoints } from '../../../shared/contract/my-device-extras'
import { huaweiDeviceText } from '../../../shared/messages/devices'
import type { RequestContext } from '../../context'
import { routesOf, type HandlersOf } from '../../http/endpoints'
import { XLSX_CONTENT_TYPE } from '../../http/xlsx'

type Handlers = HandlersOf<typeof myDeviceEndpoints>
const done = () => null

/** A .mobileconfig as iOS opens it (Settings offers to install it). */
const profileFile = (profile: string) => ({ bytes: new TextEncoder().encode(profile), fileName: 'enroll.mobileconfig', contentType: 'application/x-apple-aspen-config' })

/** A command's request: its device, the secondary password, and the rest its parameters. */
const command = (name: MyDeviceCommandName) => (ctx: RequestContext, req: { deviceId: number; secondaryPassword?: string }) => {
  const { deviceId, secondaryPassword, ...params } = req
  return ctx.services.myDevices.queue(ctx.user, deviceId, name, params, secondaryPassword)
}

const commands = Object.fromEntries(myDeviceCommandNames.map((name) => [name, command(name)])) as Omit<Handlers['command'], 'showActivationLockPassword'>

/** The Apple 'my device' endpoints (SPEC §7, main base): the shared device registry's and Apple's own. */
export const myDeviceRoutes = routesOf(myDeviceEndpoints, {
  search: (ctx, q) => ctx.services.iosDevices.search(ctx.user, q),
  detail: (ctx, q) => ctx.services.iosDevices.detail(ctx.user, q.deviceId),
  listApp: (ctx, q) => ctx.services.iosDevices.listApp(ctx.user, q.deviceId),
  export: async (ctx, q) => ({ bytes: await ctx.services.iosDevices.export(ctx.user, q), fileName: huaweiDeviceText.exportFileName, contentType: XLSX_CONTENT_TYPE }),
  add: (ctx, req) => ctx.services.iosDevices.add(ctx.user, req),
  register: (ctx, req) => ctx.services.iosDevices.register(ctx.user, req),
  updateRentUserInfo: (ctx, req) => ctx.services.iosDevices.updateRentUserInfo(ctx.user, req).then(done),
  updateAppleDeviceInfo: (ctx, req) => ctx.services.iosDevices.updateAppleDeviceInfo(ctx.user, req).then(done),
  putInRecycle: (ctx, req) => ctx.services.iosDevices.setRecycled(ctx.user, req.deviceId, true).then(done),
  takeOutRecycle: (ctx, req) => ctx.services.iosDevices.setRecycled(ctx.user, req.deviceId, false).then(done),
  enrollmentProfile: async (ctx) => profileFile(await ctx.services.myDevices.enrollmentProfile(ctx.user)),
  command: {
    ...commands,
    showActivationLockPassword: (ctx, req) => ctx.services.myDevices.activationLockPassword(ctx.user, req.deviceId, req.secondaryPassword),
  },
})

/** The detail's task log and the one-time enrollment link (contract/my-device-extras.ts). */
export const myDeviceExtraRoutes = routesOf(myDeviceExtraEndpoints, {
  taskSearch: (ctx, q) => ctx.services.iosDevices.taskSearch(ctx.user, q),
  enrollmentLink: (ctx) => ctx.services.enrollmentLinks.issue(ctx.user),
  enrollmentByTicket: async (ctx, q) => profileFile(await ctx.services.enrollmentLinks.redeem(q.ticket)),
})
