import { myDeviceCommandNames, myDeviceEndpoints, type MyDeviceCommandName } from '../../../shared/contract/my-device'
import type { RequestContext } from '../../context'
import { routesOf, type HandlersOf } from '../../http/endpoints'

const command = (name: MyDeviceCommandName) => (ctx: RequestContext, req: { deviceId: number; [key: string]: unknown }) => {
  const { deviceId, ...params } = req
  return ctx.services.myDevices.queue(ctx.user, deviceId, name, params)
}

/** The Apple 'my device' endpoints issue #12 builds: the enrollment profile and the catalogue's commands. */
export const myDeviceRoutes = routesOf(myDeviceEndpoints, {
  enrollmentProfile: async (ctx) => ({
    bytes: new TextEncoder().encode(await ctx.services.myDevices.enrollmentProfile(ctx.user)),
    fileName: 'enroll.mobileconfig',
    contentType: 'application/x-apple-aspen-config',
  }),
  command: Object.fromEntries(myDeviceCommandNames.map((name) => [name, command(name)])) as HandlersOf<typeof myDeviceEndpoints>['command'],
})
