import { fleetEndpoints } from '../../../shared/contract/fleet'
import { routesOf } from '../../http/endpoints'

const areaRoutes = (platform: keyof typeof fleetEndpoints) =>
  routesOf(fleetEndpoints[platform], {
    command: async (ctx, req) => {
      const { batchId, total } = await ctx.services.fleet.command(ctx.user, platform, req)
      return { batchId, total }
    },
    status: (ctx, q) => ctx.services.fleet.status(ctx.user, platform, q),
  })

/** Issue #44: fleet-wide commands of each device area (Apple on the main base, Huawei / Mi on theirs). */
export const fleetRoutes = [...areaRoutes('IOS'), ...areaRoutes('HUAWEI'), ...areaRoutes('MI')]
